#pragma once
// CPU cycles on SystemC's time axis: cycle c is time c x period. Integer
// arithmetic only: the detailed model converts inside the CPU's run loop,
// where the host FPU's sticky flags belong to the guest.
#include <systemc>

#include <cstdint>

namespace fireplane {

inline sc_core::sc_time cycle_time(uint64_t cycle, const sc_core::sc_time& period) {
    return sc_core::sc_time::from_value(cycle * period.value());
}

inline uint64_t cycle_at(const sc_core::sc_time& t, const sc_core::sc_time& period) {
    return t.value() / period.value();
}

// The annotated delay from `now` to `at`; zero when `at` has passed.
inline sc_core::sc_time delay_until(const sc_core::sc_time& at, const sc_core::sc_time& now) {
    return at > now ? at - now : sc_core::SC_ZERO_TIME;
}

// A time in whole picoseconds (statistics, checkpoints), whatever the kernel's resolution.
inline uint64_t to_ps(const sc_core::sc_time& t) {
    return uint64_t(t / sc_core::sc_time(1, sc_core::SC_PS) + 0.5);
}

// `event` fires at SystemC time `at` (now, if that has passed), in place of
// any notification it had pending.
inline void notify_at(sc_core::sc_event& event, const sc_core::sc_time& at) {
    event.cancel();
    event.notify(delay_until(at, sc_core::sc_time_stamp()));
}

} // namespace fireplane
