#pragma once
// The retirement of a block that ran ahead of its timing model
// (SparcCore::block_ahead), in a header of its own so that each timed model's
// run loop (run_loop.h) calls its retire() directly, and inline.
#include "sparc_core.h"

namespace fireplane::sparc {

template <typename Timing>
bool SparcCore::replay_block(Timing& timing, uint64_t end, uint64_t cycle_limit) {
    BlockReplay& r = replay_;
    Insn insn{};
    bool go_on = true;
    while (r.next < r.count && instructions < end) {
        const unsigned i = r.next++;
        const unsigned count = take_logged_accesses(r.access, r.logged, i);
        const uint64_t at = r.entry + 4 * uint64_t(i);
        set_pc_after(at, i, r.count, r.left_pc, r.left_npc);
        insn.raw = r.words[i];
        ++instructions;
        cycles_ += timing.retire(
            *this, {insn, at, r.entry_pa + 4 * uint64_t(i), cycles_, accesses_, count}, r.infos[i]);
        cycles_at_ = instructions;
        if (stop_ || cycles_ >= cycle_limit) {
            go_on = false;
            break;
        }
    }
    access_count_ = 0;
    pc = r.left_pc, npc = r.left_npc;
    return go_on;
}

} // namespace fireplane::sparc
