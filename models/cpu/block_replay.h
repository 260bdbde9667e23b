#pragma once
// The retirement of a block that ran ahead of its timing model
// (SparcCore::block_ahead), in a header of its own so that each timed model's
// run loop (run_loop.h) calls its retire() directly, and inline.
#include "sparc_core.h"

namespace fireplane::sparc {

inline void SparcCore::run_logged_block(const CompiledBlock& block, LoggedBlock& b) {
    b.entry = pc;
    b.entry_pa = current_page_->pa | (pc & kPageMask);
    block_log_next_ = block_log_;
    chain_cut_ = false;
    b.done = block.fn(this);
    chain_length_ = chain_budget_ = 0;
    b.logged = block_log_next_;
    block_log_next_ = nullptr;
    // (Read apart: one 16-byte load of the two, just stored by the block,
    // stalls the host's store forwarding.)
    b.left_pc = __atomic_load_n(&pc, __ATOMIC_RELAXED);
    b.left_npc = __atomic_load_n(&npc, __ATOMIC_RELAXED);
}

template <typename Timing>
bool SparcCore::replay_block(Timing& timing, uint64_t end, uint64_t cycle_limit) {
    BlockReplay& r = replay_;
    const LoggedBlock& b = r.block;
    Insn insn{};
    bool go_on = true;
    while (r.next < r.count && instructions < end) {
        const unsigned i = r.next++;
        const unsigned count = take_logged_accesses(r.access, b.logged, i);
        const uint64_t at = b.entry + 4 * uint64_t(i);
        const InstructionInfo& info = r.infos[i];
        // Only a transfer's retirement reads PC and nPC (where it went); the
        // run leaves them where the block did.
        if (info.transfer != TransferKind::None)
            set_pc_after(at, i, r.count, b.left_pc, b.left_npc);
        insn.raw = r.words[i];
        ++instructions;
        cycles_ += timing.retire(
            *this, {insn, at, b.entry_pa + 4 * uint64_t(i), cycles_, accesses_, count}, info);
        cycles_at_ = instructions;
        if (stop_ || cycles_ >= cycle_limit) {
            go_on = false;
            break;
        }
    }
    access_count_ = 0;
    pc = b.left_pc, npc = b.left_npc;
    return go_on;
}

} // namespace fireplane::sparc
