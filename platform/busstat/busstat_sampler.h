#pragma once
// `fireplane run --busstat EVENTS --interval T`: busstat(1M) on the simulated
// machine. Every interval of simulated time it reads each Fire Link monitor's
// two counters through host debug transport (the registers software sees),
// prints them in busstat's layout (time dev event0 pic0 event1 pic1), and
// reprograms the filters. More events than counters are time-multiplexed:
// groups of events take turns, and the totals are scaled by how many
// intervals each event was counted in, as the paper's tools did.
#include "builder/platform_builder.h"
#include "monitor_client.h"

#include <systemc>

#include <iosfwd>
#include <string>
#include <vector>

namespace fireplane::busstat {

struct BusstatEvent;

class BusstatSampler {
public:
    // Throws std::invalid_argument for an unknown event, a zero interval or a
    // machine without monitors.
    BusstatSampler(Platform& platform, const std::vector<std::string>& events,
                   sc_core::sc_time interval, std::ostream& out);
    // Programs the monitors and starts sampling (after elaboration).
    void start();
    // After the run: the last, partial interval and each event's total.
    void finish();

private:
    struct Slot { // one counter set of one monitor
        size_t monitor;
        unsigned set;
    };
    struct Tally {
        uint64_t counted = 0;   // what the counters showed
        unsigned intervals = 0; // intervals the event was counted in
    };

    void run(); // the sampling thread
    void program(size_t group);
    void sample();

    Platform& platform_;
    std::vector<const BusstatEvent*> events_;
    sc_core::sc_time interval_;
    std::ostream& out_;
    std::vector<MonitorClient> monitors_;
    std::vector<Slot> slots_;
    std::vector<std::vector<int>> groups_; // per group: event index per slot, or -1
    std::vector<uint64_t> boards_;         // per monitor: its board (agent ID / 4)
    std::vector<Tally> tallies_;
    size_t group_ = 0;
    unsigned intervals_ = 0;
    sc_core::sc_time last_ = sc_core::SC_ZERO_TIME;
    bool finished_ = false;
};

} // namespace fireplane::busstat
