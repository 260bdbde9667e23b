#include "fetch_unit.h"

#include <algorithm>

namespace fireplane::sparc {

FetchUnit::FetchUnit(const FetchConfig& config)
    : config_(config), queue_(std::max(1u, config.queue), 0) {
    while ((2u << line_shift_) <= config.line)
        ++line_shift_; // log2 of the line, a power of two
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
