#pragma once
// The sun4u TTE data word as the UltraSPARC III Cu TLBs hold it, the tag
// (tag access / tag read) layout, and the four page sizes.
#include <cstdint>

namespace fireplane::mmu::tte {

constexpr uint64_t kValid = 1ull << 63;
constexpr unsigned kSizeShift = 61; // 2 bits: 0 8K, 1 64K, 2 512K, 3 4M
constexpr uint64_t kNfo = 1ull << 60;
constexpr uint64_t kIe = 1ull << 59;
constexpr uint64_t kPaMask = 0x000007ffffffe000ull; // PA<42:13>
constexpr uint64_t kLock = 1ull << 6;
constexpr uint64_t kCp = 1ull << 5;
constexpr uint64_t kCv = 1ull << 4;
constexpr uint64_t kE = 1ull << 3;
constexpr uint64_t kP = 1ull << 2;
constexpr uint64_t kW = 1ull << 1;
constexpr uint64_t kG = 1ull << 0;

// Bits a TLB entry keeps: the soft fields (58:50, 12:7) and the reserved bits
// are not stored and read back as zero.
constexpr uint64_t kStoredMask =
    kValid | (3ull << kSizeShift) | kNfo | kIe | kPaMask | kLock | kCp | kCv | kE | kP | kW | kG;
// The I-MMU has no NFO or IE.
constexpr uint64_t kStoredMaskI = kStoredMask & ~(kNfo | kIe);

constexpr unsigned kNumPageSizes = 4;
constexpr uint64_t kPhysicalMask = (1ull << 43) - 1;

constexpr unsigned size_code(uint64_t data) {
    return unsigned(data >> kSizeShift) & 3;
}
// Page shift of a size code (also the 3-bit page-size fields of the context
// registers; codes above 3 are reserved on the III Cu).
constexpr unsigned page_shift(unsigned code) {
    return 13 + 3 * code;
}
constexpr uint64_t page_mask(unsigned code) {
    return (1ull << page_shift(code)) - 1;
}
constexpr bool valid(uint64_t data) {
    return data & kValid;
}
constexpr uint64_t physical_address(uint64_t data, uint64_t va) {
    const uint64_t mask = page_mask(size_code(data));
    return ((data & kPaMask) & ~mask) | (va & mask);
}

// Tag access / tag read: VA<63:13> | context<12:0>.
constexpr uint64_t kContextMask = 0x1fff;
constexpr uint64_t make_tag(uint64_t va, unsigned context) {
    return (va & ~kContextMask) | (context & kContextMask);
}
constexpr unsigned tag_context(uint64_t tag) {
    return unsigned(tag & kContextMask);
}
constexpr uint64_t tag_va(uint64_t tag) {
    return tag & ~kContextMask;
}

} // namespace fireplane::mmu::tte
