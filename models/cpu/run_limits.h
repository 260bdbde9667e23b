#pragma once
// Where a run ends, shared by every CPU of a machine: after a number of
// instructions (all CPUs together) or at a simulated time. SystemC runs one
// CPU at a time, so both are exact: a CPU's run takes at most the
// instructions left and stops at the end time's cycle on its clock. The CPU
// that spends the last instruction stops the simulation (sc_stop); at the end
// time every CPU stops and the simulation runs on to it.
#include <systemc>

#include <cstdint>

namespace fireplane::sparc {

struct RunLimits {
    enum class Reached { None, Instructions, Time };

    uint64_t instructions_left = ~uint64_t(0);
    sc_core::sc_time end = sc_core::sc_max_time();
    Reached reached = Reached::None; // the first limit a CPU reached
};

} // namespace fireplane::sparc
