#include "fixed_timing.h"

namespace fireplane::sparc {

uint64_t FixedTiming::retire(SparcCore&, const RetiredInstruction& insn) {
    bool read = false, write = false;
    for (unsigned i = 0; i < insn.access_count; ++i) {
        const cache::RequestKind k = insn.accesses[i].kind;
        if (k == cache::RequestKind::Prefetch || k == cache::RequestKind::Barrier) continue;
        (insn.accesses[i].writes() ? write : read) = true;
    }
    if (read && write) return config_.atomic_cycles;
    if (read) return config_.load_cycles;
    if (write) return config_.store_cycles;
    return 1;
}

} // namespace fireplane::sparc
