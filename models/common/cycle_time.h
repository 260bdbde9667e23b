#pragma once
// CPU cycles on SystemC's time axis: cycle c is time c x period. Integer
// arithmetic only: the detailed model converts inside the CPU's run loop,
// where the host FPU's sticky flags belong to the guest.
#include <systemc>

#include <cstdint>

namespace fireplane {

// SystemC's current time, as sc_core::sc_time_stamp() but inline: every cache
// access and bus phase asks for it.
inline const sc_core::sc_time& sim_now() {
    return sc_core::sc_get_curr_simcontext()->time_stamp();
}

inline sc_core::sc_time cycle_time(uint64_t cycle, const sc_core::sc_time& period) {
    return sc_core::sc_time::from_value(cycle * period.value());
}

// cycle_time for a stream of cycles that mostly move forward a little (one
// CPU's cache requests): a step from the last conversion by a table of small
// multiples of the period, all inline. sc_time::from_value is out of line,
// and it was 2% of the detailed model's host time, once per request.
class CycleClock {
public:
    explicit CycleClock(const sc_core::sc_time& period) : period_(period) {
        for (unsigned k = 0; k < kSteps; ++k)
            steps_[k] = cycle_time(k, period);
    }
    // cycle_time(cycle, period), exactly: every step is a whole multiple.
    const sc_core::sc_time& at(uint64_t cycle) {
        const uint64_t step = cycle - last_cycle_; // an earlier cycle wraps: no step
        last_time_ = step < kSteps ? last_time_ + steps_[step] : cycle_time(cycle, period_);
        last_cycle_ = cycle;
        return last_time_;
    }

private:
    static constexpr unsigned kSteps = 64;
    sc_core::sc_time period_;
    sc_core::sc_time steps_[kSteps];
    uint64_t last_cycle_ = 0;
    sc_core::sc_time last_time_; // cycle_time(last_cycle_, period_)
};

inline uint64_t cycle_at(const sc_core::sc_time& t, const sc_core::sc_time& period) {
    return t.value() / period.value();
}

// The annotated delay from `now` to `at`; zero when `at` has passed.
inline sc_core::sc_time delay_until(const sc_core::sc_time& at, const sc_core::sc_time& now) {
    return at > now ? at - now : sc_core::SC_ZERO_TIME;
}

// A time in whole picoseconds (statistics, checkpoints), whatever the kernel's resolution.
// `one_ps` is sc_time(1, SC_PS): a model that counts picoseconds on every
// transaction makes it once (its construction from a double costs more than
// the division).
inline uint64_t to_ps(const sc_core::sc_time& t, const sc_core::sc_time& one_ps) {
    return uint64_t(t / one_ps + 0.5);
}
inline uint64_t to_ps(const sc_core::sc_time& t) {
    return to_ps(t, sc_core::sc_time(1, sc_core::SC_PS));
}

// `event` fires at SystemC time `at` (now, if that has passed), in place of
// any notification it had pending.
inline void notify_at(sc_core::sc_event& event, const sc_core::sc_time& at) {
    event.cancel();
    event.notify(delay_until(at, sim_now()));
}

} // namespace fireplane
