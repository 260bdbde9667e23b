#include "core/stats/stats_checkpoint.h"

namespace fireplane {

void StatsCheckpoint::checkpoint(StateIo& io) {
    if (io.saving()) {
        uint64_t n = stats_.entries().size();
        io.count(n);
        for (const StatsRegistry::Entry& e : stats_.entries()) {
            std::string name = e.name;
            uint64_t value = e.counter ? *e.counter : 0;
            double baseline = e.baseline, frozen_value = e.frozen_value;
            bool counter = e.counter != nullptr, frozen = e.frozen;
            io(name, counter, value, baseline, frozen, frozen_value);
        }
        return;
    }
    const uint64_t n = io.count(0, 8);
    for (uint64_t i = 0; i < n; ++i) {
        std::string name;
        uint64_t value = 0;
        double baseline = 0, frozen_value = 0;
        bool counter = false, frozen = false;
        io(name, counter, value, baseline, frozen, frozen_value);
        // A statistic this machine lacks (a tool attached to the first run only) is skipped.
        stats_.restore_entry(name, counter ? &value : nullptr, baseline, frozen, frozen_value);
    }
}

} // namespace fireplane
