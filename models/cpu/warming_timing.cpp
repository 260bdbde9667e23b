#include "warming_timing.h"

#include "run_loop.h"
#include "sparc_core.h"

namespace fireplane::sparc {

// The core's run loop with warming's retire() called directly, where the
// compiler can inline it: warming runs most of a sampled run's instructions.
uint64_t SparcCore::run_warming(uint64_t budget, uint64_t cycle_limit) {
    return run_loop<false, true, false, WarmingTiming>(budget, cycle_limit);
}

} // namespace fireplane::sparc
