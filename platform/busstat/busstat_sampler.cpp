#include "busstat_sampler.h"

#include "busstat_events.h"
#include "models/firelink/monitor_registers.h"
#include "models/fireplane/address_bus.h"
#include "models/fireplane/transaction_types.h"
#include "platform/builder/host_port.h"

#include <cstdio>
#include <ostream>
#include <stdexcept>

namespace fireplane::busstat {

BusstatSampler::BusstatSampler(Platform& platform, const std::vector<std::string>& events,
                               sc_core::sc_time interval, std::ostream& out)
    : platform_(platform), clock_(interval, "--interval"), out_(out) {
    if (events.empty()) throw std::invalid_argument("--busstat needs at least one event");
    for (const std::string& name : events) {
        const BusstatEvent* e = find_busstat_event(name);
        if (!e) {
            std::string known;
            for (const BusstatEvent& k : busstat_events())
                known += std::string(known.empty() ? "" : ", ") + k.name;
            throw std::invalid_argument("unknown busstat event '" + name + "' (known: " + known +
                                        ", or a transaction type such as RTS, RTO, WB)");
        }
        events_.push_back(e);
    }
    require_monitors(platform, "--busstat");
    for (size_t m = 0; m < platform.monitors.size(); ++m) {
        monitors_.emplace_back(*platform.host, platform.monitors[m]);
        for (unsigned s = 0; s < firelink::kCounterSets; ++s)
            slots_.push_back({m, s});
    }
    // Groups of as many events as there are counters take turns.
    for (size_t first = 0; first < events_.size(); first += slots_.size()) {
        std::vector<int> g(slots_.size(), -1);
        for (size_t i = 0; i < slots_.size() && first + i < events_.size(); ++i)
            g[i] = int(first + i);
        groups_.push_back(g);
    }
    tallies_.resize(events_.size());
}

// Loads group `group`'s events into the counter sets, counts from zero.
void BusstatSampler::program(size_t group) {
    std::vector<uint64_t> control(platform_.monitors.size(), 0);
    for (size_t i = 0; i < slots_.size(); ++i) {
        const Slot& s = slots_[i];
        const int ev = groups_[group][i];
        uint64_t types = 0;
        SourceTrits src;
        if (ev >= 0) {
            const BusstatEvent& e = *events_[size_t(ev)];
            types = e.types;
            src = source_trits(e, boards_[s.monitor]);
            control[s.monitor] |= 1ull << s.set;
        }
        monitors_[s.monitor].load_filter(s.set, types, src.mask, src.match);
    }
    for (size_t m = 0; m < control.size(); ++m)
        monitors_[m].set("control", control[m]);
}

void BusstatSampler::start() {
    for (size_t m = 0; m < platform_.monitors.size(); ++m)
        boards_.push_back(monitors_[m].board());
    program(0);
    char line[160];
    std::snprintf(line, sizeof line, "%-10s %-10s %-30s %12s %-30s %12s %7s\n", "time", "dev",
                  "event0", "pic0", "event1", "pic1", "util");
    out_ << line;
    last_ = sc_core::sc_time_stamp();
    clock_.start(*platform_.interconnect, [this](const sc_core::sc_time& at) { sample(at); });
}

// Reads and prints every monitor's counters for the interval that ends at
// `at`, then gives the next group its turn.
void BusstatSampler::sample(const sc_core::sc_time& at) {
    const sc_core::sc_time span = at - last_;
    if (span == sc_core::SC_ZERO_TIME) return;
    last_ = at;
    ++intervals_;
    const double bus_cycles = span / platform_.interconnect->clock_period();
    for (size_t m = 0; m < platform_.monitors.size(); ++m) {
        std::string cells;
        double all = -1;
        for (size_t i = 0; i < slots_.size(); ++i) {
            if (slots_[i].monitor != m) continue;
            const int ev = groups_[group_][i];
            const std::string set = "set" + std::to_string(slots_[i].set) + ".count";
            const uint64_t n = ev >= 0 ? monitors_[m].get(set) : 0;
            char cell[64];
            std::snprintf(cell, sizeof cell, " %-30s %12llu",
                          ev >= 0 ? events_[size_t(ev)]->name : "-",
                          static_cast<unsigned long long>(n));
            cells += cell;
            if (ev < 0) continue;
            tallies_[size_t(ev)].counted += n;
            ++tallies_[size_t(ev)].intervals;
            const BusstatEvent& e = *events_[size_t(ev)];
            if (e.types == kAllTransactionTypesMask && e.source == Source::Any) all = double(n);
        }
        char head[64], util[16] = "-";
        std::snprintf(head, sizeof head, "%-10.6f %-10s", at.to_seconds(),
                      platform_.monitors[m].name.c_str());
        // One address per bus cycle: the share of address slots taken.
        if (all >= 0 && bus_cycles > 0)
            std::snprintf(util, sizeof util, "%.1f%%", 100 * all / bus_cycles);
        out_ << head << cells << " " << util << "\n";
    }
    group_ = (group_ + 1) % groups_.size();
    program(group_);
}

void BusstatSampler::finish() {
    if (finished_) return;
    finished_ = true;
    clock_.finish(); // up to the end, and the last, partial interval
    out_ << "busstat totals over " << last_.to_seconds() << " s, " << intervals_
         << " intervals (scaled by intervals / intervals counted):\n";
    for (size_t e = 0; e < events_.size(); ++e) {
        const Tally& t = tallies_[e];
        const double scale = t.intervals ? double(intervals_) / t.intervals : 0;
        char line[160];
        std::snprintf(line, sizeof line, "  %-30s %14.0f  (counted %llu in %u of %u intervals)\n",
                      events_[e]->name, double(t.counted) * scale,
                      static_cast<unsigned long long>(t.counted), t.intervals, intervals_);
        out_ << line;
    }
}

} // namespace fireplane::busstat
