#include "cpu_registers.h"

namespace fireplane::sparc {

namespace {

// Fireplane configuration register: the agent ID (AID) in bits 26:17, as
// Linux's __GET_CPUID reads it; software cannot change it.
constexpr unsigned kAidShift = 17;
constexpr uint64_t kAidMask = uint64_t(0x3ff) << kAidShift;

const CpuRegister kRegisters[] = {
    {0x45, 0x0, "dcu_control", [](const CpuRegisterState& s) { return s.dcu_control; },
     [](CpuRegisterState& s, uint64_t v) { s.dcu_control = v; }},
    {0x4a, 0x0, "fireplane_config",
     [](const CpuRegisterState& s) {
         return (s.fireplane_config & ~kAidMask) | (uint64_t(s.agent_id) << kAidShift);
     },
     [](CpuRegisterState& s, uint64_t v) { s.fireplane_config = v & ~kAidMask; }},
    {0x4a, 0x8, "fireplane_config_2", [](const CpuRegisterState& s) { return s.fireplane_config2; },
     [](CpuRegisterState& s, uint64_t v) { s.fireplane_config2 = v; }},
};

} // namespace

const CpuRegister* find_cpu_register(unsigned asi, uint64_t va) {
    for (const CpuRegister& r : kRegisters)
        if (r.asi == asi && r.va == va) return &r;
    return nullptr;
}

} // namespace fireplane::sparc
