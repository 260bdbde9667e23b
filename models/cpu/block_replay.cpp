// Compiled blocks ahead of a timed model's retirement (SparcCore::block_ahead,
// and replay_block in block_replay.h).
#include "sparc_core.h"

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
    r.entry = pc;
    r.entry_pa = current_page_->pa | (pc & kPageMask);
    // A refused device access must leave no trace of its trap.
    const uint64_t fault_address_was = fault_address;
    const uint16_t fault_tt_was = mem_fault_tt_, trap_was = pending_trap_;
    block_log_next_ = block_log_;
    chain_cut_ = false;
    ahead_ = true;
    const uint64_t done = block->fn(this);
    ahead_ = false;
    chain_length_ = chain_budget_ = 0;
    r.access = block_log_;
    r.logged = block_log_next_;
    block_log_next_ = nullptr;
    // (Read apart: one 16-byte load of the two, just stored by the block,
    // stalls the host's store forwarding.)
    r.left_pc = __atomic_load_n(&pc, __ATOMIC_RELAXED);
    r.left_npc = __atomic_load_n(&npc, __ATOMIC_RELAXED);
    r.next = 0;
    r.count = unsigned(done & ~kBlockTrapped);
    r.trapped = done & kBlockTrapped;
    if (io_refused_) { // the interpreter makes the access after the block's instructions
        io_refused_ = false;
        r.trapped = false;
        fault_address = fault_address_was;
        mem_fault_tt_ = fault_tt_was;
        pending_trap_ = trap_was;
    }
    timed_block_instructions += r.count;
    if (r.count == 0) {
        const bool trapped = std::exchange(r.trapped, false);
        return trapped ? kBlockTrapped : 0;
    }
    return r.count;
}

} // namespace fireplane::sparc
