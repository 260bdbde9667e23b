// The core's state in a checkpoint: registers, trap stack, counters, timers
// and the clock. Host-side caches (the software TLB, decoded code, the page
// the run loop is on) are not state: they are dropped and refill.
#include "cpu_timers.h"
#include "perf_counters.h"
#include "sparc_core.h"

namespace fireplane::sparc {

void PerfCounters::checkpoint(StateIo& io) {
    io(banks_, privileged_, mode_start_.instructions, mode_start_.cycles, pcr_, pic_base_,
       pic_origin_, wraps_seen_, next_wrap_);
    if (io.restoring()) {
        bank_ = banks_[privileged_].data();
        select();
    }
}

void CpuTimers::checkpoint(StateIo& io) {
    io(tick_offset_, stick_offset_, stick_hz_, clock_hz_, tick_npt_, stick_npt_, tick_cmpr_,
       stick_cmpr_, tick_at_, stick_at_);
}

void SparcCore::checkpoint(StateIo& io) {
    if (io.saving()) {
        if (chain_length_ != chain_budget_ || replay_pending())
            io.fail("the core was saved in the middle of a run (a model bug)");
        read_fsr(); // the last FPop's exceptions, folded in: no host record to save
    }
    io(r, windows, pc, npc, ccr, y, asi, fprs, f, fsr, gsr);
    io(cwp, cansave, canrestore, otherwin, cleanwin, wstate, pstate, tl, pil, tba, softint);
    for (TrapLevelState& t : trap_stack)
        io(t.tpc, t.tnpc, t.tstate, t.tt);
    io(global_sets, dispatch_control, pic_overflow_interrupts);
    counters.checkpoint(io);
    timers.checkpoint(io);
    cpi.checkpoint(io);
    io(instructions, traps_taken, pic_overflows, prefetches_dropped, interrupts_taken);
    io(fault_address, error_state_tt, cycles_, cycles_at_, halted_, exit_code_);
    io(interrupt_vector_pending_, reset_pending_, mem_fault_tt_);
    if (io.saving()) return;
    fp_pending_ = false;
    fp_exact_ = ((fsr >> 23) & 0x1f) != 0;
    deferred_ = false;
    stop_ = false;
    access_count_ = 0;
    regime_ = (tl > 0 ? 1u : 0u) | ((pstate & kPstatePriv) ? 2u : 0u);
    flush_code();
    translation_changed();
    update_interrupts();
}

} // namespace fireplane::sparc
