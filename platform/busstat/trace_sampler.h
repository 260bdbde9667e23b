#pragma once
// `fireplane run --trace-sample EVENTS --trace-interval T --trace-out FILE`:
// the Fire Link paper's trace sampling (section 2.3). Counter set 1 of the
// first monitor is programmed with the events' types and its sequence buffer
// enabled; every interval the host reads the buffer (status, then the
// entries) and empties it. The samples form an incomplete trace in segments of
// up to 8 consecutive matches; an overrun says matches were lost after them.
// With --trace-full FILE the simulator also writes every match: the truth the
// hardware could not give.
//
// Like busstat it is passive (no SystemC process or event): the first bus
// transaction at or after a boundary B reads the buffer as it was at B, before
// the monitor sees that transaction (FireplaneBus::add_timeline_listener).
#include "interval_clock.h"
#include "monitor_client.h"
#include "platform/builder/platform_builder.h"

#include <systemc>

#include <iosfwd>
#include <memory>
#include <string>
#include <vector>

namespace fireplane::busstat {

class TraceSampler {
public:
    // Throws std::invalid_argument for an unknown event, a zero interval or a
    // machine without a monitor.
    TraceSampler(Platform& platform, const std::vector<std::string>& events,
                 sc_core::sc_time interval, std::ostream& samples, std::ostream* full);
    void start();
    void finish(); // the samples up to the end of the run

private:
    void sample(const sc_core::sc_time& at);

    Platform& platform_;
    std::unique_ptr<MonitorClient> monitor_;
    uint64_t types_ = 0;
    IntervalClock clock_;
    std::ostream& samples_;
    std::ostream* full_;
    uint64_t segments_ = 0; // buffer reads that found entries: the `sample` column
};

} // namespace fireplane::busstat
