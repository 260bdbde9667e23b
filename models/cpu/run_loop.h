#pragma once
// The core's run loop (SparcCore::run_loop), in a header of its own so that
// a timing model's translation unit can instantiate it with its retire()
// called directly, and inline (detailed_timing.cpp): the detailed model is
// told about every instruction.
#include "block_replay.h"
#include "sparc_core.h"

#include <algorithm>
#include <ostream>

namespace fireplane::sparc {

// Instructions run in chains: each handler, once done, retires its
// instruction and jumps straight to the next one's handler (see retire()), so
// dispatch is spread over every handler's indirect jump instead of one call
// site here. A chain ends at a page boundary, a trap, or after kMaxChain
// instructions, which also bounds the stack if the compiler keeps the calls.
template <bool Trace, bool Timed, bool Debug, typename Timing>
uint64_t SparcCore::run_loop(uint64_t budget, [[maybe_unused]] uint64_t cycle_limit) {
    constexpr uint64_t kMaxChain = 1024;
    stop_ = false;
    fp_enter();
    const uint64_t start = instructions;
    const uint64_t end = instructions + budget;
    [[maybe_unused]] DebugHook* const hook = debug_; // for this whole run
    // The model this loop was made for (Timing). A magic instruction may
    // switch to another: that instruction goes to the new model's retire().
    [[maybe_unused]] TimingModel* const entered = timing_;
    auto take_trap = [this] { // the pending trap; true when the run stops
        fp_leave();           // trap handlers are host code
        enter_trap(pending_trap_);
        fp_enter();
        return stop_;
    };
    while (instructions < end) {
        if constexpr (Timed && !Trace && !Debug && Timing::kReplaysBlocks) {
            if (replay_pending()) { // a block's instructions retire before anything else
                if (replay_.next != replay_.count) {
                    if (!replay_block(*static_cast<Timing*>(timing_), end, cycle_limit)) break;
                    if (replay_.next != replay_.count) continue; // the budget ended
                }
                if (replay_.trapped) {
                    if (instructions == end) continue; // taken first in the next run
                    replay_.trapped = false;
                    if (take_trap()) break;
                }
                // A debugger or observer attached meanwhile: its loop goes on.
                if (debug_ || observer_) break;
                continue;
            }
        }
        if (__builtin_expect(cycles() >= event_cycle_, 0)) {
            fp_leave();
            const bool taken = service_events();
            fp_enter();
            if (stop_) break;
            if (taken) continue;
        }
        if constexpr (Debug)
            if (!hook->before_instruction(*this)) break;
        const Insn* insn = (pc & ~kPageMask) == current_page_va_
                               ? &current_page_->insns[(pc & kPageMask) >> 2]
                               : fetch_slow();
        if (__builtin_expect(insn != nullptr, 1)) {
            // With a timing model every instruction is timed on its own.
            uint64_t length = (Trace || Timed) ? 1 : std::min(end - instructions, kMaxChain);
            if (observer_) length = 1;
            if (length > 1 &&
                counters.counting()) // stop where a cycle or instruction counter wraps
                length = std::max<uint64_t>(
                    1, std::min(length, counters.instructions_to_overflow(counter_now())));
            if (length > 1 && event_cycle_ != CpuTimers::kNever) // one cycle per instruction here
                length = std::max<uint64_t>(1, std::min(length, event_cycle_ - cycles()));
            if constexpr (Timed && !Trace && !Debug && Timing::kRunsBlocks) {
                auto* timing = static_cast<Timing*>(timing_);
                bool runs_blocks = blocks_ahead_;
                if constexpr (!Timing::kReplaysBlocks) runs_blocks = timing->runs_blocks();
                if (compiler_ && !observer_ && !counters.counting() && timing_ == entered &&
                    runs_blocks) {
                    uint64_t done;
                    if constexpr (Timing::kReplaysBlocks)
                        done = block_ahead(end - instructions);
                    else
                        done = warm_block(*timing, end - instructions, cycle_limit);
                    if (done & kBlockTrapped) {
                        if (take_trap()) break;
                        continue;
                    }
                    if (done) {
                        if (stop_ || cycles_ >= cycle_limit) break;
                        continue;
                    }
                }
            }
            if constexpr (!Trace && !Timed && !Debug) {
                if (compiler_ && length > 1 && !observer_ && !log_accesses_ &&
                    !counters.counting()) {
                    const uint64_t done = run_block(length); // counted in `instructions`
                    if (done & kBlockTrapped) {
                        if (take_trap()) break;
                        continue;
                    }
                    if (done) continue;
                }
            }
            chain_length_ = chain_budget_ = length;
            if constexpr (Trace) trace_insn(*insn);
            const uint64_t insn_pc = pc;
            // Before exec: a handler may drop the decoded pages (flush_code).
            [[maybe_unused]] const uint64_t insn_pa =
                Timed ? current_page_->pa | (pc & kPageMask) : 0;
            const bool completed = Debug ? exec_debug_chain(*hook, insn) : insn->exec(*this, *insn);
            instructions += chain_length_ - chain_budget_;
            chain_length_ = chain_budget_ = 0;
            if constexpr (Timed) {
                if (completed && timing_) { // a magic instruction may have just removed it
                    const RetiredInstruction r{*insn,   insn_pc,   insn_pa,
                                               cycles_, accesses_, access_count_};
                    cycles_ += __builtin_expect(timing_ == entered, 1)
                                   ? static_cast<Timing*>(timing_)->retire(*this, r)
                                   : timing_->retire(*this, r);
                    cycles_at_ = instructions;
                }
                if (__builtin_expect(work_left_ != nullptr, 0) && completed)
                    count_work(*insn, insn_pc);
            }
            if (__builtin_expect(completed && (observer_ || counters.counting()), 0)) {
                const bool data = access_count_ > 0;
                completion_ = {insn_pc, data ? accesses_[0].va : 0, data, 0};
                if (!deferred_) complete(); // else when its data arrives
            }
            if (Timed || observer_) access_count_ = 0;
            if (__builtin_expect(completed, 1)) {
                if constexpr (Trace) trace_effects();
                if (__builtin_expect(stop_, 0)) break;
                if constexpr (Timed)
                    if (cycles_ >= cycle_limit) break;
                continue;
            }
            if constexpr (Trace) *trace_ << "  trap " << pending_trap_ << '\n';
        }
        if (take_trap()) break;
    }
    fp_leave();
    return instructions - start;
}

} // namespace fireplane::sparc
