#include "monitor_tools.h"

#include "core/config/units.h"

#include <ostream>
#include <stdexcept>

namespace fireplane {

namespace {
sc_core::sc_time interval(const std::string& option, const std::string& text) {
    try {
        return sc_core::sc_time(double(units::parse_time_ps(text)), sc_core::SC_PS);
    } catch (const std::exception& e) {
        throw std::invalid_argument(option + ": " + e.what());
    }
}

void open(std::ofstream& f, const std::string& path, const char* what) {
    f.open(path);
    if (!f) throw std::invalid_argument("cannot write " + std::string(what) + " to '" + path + "'");
}
} // namespace

MonitorTools::MonitorTools(Platform& platform, const MonitorOptions& o, std::ostream& diagnostics) {
    if (!o.busstat.empty() && !o.trace_sample.empty() && platform.monitors.size() < 2)
        throw std::invalid_argument(
            "--busstat and --trace-sample both need the first monitor: give the machine a "
            "second firelink_monitor, or use one at a time");
    if (!o.busstat.empty()) {
        if (!o.busstat_file.empty()) open(busstat_file_, o.busstat_file, "busstat samples");
        busstat_ = std::make_unique<busstat::BusstatSampler>(
            platform, o.busstat, interval("--interval", o.busstat_interval),
            busstat_file_.is_open() ? static_cast<std::ostream&>(busstat_file_) : diagnostics);
    }
    if (!o.trace_sample.empty()) {
        if (o.sampled_trace_file.empty())
            throw std::invalid_argument("--trace-sample needs --trace-out FILE");
        open(trace_file_, o.sampled_trace_file, "the sampled trace");
        if (!o.full_trace_file.empty()) open(full_file_, o.full_trace_file, "the full trace");
        trace_ = std::make_unique<busstat::TraceSampler>(
            platform, o.trace_sample, interval("--trace-interval", o.trace_interval), trace_file_,
            full_file_.is_open() ? &full_file_ : nullptr);
    }
}

void MonitorTools::start() {
    if (busstat_) busstat_->start();
    if (trace_) trace_->start();
}

void MonitorTools::finish() {
    if (busstat_) busstat_->finish();
    if (trace_) trace_->finish();
}

} // namespace fireplane
