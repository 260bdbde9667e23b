#include "warming_timing.h"

#include "run_loop.h"
#include "sparc_core.h"

namespace fireplane::sparc {

// The core's run loop with warming's retire() called directly, where the
// compiler can inline it: warming runs most of a sampled run's instructions.
uint64_t SparcCore::run_warming(uint64_t budget, uint64_t cycle_limit) {
    return run_loop<false, true, false, WarmingTiming>(budget, cycle_limit);
}

uint64_t SparcCore::warm_block(WarmingTiming& timing, uint64_t budget, uint64_t cycle_limit) {
    // User mode only: in firmware a device access in the block would see the
    // clock of the block's start.
    if (!trap_handler_) return 0;
    uint64_t length = budget; // block_at_pc's advice to the interpreter: one instruction anyway
    const CompiledBlock* block = block_at_pc(length);
    if (!block || !block->words || block->max > budget) return 0;
    // The interpreter looks at the clock after each instruction: the block
    // must end before it would have stopped there for an event or the quantum.
    const uint64_t stop_at = std::min(event_cycle_, cycle_limit);
    if (cycles_ + timing.cycles_bound(pc, block->max - 1) >= stop_at) return 0;

    const uint32_t* const words = block->words; // the block may drop the page's blocks
    LoggedBlock b;
    run_logged_block(*block, b);

    // Its instructions retire as in the run loop, each seeing PC and nPC as
    // they were after it (set_pc_after).
    const uint64_t n = b.done & ~kBlockTrapped;
    warming_block_instructions += n;
    const BlockAccess* a = block_log_;
    Insn insn{};
    for (uint64_t i = 0; i < n; ++i) {
        const unsigned count = take_logged_accesses(a, b.logged, i);
        const uint64_t at = b.entry + 4 * i, at_pa = b.entry_pa + 4 * i;
        uint64_t waited = 0; // most instructions leave nothing: only their pace counts
        if (!timing.warms_nothing(words[i], at_pa, count)) {
            set_pc_after(at, i, n, b.left_pc, b.left_npc);
            insn.raw = words[i];
            waited = timing.warm(*this, {insn, at, at_pa, cycles_, accesses_, count});
        }
        cycles_ += WarmingTiming::charge(timing.pace(at), waited);
    }
    instructions += n;
    cycles_at_ = instructions;
    pc = b.left_pc, npc = b.left_npc;
    return b.done;
}

} // namespace fireplane::sparc
