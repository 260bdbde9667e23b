#pragma once
// The host tools `fireplane run` drives on the Fire Link monitors during a
// run: busstat (--busstat) and trace sampling (--trace-sample), with their
// output files. They add no SystemC process or event: they sample on the bus's
// timeline (FireplaneBus::add_timeline_listener), so a run with them is the
// same run as without. The bus keeps their listeners: a MonitorTools must
// outlive the simulation.
#include "commands.h"
#include "platform/busstat/busstat_sampler.h"
#include "platform/busstat/trace_sampler.h"

#include <fstream>
#include <memory>

namespace fireplane::cli {

class MonitorTools {
public:
    // Throws std::invalid_argument for bad options (unknown events, bad
    // intervals, files that cannot be written).
    MonitorTools(Platform& platform, const RunOptions& options);
    void start();  // once elaboration is over
    void finish(); // after the run: last samples and totals

private:
    std::ofstream busstat_file_, trace_file_, full_file_;
    std::unique_ptr<busstat::BusstatSampler> busstat_;
    std::unique_ptr<busstat::TraceSampler> trace_;
};

} // namespace fireplane::cli
