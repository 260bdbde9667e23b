#pragma once
// The end-of-run figures: registered as sim.* statistics and printed as a
// short readable summary on stderr.
#include "core/stats/stats.h"

#include <chrono>
#include <iosfwd>
#include <vector>

namespace fireplane {
struct Platform;

class RunSummary {
public:
    explicit RunSummary(const Platform& platform);
    void set_host_seconds(double s) { host_seconds_ = s; }
    // Milestones (the Mark magic instruction): when each was reached, printed
    // in the summary. Host seconds count from start_clock(), the run's start.
    struct Mark {
        double instructions, sim_seconds, host_seconds;
    };
    // From here the host time and the speed count (a restored run's earlier instructions do not).
    void start_clock() {
        start_ = std::chrono::steady_clock::now();
        instructions_at_start_ = instructions();
    }
    void record_mark(double sim_seconds);
    const std::vector<Mark>& marks() const { return marks_; }
    void print(std::ostream& out, int exit_code, bool region_of_interest) const;

    double instructions() const;
    double cycles() const;      // of the busiest CPU
    double sim_seconds() const; // simulated time the program took
    double mips() const {
        return host_seconds_ > 0 ? (instructions() - instructions_at_start_) / host_seconds_ / 1e6
                                 : 0;
    }

private:
    const Platform& platform_;
    double host_seconds_ = 0;
    std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
    double instructions_at_start_ = 0;
    std::vector<Mark> marks_;
    StatsGroup sim_{"sim"}, host_{"host"};
};

} // namespace fireplane
