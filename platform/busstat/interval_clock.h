#pragma once
// Periodic sampling for the host tools, on the interconnect's own timeline
// (CoherentInterconnect::add_timeline_listener): no SystemC process or event is
// added, so observing never changes the run. Before the bus broadcasts a
// transaction at `now`, every boundary start + k * interval up to `now` is
// handed to `sample(at)`: the monitors then hold exactly the transactions
// before `at`, as if read at that instant.
#include <systemc>

#include <functional>
#include <stdexcept>

namespace fireplane {
class CoherentInterconnect;
}

namespace fireplane::busstat {

class IntervalClock {
public:
    using Sample = std::function<void(const sc_core::sc_time& at)>;
    // Throws std::invalid_argument, naming `option`, for a zero interval.
    IntervalClock(sc_core::sc_time interval, const char* option) : interval_(interval) {
        if (interval == sc_core::SC_ZERO_TIME)
            throw std::invalid_argument(std::string(option) + " must be greater than 0");
    }
    // The first boundary is one interval from now. The clock must outlive the run.
    void start(CoherentInterconnect& bus, Sample sample);
    // After the run: the boundaries up to its end, then `sample(end)` for the
    // last, partial interval. Returns the end. Later bus calls are ignored.
    sc_core::sc_time finish();

private:
    void advance(const sc_core::sc_time& now);

    sc_core::sc_time interval_;
    sc_core::sc_time next_ = sc_core::SC_ZERO_TIME;
    Sample sample_;
    bool finished_ = false;
};

} // namespace fireplane::busstat
