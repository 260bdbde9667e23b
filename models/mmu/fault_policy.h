#pragma once
// Which MMU registers each trap updates (JPS1 Commonality table F-2, "MMU
// trap types, causes, and stored state register update policy"), one row per
// trap type.
#include "mmu_types.h"

namespace fireplane::mmu {

struct FaultPolicy {
    uint16_t trap;
    const char* name;
    Side side;       // whose SFSR and tag access
    bool fault;      // SFSR.FV set (OW if it was set); else status only while FV is clear
    bool miss;       // SFSR.TM
    bool sfar;       // D-SFAR takes the VA
    bool tag_access; // tag access (D side: and tag access extension) take VA | context
};

// nullptr for a trap the MMU does not record.
const FaultPolicy* find_fault_policy(uint16_t trap);

} // namespace fireplane::mmu
