#pragma once
// TransactionStream: the Fireplane address bus's transactions as pins, for
// RTL that watches the bus (a monitor's counters). It observes the coherent
// interconnect like a Fire Link monitor (BusObserver: every transaction,
// I/O announcements included, with its snoop result) and feeds each one to
// the block in one clock cycle: tr_valid high with the transaction's
// address, type code, source agent ID and transaction ID.
//
// Observation must not change the run (see address_bus.h), so the bus is
// never delayed: transactions queue, and the block takes them on its own
// clock, held only while the queue has some. drain() feeds the whole queue
// before it returns: the block's register bridge calls it before each
// access, so software reads counts that include every transaction the bus
// carried before the access.
#include "axi_lite.h"
#include "rtl_clock.h"
#include "traced_pins.h"

#include "models/common/roles.h"

#include "core/stats/stats.h"

#include <systemc>
#include <tlm>
#include <tlm_utils/simple_target_socket.h>

#include <cstdint>
#include <deque>

namespace fireplane::rtl {

// clang-format off
#define FIREPLANE_STREAM_PINS(X) \
    X(valid, 1) X(address, 43) X(type, 5) X(source, 10) X(tid, 16)
// clang-format on

class TransactionStream : public sc_core::sc_module, public TracedPins {
public:
    tlm_utils::simple_target_socket<TransactionStream> observe; // bind to the bus's snoopers
#define FIREPLANE_STREAM_PIN(name, width) PinOf<width> name{"tr_" #name};
    FIREPLANE_STREAM_PINS(FIREPLANE_STREAM_PIN)
#undef FIREPLANE_STREAM_PIN

    TransactionStream(sc_core::sc_module_name name, RtlClock& clock);

    // Feeds every queued transaction to the block; call from a thread.
    void drain();

    // The block's ports tr_valid, tr_address, tr_type, tr_source and tr_tid.
    template <class Block> void bind(Block& b) {
#define FIREPLANE_STREAM_BIND(name, width) b.tr_##name(name);
        FIREPLANE_STREAM_PINS(FIREPLANE_STREAM_BIND)
#undef FIREPLANE_STREAM_BIND
    }
    void visit_pins(const PinVisitor& visit) const override {
#define FIREPLANE_STREAM_VISIT(name, width) visit("tr_" #name, width, name);
        FIREPLANE_STREAM_PINS(FIREPLANE_STREAM_VISIT)
#undef FIREPLANE_STREAM_VISIT
    }

    uint64_t fed() const {
        return fed_;
    }

private:
    struct Record {
        uint64_t address;
        uint32_t type, source, tid;
    };
    tlm::tlm_sync_enum observe_fw(tlm::tlm_generic_payload& gp, tlm::tlm_phase& phase,
                                  sc_core::sc_time& delay);
    unsigned observe_dbg(tlm::tlm_generic_payload&) {
        return 0;
    }            // holds no line
    void feed(); // SC_THREAD

    RtlClock& clock_;
    std::deque<Record> queue_;
    sc_core::sc_event arrived_;
    sc_core::sc_mutex feeding_;
    uint64_t fed_ = 0;
    StatsGroup stats_{this->name()};
};

} // namespace fireplane::rtl
