#include "fixed_timing.h"

#include "run_loop.h"
#include "sparc_core.h"

#include <algorithm>

namespace fireplane::sparc {

uint64_t FixedTiming::retire(SparcCore& core, const RetiredInstruction& insn) {
    measure(insn, core.cpi[CpiCause::Idle]);
    bool read = false, write = false;
    for (unsigned i = 0; i < insn.access_count; ++i) {
        const cache::RequestKind k = insn.accesses[i].kind;
        if (k == cache::RequestKind::Prefetch || k == cache::RequestKind::Barrier) continue;
        (insn.accesses[i].writes() ? write : read) = true;
    }
    const uint64_t cycles = read && write ? config_.atomic_cycles
                            : read        ? config_.load_cycles
                            : write       ? config_.store_cycles
                                          : 1;
    core.cpi.add(CpiCause::Base, std::min<uint64_t>(cycles, 1));
    core.cpi.add(CpiCause::MemoryFixed, cycles - std::min<uint64_t>(cycles, 1));
    return cycles;
}

// The core's run loop with this model's retire() called directly, where the
// compiler can inline it.
[[gnu::flatten]] uint64_t SparcCore::run_fixed(uint64_t budget, uint64_t cycle_limit) {
    return run_loop<false, true, false, FixedTiming>(budget, cycle_limit);
}

} // namespace fireplane::sparc
