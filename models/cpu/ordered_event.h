#pragma once
// An event whose timed notifications SystemC delivers in one order at equal
// times: the CPUs' wake-ups (a synchronisation's end, a wake from sleep, a
// cache answer).
//
// The kernel keeps timed notifications in a heap, and those due at one
// instant come out in an order that depends on the heap's history. A machine
// restored from a checkpoint has another history than the run that saved it,
// so two CPUs due at one instant could run in the other order, and threads
// that share memory would interleave differently. OrderedEvents share one
// queue kept in (time, rank) order, behind one timed kernel event: at each
// instant a method delivers those due as immediate notifications, lowest rank
// first, and their processes run in that order in the same evaluation phase.
#include <systemc>

#include <cstdint>

namespace fireplane::sparc {

class WakeQueue;

class OrderedEvent {
public:
    // Ranks order events due at one instant (a CPU's agent ID); events of one
    // rank go in the order they were made.
    explicit OrderedEvent(unsigned rank);
    ~OrderedEvent();
    OrderedEvent(const OrderedEvent&) = delete;
    OrderedEvent& operator=(const OrderedEvent&) = delete;

    // As sc_event::notify(delay): an earlier pending notification wins.
    void notify(const sc_core::sc_time& delay);
    void cancel();
    bool pending() const { return due_ != kNone; }
    // What a process waits for.
    const sc_core::sc_event& event() const { return event_; }

private:
    friend class WakeQueue;
    static constexpr uint64_t kNone = ~uint64_t(0);
    WakeQueue& queue_; // the simulation's, looked up once
    sc_core::sc_event event_;
    uint64_t order_;       // rank, then the making order
    uint64_t due_ = kNone; // SystemC time value of the pending notification
};

} // namespace fireplane::sparc
