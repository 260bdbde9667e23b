// Checkpoints of the detailed model's own state: the branch predictor, the
// fetch unit and the dispatch group (an optional section; docs/checkpoints.md).
#include "detailed_timing.h"

namespace fireplane::sparc {

void PipelineModel::checkpoint(StateIo& io) {
    fetch_.checkpoint(io);
    predictor_.checkpoint(io);
    io(ready_, producer_, cost_.base, cost_.waited, cost_.waited_for, group_cycle_, group_size_,
       pipe_use_, pipe_busy_until_, blocked_until_, blocked_why_, group_closed_, first_);
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
