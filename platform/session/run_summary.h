#pragma once
// The end-of-run figures: registered as sim.* statistics and printed as a
// short readable summary on stderr.
#include "core/stats/stats.h"

#include <iosfwd>

namespace fireplane {
struct Platform;

class RunSummary {
public:
    explicit RunSummary(const Platform& platform);
    void set_host_seconds(double s) { host_seconds_ = s; }
    void print(std::ostream& out, int exit_code, bool region_of_interest) const;

    double instructions() const;
    double cycles() const;      // of the busiest CPU
    double sim_seconds() const; // simulated time the program took
    double mips() const { return host_seconds_ > 0 ? instructions() / host_seconds_ / 1e6 : 0; }

private:
    const Platform& platform_;
    double host_seconds_ = 0;
    StatsGroup sim_{"sim"}, host_{"host"};
};

} // namespace fireplane
