#pragma once
// `fireplane run --busstat EVENTS --interval T`: busstat(1M) on the simulated
// machine. Every interval of simulated time it reads each Fire Link monitor's
// two counters through host debug transport (the registers software sees),
// prints them in busstat's layout (time dev event0 pic0 event1 pic1), and
// reprograms the filters. More events than counters are time-multiplexed:
// groups of events take turns, and the totals are scaled by how many
// intervals each event was counted in, as the paper's tools did.
//
// It is passive: no SystemC process, no event (observation must not change
// the run; see FireplaneBus::add_timeline_listener). It listens on the bus's
// timeline, and the first bus transaction at or after an interval's boundary
// B takes the sample at B before the monitors see that transaction, so the
// sample holds exactly the transactions before B, as if read at B. Intervals
// without traffic are sampled (zero counts) when a later transaction or the
// end of the run comes.
#include "interval_clock.h"
#include "monitor_client.h"
#include "platform/builder/platform_builder.h"

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
    // Programs the monitors and starts listening (after elaboration).
    void start();
    // After the run: the intervals up to its end, the last partial one and
    // each event's total.
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

    void program(size_t group);
    void sample(const sc_core::sc_time& at);

    Platform& platform_;
    std::vector<const BusstatEvent*> events_;
    IntervalClock clock_;
    std::ostream& out_;
    std::vector<MonitorClient> monitors_;
    std::vector<Slot> slots_;
    std::vector<std::vector<int>> groups_; // per group: event index per slot, or -1
    std::vector<uint64_t> boards_;         // per monitor: its board (agent ID / 4)
    std::vector<Tally> tallies_;
    size_t group_ = 0;
    unsigned intervals_ = 0;
    sc_core::sc_time last_ = sc_core::SC_ZERO_TIME; // the last sample's time
    bool finished_ = false;
};

} // namespace fireplane::busstat
