#pragma once
// The statistics as a checkpoint section ("stats"): every counter's value by
// name, and every statistic's region-of-interest state (its reset baseline,
// whether it is frozen). Counters are the models' own members, registered by
// address: restoring sets them, so a model whose only state is its counters
// needs no section of its own. Formulas follow from the state they read.
#include "core/checkpoint/checkpointable.h"
#include "core/stats/stats.h"

namespace fireplane {

class StatsCheckpoint : public Checkpointable {
public:
    explicit StatsCheckpoint(StatsRegistry& stats,
                             CheckpointRegistry& registry = CheckpointRegistry::current())
        : stats_(stats), section_("stats", 1, *this, CheckpointRegistry::Kind::Required, registry) {
    }
    void checkpoint(StateIo& io) override;

private:
    StatsRegistry& stats_;
    CheckpointSection section_;
};

} // namespace fireplane
