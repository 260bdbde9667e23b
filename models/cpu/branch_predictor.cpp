#include "branch_predictor.h"

namespace fireplane::sparc {

BranchPredictor::BranchPredictor(const BranchPredictorConfig& config)
    : config_(config), counters_(config.entries, 1), returns_(config.return_stack) {}

bool BranchPredictor::conditional(uint64_t pc, bool taken) {
    if (!config_.enabled) return !taken; // everything predicted not taken
    const uint64_t mask = counters_.size() - 1;
    const uint64_t history = history_ & ((uint64_t(1) << config_.history_bits) - 1);
    uint8_t& counter = counters_[((pc >> 2) ^ history) & mask];
    const bool right = (counter >= 2) == taken;
    if (taken && counter < 3) ++counter;
    if (!taken && counter > 0) --counter;
    history_ = history_ << 1 | (taken ? 1 : 0);
    return right;
}

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
