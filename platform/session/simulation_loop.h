#pragma once
// Runs the simulation to its end: the program exits (sc_stop), a run limit is
// reached (models/cpu/run_limits.h), or nothing is left to happen. SystemC
// runs in slices of simulated time so that the progress line can be drawn in
// between; slices add no events, so the run is the same as one sc_start().
#include "models/cpu/sparc_cpu.h"

#include <functional>

namespace fireplane {

enum class RunEnd {
    Stopped,          // sc_stop: the program ended (or a limit that stops at once)
    Idle,             // nothing left to happen (e.g. every thread waits forever)
    InstructionLimit, // --max-instructions
    TimeLimit,        // --max-time
    Killed,           // the debugger's `kill` (platform/gdb)
    Paused,           // a pause (RunLimits::pause_left, pause_time): the run can go on
};

// `between_slices`, if given, runs after each slice (a progress line).
RunEnd simulate(const sparc::RunLimits& limits, const std::function<void()>& between_slices);

} // namespace fireplane
