#pragma once
// What the CPU hands the MMU for one access and what it gets back, the trap
// types the MMU raises, and the fields of the synchronous fault status register.
#include <cstdint>

namespace fireplane::mmu {

enum class Side : uint8_t { Instruction, Data };
enum class AccessKind : uint8_t { Read, Write, Fetch };
// Which context register names the access's context (the CT field of SFSR and
// of the demap address uses the same numbers).
enum class ContextSel : uint8_t { Primary = 0, Secondary = 1, Nucleus = 2 };

// Trap types (SPARC V9 / JPS1 numbering).
enum MmuTrap : uint16_t {
    kNoTrap = 0,
    kTrapInstructionAccessException = 0x008,
    kTrapDataAccessException = 0x030,
    kTrapMemAddressNotAligned = 0x034,
    kTrapLddfMemAddressNotAligned = 0x035,
    kTrapStdfMemAddressNotAligned = 0x036,
    kTrapPrivilegedAction = 0x037,
    kTrapPaWatchpoint = 0x061,
    kTrapVaWatchpoint = 0x062,
    kTrapFastInstructionAccessMmuMiss = 0x064,
    kTrapFastDataAccessMmuMiss = 0x068,
    kTrapFastDataAccessProtection = 0x06c,
};

// One access as the CPU sees it. `privileged` is PSTATE.PRIV, cleared for the
// as-if-user ASIs; `asi` is the ASI of the access (ASI_P/ASI_N for implicit
// ones), recorded in SFSR. Instruction fetches use Primary at TL = 0 and
// Nucleus at TL > 0.
struct MmuRequest {
    uint64_t va = 0;
    AccessKind kind = AccessKind::Read;
    ContextSel context = ContextSel::Primary;
    bool privileged = false;
    uint8_t asi = 0x80;
    bool no_fault = false; // ASI_*_NO_FAULT loads
    bool atomic = false;   // LDSTUB, SWAP, CASA: need a physically cacheable page
};

// The result of translate(): a hit with the page's attributes, or the trap to
// raise (MMU state already updated as the hardware does).
struct Translation {
    uint16_t trap = kNoTrap;
    uint64_t pa = 0;
    uint8_t page_shift = 13;          // 13, 16, 19 or 22
    bool cacheable = false;           // CP
    bool virtually_cacheable = false; // CV
    bool side_effect = false;         // E
    bool invert_endian = false;       // IE (D-MMU only)
    bool no_fault_only = false;       // NFO (D-MMU only)
    bool writable = false;            // W: the CPU may cache a read-only mapping for reads only
    bool ok() const { return trap == kNoTrap; }
};

// Synchronous fault status register (I-SFSR, D-SFSR).
namespace sfsr {
constexpr uint64_t kFv = 1ull << 0;  // fault valid
constexpr uint64_t kOw = 1ull << 1;  // overwritten: FV was still set
constexpr uint64_t kW = 1ull << 2;   // the access was a write
constexpr uint64_t kPr = 1ull << 3;  // privileged
constexpr unsigned kCtShift = 4;     // 2-bit context selector
constexpr uint64_t kE = 1ull << 6;   // side-effect page
constexpr unsigned kFtShift = 7;     // 7-bit fault type
constexpr uint64_t kTm = 1ull << 15; // TLB miss
constexpr unsigned kAsiShift = 16;
constexpr uint64_t kNf = 1ull << 24; // non-faulting load
constexpr uint64_t kWriteMask = 0x01ffbfffull;
} // namespace sfsr

// SFSR.FT bits (several may be set together).
namespace ft {
constexpr uint8_t kPrivilege = 0x01;    // user access to a privileged page
constexpr uint8_t kSideEffectNf = 0x02; // non-faulting load to a side-effect page
constexpr uint8_t kAtomicNc = 0x04;     // atomic to a page not cacheable
constexpr uint8_t kIllegalAsi = 0x08;   // bad ASI, VA or direction for an ASI
constexpr uint8_t kNfo = 0x10;          // normal access to a no-fault-only page
constexpr uint8_t kVaRange = 0x20;      // VA out of range
constexpr uint8_t kVaRangeJmpl = 0x40;  // JMPL/RETURN target out of range
} // namespace ft

} // namespace fireplane::mmu
