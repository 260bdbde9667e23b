#include "traps.h"

#include <iterator>

namespace fireplane::sparc {

namespace {
struct TrapName {
    unsigned tt;
    const char* name;
};
constexpr TrapName kTrapNames[] = {
    {0x001, "power_on_reset"},
    {0x002, "watchdog_reset"},
    {0x003, "externally_initiated_reset"},
    {0x004, "software_initiated_reset"},
    {0x005, "RED_state_exception"},
    {kTrapInstructionAccessException, "instruction_access_exception"},
    {kTrapInstructionAccessError, "instruction_access_error"},
    {kTrapIllegalInstruction, "illegal_instruction"},
    {kTrapPrivilegedOpcode, "privileged_opcode"},
    {kTrapFpDisabled, "fp_disabled"},
    {kTrapFpExceptionIeee754, "fp_exception_ieee_754"},
    {kTrapFpExceptionOther, "fp_exception_other"},
    {kTrapTagOverflow, "tag_overflow"},
    {kTrapCleanWindow, "clean_window"},
    {kTrapDivisionByZero, "division_by_zero"},
    {kTrapDataAccessException, "data_access_exception"},
    {kTrapDataAccessError, "data_access_error"},
    {kTrapMemAddressNotAligned, "mem_address_not_aligned"},
    {kTrapLddfMemAddressNotAligned, "LDDF_mem_address_not_aligned"},
    {kTrapStdfMemAddressNotAligned, "STDF_mem_address_not_aligned"},
    {kTrapPrivilegedAction, "privileged_action"},
    {kTrapInterruptVector, "interrupt_vector"},
    {kTrapPaWatchpoint, "PA_watchpoint"},
    {kTrapVaWatchpoint, "VA_watchpoint"},
    {kTrapFastInstructionAccessMmuMiss, "fast_instruction_access_MMU_miss"},
    {kTrapFastDataAccessMmuMiss, "fast_data_access_MMU_miss"},
    {kTrapFastDataAccessProtection, "fast_data_access_protection"},
};
} // namespace

const char* trap_name(unsigned tt) {
    for (const auto& t : kTrapNames)
        if (t.tt == tt) return t.name;
    if (tt > kTrapInterruptLevel0 && tt < kTrapInterruptLevel0 + 16) return "interrupt_level_n";
    if (tt >= 0x080 && tt < 0x0a0) return "spill_normal";
    if (tt >= 0x0a0 && tt < 0x0c0) return "spill_other";
    if (tt >= 0x0c0 && tt < 0x0e0) return "fill_normal";
    if (tt >= 0x0e0 && tt < 0x100) return "fill_other";
    if (tt >= 0x100 && tt < 0x180) return "trap_instruction";
    return "reserved";
}

} // namespace fireplane::sparc
