#include "fetch_unit.h"

#include <algorithm>

namespace fireplane::sparc {

FetchUnit::FetchUnit(const FetchConfig& config)
    : config_(config), queue_(std::max(1u, config.queue), 0) {
    while ((2u << line_shift_) <= config.line)
        ++line_shift_; // log2 of the line, a power of two
}

FetchUnit::Arrival FetchUnit::arrive(uint64_t pc, bool transfer, bool new_path) {
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

void FetchUnit::redirect(Redirect kind, uint64_t dispatch_cycle) {
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
