// Checkpoints of the detailed model's own state: the branch predictor, the
// fetch unit and the dispatch group (an optional section; docs/checkpoints.md).
#include "detailed_timing.h"

#include <algorithm>

namespace fireplane::sparc {

void PipelineModel::checkpoint(StateIo& io) {
    fetch_.checkpoint(io);
    predictor_.checkpoint(io);
    // Each pipe's use in the group, as a count (the packed nibbles are this build's own).
    std::array<unsigned, kPipes> pipe_use{};
    for (unsigned p = 0; p < kPipes; ++p)
        pipe_use[p] = ((group_pipes_ >> (4 * p)) & 0xf) - ((kPipeBias >> (4 * p)) & 0xf);
    io(ready_, producer_, cost_.base, cost_.waited, cost_.waited_for, group_cycle_, group_size_,
       pipe_use, pipe_busy_until_, blocked_until_, blocked_why_, group_closed_, first_);
    if (io.saving()) return;
    group_pipes_ = kPipeBias;
    for (unsigned p = 0; p < kPipes; ++p) {
        if (pipe_use[p] > kPipeWidth[p]) io.fail("a pipe holds more than its width");
        group_pipes_ += pipe_use[p] << (4 * p);
    }
    busy_until_ = *std::max_element(pipe_busy_until_.begin(), pipe_busy_until_.end());
    for (InstructionClass c : producer_) // issue() indexes its rows by them
        if (unsigned(c) >= kInstructionClasses) io.fail("an unknown instruction class");
}

void DetailedTiming::checkpoint(StateIo& io) {
    pipeline_.checkpoint(io);
    io(last_fetch_line_, delay_slot_next_, new_path_next_, hit_lines_, hit_epoch_, icache_epoch_);
}

std::string DetailedTiming::shape() const {
    const PipelineConfig& c = pipeline_config_;
    const BranchPredictorConfig& p = c.predictor;
    return "issue " + std::to_string(c.issue_width) + ", fetch line " +
           std::to_string(c.fetch.line) + ", queue " + std::to_string(c.fetch.queue) +
           ", predictor " + std::to_string(p.entries) + "/" + std::to_string(p.history_bits) + "/" +
           std::to_string(p.return_stack);
}

} // namespace fireplane::sparc
