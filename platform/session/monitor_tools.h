#pragma once
// The host tools a Session drives on the Fire Link monitors during a
// run: busstat (--busstat) and trace sampling (--trace-sample), with their
// output files. They add no SystemC process or event: they sample on the bus's
// timeline (FireplaneBus::add_timeline_listener), so a run with them is the
// same run as without. The bus keeps their listeners: a MonitorTools must
// outlive the simulation.
#include "platform/busstat/busstat_sampler.h"
#include "platform/busstat/trace_sampler.h"

#include <fstream>
#include <iosfwd>
#include <memory>
#include <string>
#include <vector>

namespace fireplane {

// What to sample; the option names are `fireplane run`'s.
struct MonitorOptions {
    std::vector<std::string> busstat; // --busstat EVENT,...: sample the Fire Link monitors
    std::string busstat_interval = "100us";
    std::string busstat_file;              // --busstat-out FILE ("": the diagnostics stream)
    std::vector<std::string> trace_sample; // --trace-sample EVENT,...: sample the sequence buffer
    std::string trace_interval = "10us";
    std::string sampled_trace_file; // --trace-out FILE
    std::string full_trace_file;    // --trace-full FILE: every match, beside the samples
    bool any() const { return !busstat.empty() || !trace_sample.empty(); }
};

class MonitorTools {
public:
    // Throws std::invalid_argument for bad options (unknown events, bad
    // intervals, files that cannot be written).
    MonitorTools(Platform& platform, const MonitorOptions& options, std::ostream& diagnostics);
    void start();  // once elaboration is over
    void finish(); // after the run: last samples and totals

private:
    std::ofstream busstat_file_, trace_file_, full_file_;
    std::unique_ptr<busstat::BusstatSampler> busstat_;
    std::unique_ptr<busstat::TraceSampler> trace_;
};

} // namespace fireplane
