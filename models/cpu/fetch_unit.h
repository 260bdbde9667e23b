#pragma once
// The fetch unit as dispatch sees it: when each instruction, in program
// order, can reach the dispatch stage. Fetch brings up to `width`
// instructions a cycle from one I$ line, at most one control transfer per
// fetch group, into an instruction queue that lets it run ahead of dispatch
// by `queue` instructions. A taken transfer costs fetch a bubble (the target
// address is known only in the B stage); a mispredicted one restarts fetch
// once the branch has executed. I$ misses are the caches' business: they
// stall the whole pipeline (detailed_timing.cpp).
#include "core/checkpoint/state_io.h"
#include "cpi_stack.h"
#include "pipeline_config.h"

#include <algorithm>
#include <cstdint>
#include <vector>

namespace fireplane::sparc {

class FetchUnit {
public:
    explicit FetchUnit(const FetchConfig& config);

    struct Arrival {
        uint64_t cycle = 0;            // the earliest dispatch cycle
        CpiCause why = CpiCause::Base; // what made it that late
        bool redirected = false;       // it is where a redirect landed
    };
    // The next instruction in program order, at `pc`; `transfer` when it is
    // a control transfer; `new_path` when it is the first instruction after
    // a transfer's delay slot (where a redirect lands).
    Arrival arrive(uint64_t pc, bool transfer, bool new_path);
    // It dispatched at `cycle`: its queue entry frees.
    void dispatched(uint64_t cycle) { queue_[last_slot_] = cycle + 1; }

    // Where fetch goes after the transfer just arrived, which dispatched at
    // `dispatch_cycle`; it lands on the next new_path arrival.
    enum class Redirect { None, Taken, Mispredicted, MispredictedFromMissQueue };
    void redirect(Redirect kind, uint64_t dispatch_cycle);

    void checkpoint(StateIo& io) {
        io(group_cycle_, group_line_, next_pc_, group_count_, group_has_transfer_,
           transfer_group_cycle_, pending_, pending_cycle_, pending_why_, queue_, slot_,
           last_slot_);
    }

private:
    FetchConfig config_;
    uint64_t group_cycle_ = 0, group_line_ = ~uint64_t(0), next_pc_ = ~uint64_t(0);
    unsigned group_count_ = 0;
    bool group_has_transfer_ = false;
    uint64_t transfer_group_cycle_ = 0; // the fetch group of the last transfer
    bool pending_ = false;
    uint64_t pending_cycle_ = 0;
    CpiCause pending_why_ = CpiCause::Base;
    unsigned line_shift_ = 0;
    // A ring of the last `queue` instructions: the cycle after each dispatched,
    // when its entry is free again.
    std::vector<uint64_t> queue_;
    unsigned slot_ = 0, last_slot_ = 0;
};

// Inline: the detailed model calls it for every instruction.
inline FetchUnit::Arrival FetchUnit::arrive(uint64_t pc, bool transfer, bool new_path) {
    const uint64_t line = pc >> line_shift_;
    bool new_group = true, redirected = false;
    uint64_t at = 0;
    CpiCause why = CpiCause::Base;
    if (new_path && pending_) {
        at = pending_cycle_;
        why = pending_why_;
        pending_ = false;
        redirected = true;
    } else if (pc != next_pc_) {
        // Reached by something fetch does not follow (a trap, DONE/RETRY, the
        // first instruction): no earlier limit than dispatch's own.
        pending_ = false;
    } else if (group_count_ >= config_.width || line != group_line_ ||
               (transfer && group_has_transfer_)) {
        at = group_cycle_ + 1;
        why = CpiCause::FetchGroup;
    } else {
        new_group = false;
    }
    if (new_group) {
        // The queue entry this instruction needs frees when the instruction
        // `queue` places earlier dispatches.
        if (queue_[slot_] > at) at = queue_[slot_], why = CpiCause::FetchGroup;
        group_cycle_ = at;
        group_line_ = line;
        group_count_ = 0;
        group_has_transfer_ = false;
    }
    ++group_count_;
    if (transfer) {
        group_has_transfer_ = true;
        transfer_group_cycle_ = group_cycle_;
    }
    next_pc_ = pc + 4;
    last_slot_ = slot_;
    slot_ = slot_ + 1 == queue_.size() ? 0 : slot_ + 1;
    // The rest of a fetch group never waits for it: the group's first did.
    return {group_cycle_, why, redirected};
}

inline void FetchUnit::redirect(Redirect kind, uint64_t dispatch_cycle) {
    switch (kind) {
    case Redirect::None: pending_ = false; return;
    case Redirect::Taken:
        pending_cycle_ = transfer_group_cycle_ + 1 + config_.taken_bubble;
        pending_why_ = CpiCause::TakenBranch;
        break;
    case Redirect::Mispredicted:
        pending_cycle_ = dispatch_cycle + config_.mispredict;
        pending_why_ = CpiCause::Mispredict;
        break;
    case Redirect::MispredictedFromMissQueue:
        pending_cycle_ = dispatch_cycle + config_.miss_queue;
        pending_why_ = CpiCause::Mispredict;
        break;
    }
    pending_ = true;
}

} // namespace fireplane::sparc
