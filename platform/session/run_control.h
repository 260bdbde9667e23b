#pragma once
// What a run does when the guest executes a magic instruction
// (models/cpu/magic.h, sw/lib/fireplane_magic.h): regions of interest and
// statistics resets and dumps, milestones for the summary.
#include "core/checkpoint/checkpointable.h"
#include "models/cpu/magic.h"

#include <functional>
#include <iosfwd>
#include <string>
#include <vector>

namespace fireplane {
class StatsRegistry;
class RunSummary;
namespace sparc {
class SparcCpu;
}
} // namespace fireplane

namespace fireplane {

class RunControl : public sparc::MagicHandler, public Checkpointable {
public:
    // Dumps go next to `stats_file` (FILE.dumpN.json), or to `diagnostics` as text.
    RunControl(std::vector<sparc::SparcCpu*> cpus, StatsRegistry& stats, RunSummary& summary,
               std::ostream& diagnostics);
    void set_stats_file(std::string path) { stats_file_ = std::move(path); }
    void magic(sparc::SparcCore& core, unsigned op) override;
    bool region_of_interest_used() const { return roi_used_; }
    // Sampled simulation chooses the timing models: the program's own
    // switches (FIREPLANE_MODEL_*) are then ignored.
    void ignore_model_switches() { ignore_model_switches_ = true; }
    // The guest asked for a checkpoint here (FIREPLANE_CHECKPOINT()).
    void on_checkpoint(std::function<void()> f) { on_checkpoint_ = std::move(f); }
    // Checkpointable (section run_control): the region of interest, the dump count.
    void checkpoint(StateIo& io) override { io(roi_used_, dumps_); }

private:
    std::vector<sparc::SparcCpu*> cpus_;
    StatsRegistry& stats_;
    RunSummary& summary_;
    std::string stats_file_;
    std::ostream& diag_;
    bool roi_used_ = false;
    bool ignore_model_switches_ = false;
    unsigned dumps_ = 0;
    std::function<void()> on_checkpoint_;
    CheckpointSection section_{"run_control", 1, *this};
};

} // namespace fireplane
