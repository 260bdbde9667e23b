#pragma once
// The CPU's own registers behind internal ASIs (asi.h, kind Register),
// declared once each: the DCU control register (ASI 0x45) and the Fireplane
// configuration registers (ASI 0x4a). SparcCpu answers the core's
// asi_register() from this table, and from the MMU's and the interrupt
// unit's for their ASIs.
#include "memory_backend.h"

#include <cstdint>

namespace fireplane::sparc {

constexpr unsigned kAsiDcuControl = 0x45;
// Stores to it invalidate the D$ line of the physical address in VA<42:5>.
constexpr unsigned kAsiDcacheInvalidate = 0x42;

// DCU control register bits (UltraSPARC III Cu, "Data Cache Unit Control Register").
enum : uint64_t {
    kDcuIc = 1 << 0,                       // instruction cache on
    kDcuDc = 1 << 1,                       // data cache on
    kDcuIm = 1 << 2,                       // I-MMU on
    kDcuDm = 1 << 3,                       // D-MMU on
    kDcuWatchpoints = uint64_t(0xf) << 21, // VW, VR, PW, PR: the data watchpoints armed
};

struct CpuRegisterState {
    uint64_t dcu_control = 0;      // 0 at power-on and in RED_state: MMUs and caches off
    uint64_t fireplane_config = 0; // the writable fields; the agent ID is the CPU's own
    uint64_t fireplane_config2 = 0;
    unsigned agent_id = 0;
};

struct CpuRegister {
    uint8_t asi;
    uint64_t va;
    const char* name;
    uint64_t (*read)(const CpuRegisterState&);
    void (*write)(CpuRegisterState&, uint64_t);
};

// The register at (asi, va), or null.
const CpuRegister* find_cpu_register(unsigned asi, uint64_t va);

} // namespace fireplane::sparc
