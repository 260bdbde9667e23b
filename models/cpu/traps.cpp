#include "traps.h"

#include <iterator>

namespace fireplane::sparc {

namespace {
struct TrapName {
    unsigned tt;
    const char* name;
};
constexpr TrapName kTrapNames[] = {
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
};
} // namespace

const char* trap_name(unsigned tt) {
    for (const auto& t : kTrapNames)
        if (t.tt == tt) return t.name;
    if (tt >= 0x080 && tt < 0x0a0) return "spill_normal";
    if (tt >= 0x0a0 && tt < 0x0c0) return "spill_other";
    if (tt >= 0x0c0 && tt < 0x0e0) return "fill_normal";
    if (tt >= 0x0e0 && tt < 0x100) return "fill_other";
    if (tt >= 0x100 && tt < 0x180) return "trap_instruction";
    return "reserved";
}

} // namespace fireplane::sparc
