#pragma once
// The branch predictor: a gshare table of 2-bit saturating counters, indexed
// by the branch's PC XORed with the global history of recent directions, and
// a return-address stack for returns. Conditional branches are predicted in
// the fetch stages and resolved when they execute; calls push the return
// address, returns pop it.
#include "core/checkpoint/state_io.h"
#include "pipeline_config.h"

#include <cstdint>
#include <vector>

namespace fireplane::sparc {

class BranchPredictor {
public:
    explicit BranchPredictor(const BranchPredictorConfig& config);

    // A conditional branch at `pc` went `taken`: returns whether the
    // prediction was right, and learns the outcome.
    bool conditional(uint64_t pc, bool taken);
    // A call (or a jmpl that links) whose return address is `return_pc`.
    void call(uint64_t return_pc);
    // A return that went to `target`: whether the stack predicted it.
    bool ret(uint64_t target);
    void checkpoint(StateIo& io) { io(counters_, history_, returns_, top_, depth_); }

private:
    BranchPredictorConfig config_;
    std::vector<uint8_t> counters_; // 0-1 predict not taken, 2-3 taken
    uint64_t history_ = 0;
    std::vector<uint64_t> returns_; // a ring; top_ counts pushes not yet popped
    unsigned top_ = 0, depth_ = 0;
};

inline bool BranchPredictor::conditional(uint64_t pc, bool taken) {
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

} // namespace fireplane::sparc
