#include "branch_predictor.h"

namespace fireplane::sparc {

BranchPredictor::BranchPredictor(const BranchPredictorConfig& config)
    : config_(config), counters_(config.entries, 1), returns_(config.return_stack) {}

void BranchPredictor::call(uint64_t return_pc) {
    if (returns_.empty()) return;
    top_ = (top_ + 1) % returns_.size();
    returns_[top_] = return_pc;
    if (depth_ < returns_.size()) ++depth_; // a full stack overwrites its oldest entry
}

bool BranchPredictor::ret(uint64_t target) {
    if (depth_ == 0) return false;
    const uint64_t predicted = returns_[top_];
    top_ = (top_ + returns_.size() - 1) % returns_.size();
    --depth_;
    return predicted == target;
}

} // namespace fireplane::sparc
