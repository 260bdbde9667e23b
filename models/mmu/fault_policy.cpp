#include "fault_policy.h"

namespace fireplane::mmu {

namespace {
// Misses record their status only while no fault is pending (FV clear), so a
// miss taken inside a fault handler does not destroy the status it has yet to
// read; see README, "Doubtful facts".
// clang-format off
constexpr FaultPolicy kPolicies[] = {
//   trap                                name                                side               fault  miss   sfar   tag access
    {kTrapFastInstructionAccessMmuMiss,  "fast_instruction_access_MMU_miss", Side::Instruction, false, true,  false, true},
    {kTrapInstructionAccessException,    "instruction_access_exception",     Side::Instruction, true,  false, false, true},
    {kTrapFastDataAccessMmuMiss,         "fast_data_access_MMU_miss",        Side::Data,        false, true,  true,  true},
    {kTrapDataAccessException,           "data_access_exception",            Side::Data,        true,  false, true,  true},
    {kTrapFastDataAccessProtection,      "fast_data_access_protection",      Side::Data,        true,  false, true,  true},
    {kTrapPrivilegedAction,              "privileged_action",                Side::Data,        true,  false, true,  false},
    {kTrapPaWatchpoint,                  "PA_watchpoint",                    Side::Data,        true,  false, true,  false},
    {kTrapVaWatchpoint,                  "VA_watchpoint",                    Side::Data,        true,  false, true,  false},
    {kTrapMemAddressNotAligned,          "mem_address_not_aligned",          Side::Data,        true,  false, true,  false},
    {kTrapLddfMemAddressNotAligned,      "LDDF_mem_address_not_aligned",     Side::Data,        true,  false, true,  false},
    {kTrapStdfMemAddressNotAligned,      "STDF_mem_address_not_aligned",     Side::Data,        true,  false, true,  false},
};
// clang-format on
} // namespace

const FaultPolicy* find_fault_policy(uint16_t trap) {
    for (const FaultPolicy& p : kPolicies)
        if (p.trap == trap) return &p;
    return nullptr;
}

} // namespace fireplane::mmu
