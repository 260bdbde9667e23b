#pragma once
// SPARC V9 trap types (TT values) used by the ISS, from one table.
#include <cstdint>

namespace fireplane::sparc {

enum TrapType : uint16_t {
    kTrapInstructionAccessException = 0x008,
    kTrapInstructionAccessError = 0x00a,
    kTrapIllegalInstruction = 0x010,
    kTrapPrivilegedOpcode = 0x011,
    kTrapFpDisabled = 0x020,
    kTrapFpExceptionIeee754 = 0x021,
    kTrapFpExceptionOther = 0x022,
    kTrapTagOverflow = 0x023,
    kTrapCleanWindow = 0x024,
    kTrapDivisionByZero = 0x028,
    kTrapDataAccessException = 0x030,
    kTrapDataAccessError = 0x032,
    kTrapMemAddressNotAligned = 0x034,
    kTrapLddfMemAddressNotAligned = 0x035,
    kTrapStdfMemAddressNotAligned = 0x036,
    kTrapPrivilegedAction = 0x037,
    kTrapInterruptLevel0 = 0x040, // + level 1-15
    kTrapInterruptVector = 0x060,
    kTrapPaWatchpoint = 0x061,
    kTrapVaWatchpoint = 0x062,
    kTrapFastInstructionAccessMmuMiss = 0x064,
    kTrapFastDataAccessMmuMiss = 0x068,
    kTrapFastDataAccessProtection = 0x06c,
    kTrapSpill0Normal = 0x080, // + 4 * WSTATE.normal
    kTrapSpill0Other = 0x0a0,  // + 4 * WSTATE.other
    kTrapFill0Normal = 0x0c0,
    kTrapFill0Other = 0x0e0,
    kTrapInstruction = 0x100, // + software trap number (Tcc)
};

inline bool is_spill_trap(unsigned tt) {
    return tt >= 0x080 && tt < 0x0c0;
}
inline bool is_fill_trap(unsigned tt) {
    return tt >= 0x0c0 && tt < 0x100;
}
// The traps that run on the MMU globals (PSTATE.MG), with four slots each.
inline bool is_fast_mmu_trap(unsigned tt) {
    return tt >= kTrapFastInstructionAccessMmuMiss && tt < 0x070;
}

// Human-readable name of a trap type, for reports.
const char* trap_name(unsigned tt);

} // namespace fireplane::sparc
