#include "trace_sampler.h"

#include "busstat_events.h"
#include "models/firelink/firelink_monitor.h"

#include <ostream>
#include <stdexcept>

namespace fireplane::busstat {

namespace {
constexpr const char* kColumns = "address,type,source,tid,shared,owned,mapped";

void write_record(std::ostream& out, const firelink::TransactionRecord& r) {
    out << "0x" << std::hex << r.address << std::dec << ',' << to_string(r.type) << ',' << r.source
        << ',' << r.transaction_id << ',' << r.snoop.shared << ',' << r.snoop.owned << ','
        << r.snoop.mapped << '\n';
}

uint64_t ns(const sc_core::sc_time& t) {
    return uint64_t(t / sc_core::sc_time(1, sc_core::SC_NS));
}
} // namespace

TraceSampler::TraceSampler(Platform& platform, const std::vector<std::string>& events,
                           sc_core::sc_time interval, std::ostream& samples, std::ostream* full)
    : platform_(platform), clock_(interval, "--trace-interval"), samples_(samples), full_(full) {
    for (const std::string& name : events) {
        const BusstatEvent* e = find_busstat_event(name);
        if (!e) throw std::invalid_argument("unknown --trace-sample event '" + name + "'");
        types_ |= e->types;
    }
    if (!types_) throw std::invalid_argument("--trace-sample needs at least one event");
    require_monitors(platform, "--trace-sample");
    monitor_ = std::make_unique<MonitorClient>(*platform.host, platform.monitors.front());
}

void TraceSampler::start() {
    monitor_->load_filter(1, types_, 0, 0);
    monitor_->set("tsb_status", 0); // empty
    monitor_->set("control", firelink::kControlSet1 | firelink::kControlTsb);
    samples_ << "sample,time_ns,index,overrun," << kColumns << '\n';
    if (full_) {
        *full_ << "time_ns," << kColumns << '\n';
        // The truth beside the samples (a simulator's privilege, not a register).
        auto* mon = dynamic_cast<firelink::FirelinkMonitor*>(
            sc_core::sc_find_object(platform_.monitors.front().name.c_str()));
        if (!mon) throw std::invalid_argument("--trace-full: no monitor object to attach to");
        mon->set_trace_sink([this](const firelink::TransactionRecord& r) {
            *full_ << ns(sc_core::sc_time_stamp()) << ',';
            write_record(*full_, r);
        });
    }
    clock_.start(*platform_.interconnect, [this](const sc_core::sc_time& at) { sample(at); });
}

// Reads what the buffer holds at `at`, oldest first, then empties it for the
// next segment.
void TraceSampler::sample(const sc_core::sc_time& at) {
    const uint64_t status = monitor_->get("tsb_status");
    const uint64_t fill = status & firelink::kStatusFillMask;
    const bool overrun = status & firelink::kStatusOverrun;
    if (fill == 0) return;
    ++segments_;
    for (uint64_t i = 0; i < fill; ++i) {
        const std::string entry = "tsb" + std::to_string(i) + ".";
        samples_ << segments_ << ',' << ns(at) << ',' << i << ',' << overrun << ',';
        write_record(samples_, firelink::decode_tsb_entry(monitor_->get(entry + "address"),
                                                          monitor_->get(entry + "info")));
    }
    monitor_->set("tsb_status", 0);
}

void TraceSampler::finish() {
    clock_.finish(); // up to the end: what the last, partial interval left in the buffer
}

} // namespace fireplane::busstat
