#pragma once
// TSB pointer formation of the UltraSPARC III Cu (JPS1 impl. dep. #228/#229
// as Cheetah implements them): the TSB base register XORed with the TSB
// extension register of the faulting context gives base, split and size; the
// extension's TSB_Hash (bits 11:3) is XORed into the entry index.
#include <cstdint>

namespace fireplane::mmu {

namespace tsb {
constexpr uint64_t kSizeMask = 0x7;        // TSB_Size<2:0>: 512 << N entries
constexpr uint64_t kSplit = 1ull << 12;    // separate 8K and 64K halves
constexpr uint64_t kHashMask = 0xff8;      // TSB_Hash<11:3> (extension registers)
constexpr uint64_t kBaseMask = ~0x1fffull; // TSB_Base<63:13>
constexpr uint64_t kRegisterWriteMask = kBaseMask | kSplit | kSizeMask;
} // namespace tsb

enum class TsbPage : uint8_t { Size8K, Size64K };

// Address of the 16-byte TSB entry for the VA in `tag_access`.
uint64_t tsb_pointer(uint64_t tsb_register, uint64_t tsb_extension, uint64_t tag_access,
                     TsbPage page);

} // namespace fireplane::mmu
