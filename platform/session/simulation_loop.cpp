#include "simulation_loop.h"

#include <algorithm>

namespace fireplane {

namespace {
// Short in host time in every model, long enough that a slice costs nothing.
const sc_core::sc_time kSlice(100, sc_core::SC_US);
} // namespace

RunEnd simulate(const sparc::RunLimits& limits, const std::function<void()>& between_slices) {
    using sparc::RunLimits;
    for (;;) {
        // Stopped between slices (a debugger's kill): SystemC runs no more.
        if (sc_core::sc_get_status() == sc_core::SC_STOPPED) return RunEnd::Stopped;
        const sc_core::sc_time now = sc_core::sc_time_stamp();
        if (now >= limits.end) return RunEnd::TimeLimit;
        if (now >= limits.pause_time) return RunEnd::Paused;
        if (!sc_core::sc_pending_activity()) // every CPU at its end, or waiting for ever
            return limits.reached == RunLimits::Reached::Time ? RunEnd::TimeLimit : RunEnd::Idle;
        sc_core::sc_start(std::min({kSlice, limits.end - now, limits.pause_time - now}));
        if (limits.reached == RunLimits::Reached::Instructions) return RunEnd::InstructionLimit;
        if (limits.reached == RunLimits::Reached::Pause) return RunEnd::Paused;
        if (sc_core::sc_get_status() == sc_core::SC_STOPPED) return RunEnd::Stopped;
        if (between_slices) between_slices();
    }
}

} // namespace fireplane
