// What a CPU's request to its cache hierarchy carries beyond the generic
// payload (whose address is the physical address and whose data pointer is
// null: the ISS has already moved the data): the kind of access, the virtual
// address for the virtually indexed D$, the PREFETCH function, and on the way
// back the cycle the access completed and what stalled it.
#pragma once

#include "hierarchy_timing.h"

#include <tlm>

namespace fireplane::cache {

class CpuRequestExtension : public tlm::tlm_extension<CpuRequestExtension> {
public:
    RequestKind kind = RequestKind::Load;
    uint64_t va = 0;
    uint8_t prefetch_fcn = 0;
    // The CPU cycle the request is made at: the annotated delay in CPU cycles,
    // carried so the hierarchy need not divide times by the clock period.
    uint64_t cycle = 0;
    // Filled in by the hierarchy.
    uint64_t ready = 0; // CPU cycle the access completed
    StallCause cause = StallCause::None;

    tlm_extension_base* clone() const override { return new CpuRequestExtension(*this); }
    void copy_from(const tlm_extension_base& other) override {
        *this = static_cast<const CpuRequestExtension&>(other);
    }
};

} // namespace fireplane::cache
