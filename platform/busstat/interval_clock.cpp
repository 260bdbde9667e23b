#include "interval_clock.h"

#include "models/common/roles.h"

namespace fireplane::busstat {

void IntervalClock::start(CoherentInterconnect& bus, Sample sample) {
    sample_ = std::move(sample);
    next_ = sc_core::sc_time_stamp() + interval_;
    bus.add_timeline_listener([this](const sc_core::sc_time& now) { advance(now); });
}

void IntervalClock::advance(const sc_core::sc_time& now) {
    if (finished_) return;
    while (now >= next_) {
        sample_(next_);
        next_ += interval_;
    }
}

sc_core::sc_time IntervalClock::finish() {
    const sc_core::sc_time end = sc_core::sc_time_stamp();
    if (finished_) return end;
    advance(end); // the boundaries since the last transaction
    finished_ = true;
    sample_(end);
    return end;
}

} // namespace fireplane::busstat
