#pragma once
// How far a CPU may run ahead of SystemC time (temporal decoupling).
//
// A CPU executes until its clock is some way ahead of SystemC time, then lets
// the other processes catch up. A CPU that polls a flag sees another CPU's
// store only once that CPU has run, so every exchange between CPUs costs up
// to the run-ahead, in simulated time and, while the reader spins, in host
// time. Where CPUs run together the run-ahead is therefore one short quantum.
//
// Where nothing else is due, nobody can observe a CPU running ahead: it may go
// on to SystemC's next pending activity (another CPU's quantum end, a timer, a
// bus response), up to `lookahead`. A program with one running thread thus
// pays for synchronisation only at its own events. A CPU that wakes another
// (SparcCpu::wake) ends the running CPU's run, so both go on a quantum apart.
#include <systemc>

#include <algorithm>

namespace fireplane::sparc {

struct RunAhead {
    sc_core::sc_time quantum;   // while other CPUs run
    sc_core::sc_time lookahead; // the most, while nothing else is due

    // The furthest a CPU's clock may be ahead of SystemC time, given the time
    // from now to SystemC's next pending activity.
    sc_core::sc_time horizon(const sc_core::sc_time& next_activity) const {
        if (next_activity <= quantum || lookahead <= quantum) return quantum;
        return std::min(next_activity, lookahead);
    }
};

} // namespace fireplane::sparc
