// Compiled blocks ahead of a timed model's retirement (SparcCore::block_ahead,
// and replay_block in block_replay.h).
#include "block_replay.h"

#include <utility>

namespace fireplane::sparc {

uint64_t SparcCore::block_ahead(uint64_t budget) {
    // User mode only, with no timer event due: the interpreter would stop
    // for one between the block's instructions.
    if (!trap_handler_ || event_cycle_ != CpuTimers::kNever) return 0;
    uint64_t length = budget; // block_at_pc's advice to the interpreter: one instruction anyway
    const CompiledBlock* block = block_at_pc(length);
    // Room for the trap an instruction after the block may raise: the run
    // loop takes it before its budget ends, as the interpreter would.
    if (!block || !block->words || block->max >= budget) return 0;

    BlockReplay& r = replay_;
    r.words = block->words;
    r.infos = block->infos;
    ahead_ = true;
    run_logged_block(*block, r.block);
    ahead_ = false;
    r.access = block_log_;
    r.next = 0;
    r.count = unsigned(r.block.done & ~kBlockTrapped);
    r.trapped = r.block.done & kBlockTrapped;
    if (io_refused_) { // the interpreter makes the access after the block's instructions
        io_refused_ = false;
        r.trapped = false;
        fault_address = refused_.fault_address;
        mem_fault_tt_ = refused_.fault_tt;
        pending_trap_ = refused_.trap;
    }
    timed_block_instructions += r.count;
    if (r.count == 0) {
        const bool trapped = std::exchange(r.trapped, false);
        return trapped ? kBlockTrapped : 0;
    }
    return r.count;
}

} // namespace fireplane::sparc
