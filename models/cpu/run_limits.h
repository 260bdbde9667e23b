#pragma once
// Where a run ends, shared by every CPU of a machine: after a number of
// instructions (all CPUs together) or at a simulated time. SystemC runs one
// CPU at a time, so both are exact: a CPU's run takes at most the
// instructions left and stops at the end time's cycle on its clock. The CPU
// that spends the last instruction stops the simulation (sc_stop); at the end
// time every CPU stops and the simulation runs on to it.
//
// A pause (for a checkpoint) is a limit the run comes back from: the CPUs
// that reach it wait, SystemC returns from sc_start (sc_pause), and the host
// may save the machine and then go on (resume()).
#include "ordered_event.h"

#include <systemc>

#include <algorithm>
#include <cstdint>
#include <vector>

namespace fireplane::sparc {

struct RunLimits {
    enum class Reached { None, Instructions, Time, Pause };

    uint64_t instructions_left = ~uint64_t(0);
    sc_core::sc_time end = sc_core::sc_max_time();
    Reached reached = Reached::None; // the first limit a CPU reached
    // A pause after this many more instructions (all CPUs together) ...
    uint64_t pause_left = ~uint64_t(0);
    // ... or when SystemC time reaches this (the simulation loop pauses).
    sc_core::sc_time pause_time = sc_core::sc_max_time();
    // Each CPU waits for its own event at a pause, an OrderedEvent as those a
    // restore wakes it with (SparcCpu::restored): the CPUs then run in one
    // order after either, and a restored run interleaves threads as the run
    // that saved it did.
    std::vector<OrderedEvent*> resume_events;
    void add_cpu(OrderedEvent* e) {
        if (std::find(resume_events.begin(), resume_events.end(), e) == resume_events.end())
            resume_events.push_back(e);
    }
    void resume() {
        for (OrderedEvent* e : resume_events)
            e->notify(sc_core::SC_ZERO_TIME);
    }
    // ... or after this much more work (instructions not spent spinning,
    // spin_detector.h), all CPUs together: the phases of a sampled run by
    // work. The CPUs that count work (SparcCpu::count_work_into) take it off
    // as they retire; kNoWork for none.
    static constexpr int64_t kNoWork = INT64_MAX;
    int64_t work_left = kNoWork;
    bool work_done() const { return work_left <= 0; }
    // A pause now (a magic instruction): the CPU running stops after it.
    void pause_now() { pause_left = 0; }
    // A pause now, whose host goes on with the instructions the pause would
    // have come after (interrupted_left, 0 for none): a sampled run's
    // contention stretch. The host clears it.
    uint64_t interrupted_left = 0;
    void interrupt() {
        if (interrupted_left || pause_left == 0) return;
        if (pause_left == ~uint64_t(0) && work_left == kNoWork) return; // no pause to come
        interrupted_left = pause_left;
        pause_left = 0;
    }
    // What a CPU may run before a limit or a pause.
    uint64_t budget() const {
        return instructions_left < pause_left ? instructions_left : pause_left;
    }
    void spent(uint64_t n) {
        instructions_left -= n < instructions_left ? n : instructions_left;
        pause_left -= n < pause_left ? n : pause_left;
    }
};

} // namespace fireplane::sparc
