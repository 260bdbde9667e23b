#pragma once
// AxiMasterBridge: an RTL block's AXI4 master port on the platform, so that
// RTL can DMA into the machine's memory. Each burst the block sends becomes
// - one Fireplane transaction per 64-byte line it touches, on the coherent
//   interconnect (CoherentAgent): RS for a read, WS for a write, so the
//   caches' copies are snooped (a write invalidates them), the monitors see
//   the traffic and the bus times it; and
// - one access for the data itself through the system bus (BusInitiator),
//   where the platform keeps memory's contents (the caches model timing).
// The block waits for the response (RVALID or BVALID) until both are done.
//
// Protocol as a slave to the block (AXI A3): ARREADY and AWREADY are high
// while the bridge is idle; one read and one write burst are served at a
// time, each in its own thread; WREADY rises once AW is taken. Bursts are
// INCR or FIXED with beats of 1 to 8 bytes, the address aligned to the beat;
// anything else (WRAP, an unaligned address, a burst crossing 4 KiB) is
// answered SLVERR without touching memory. A target's address error, on the
// bus or at the data access, is DECERR, any other error SLVERR: software
// that points the block at no memory gets an error, not a stopped run. Bytes travel in the lanes of
// their addresses (little-endian lanes), WSTRB becomes the byte enables.
//
// The bridge holds the block's clock (RtlClock) while it serves a burst; a
// block that stops taking the response for `timeout_cycles` is a model bug
// (SC_REPORT_FATAL).
#include "axi4.h"
#include "rtl_clock.h"
#include "traced_pins.h"

#include "models/common/roles.h"
#include "models/fireplane/transaction_types.h"

#include "core/stats/stats.h"

#include <systemc>
#include <tlm>
#include <tlm_utils/simple_initiator_socket.h>
#include <tlm_utils/simple_target_socket.h>

#include <cstdint>
#include <vector>

namespace fireplane::rtl {

struct AxiMasterBridgeConfig {
    uint16_t agent_id = 30;         // Safari agent ID of its Fireplane transactions (I/O: 24-31)
    unsigned timeout_cycles = 1000; // cycles the block may leave a response waiting
};

class AxiMasterBridge : public sc_core::sc_module,
                        public TracedPins,
                        public BusInitiator,
                        public CoherentAgent {
    using Initiator =
        tlm_utils::simple_initiator_socket_b<AxiMasterBridge, 32, tlm::tlm_base_protocol_types,
                                             sc_core::SC_ZERO_OR_MORE_BOUND>;

public:
    Axi4Pins pins;   // bind the block with pins.bind_master(block)
    Initiator data;  // the data, to the system bus
    Initiator lines; // the Fireplane transactions, to the coherent interconnect (optional)
    tlm_utils::simple_target_socket_b<AxiMasterBridge, 32, tlm::tlm_base_protocol_types,
                                      sc_core::SC_ZERO_OR_MORE_BOUND>
        snoops; // from the coherent interconnect (optional)

    AxiMasterBridge(sc_core::sc_module_name name, const AxiMasterBridgeConfig& config,
                    RtlClock& clock);

    void bind_initiators(TargetPort& bus) override { data.bind(bus); }
    void bind_requests(TargetPort& to) override { lines.bind(to); }
    TargetPort& snoop_port() override { return snoops; }
    void visit_pins(const PinVisitor& visit) const override { pins.each_pin(visit); }

    uint64_t bursts() const { return reads_ + writes_; }
    uint64_t bytes() const { return bytes_; }
    uint64_t errors() const { return errors_; }

private:
    struct Burst {
        uint64_t address = 0;
        unsigned beats = 0, beat_bytes = 0, kind = 0; // kind: AxBURST
        uint64_t bytes() const { return uint64_t(beats) * beat_bytes; }
        uint64_t beat_address(unsigned k) const {
            return kind == kBurstFixed ? address : address + uint64_t(k) * beat_bytes;
        }
        bool supported() const;
    };
    // A Fireplane transaction in flight: its payload and the event of its response.
    struct LineRequest {
        tlm::tlm_generic_payload gp;
        sc_core::sc_event done;
    };

    void serve_reads();  // SC_THREAD
    void serve_writes(); // SC_THREAD
    // RS or WS for every line of [address, address + bytes); an AXI response
    // (DECERR for a line no memory holds, and then no further line).
    uint32_t coherent(TransactionType type, uint64_t address, uint64_t bytes, LineRequest& r);
    // The data access of one beat (FIXED) or the whole burst (INCR); an AXI response.
    uint32_t move(tlm::tlm_command cmd, uint64_t address, uint8_t* bytes, unsigned len,
                  const uint8_t* enables);
    // Edges until `handshake` (sampled at each) holds; a hung block after timeout_cycles.
    template <class Handshake> void until(const char* channel, Handshake&& handshake);
    tlm::tlm_sync_enum lines_bw(tlm::tlm_generic_payload& gp, tlm::tlm_phase& phase,
                                sc_core::sc_time& delay);
    tlm::tlm_sync_enum snoop_fw(tlm::tlm_generic_payload& gp, tlm::tlm_phase& phase,
                                sc_core::sc_time& delay);
    unsigned snoop_dbg(tlm::tlm_generic_payload&) { return 0; } // holds no line

    AxiMasterBridgeConfig config_;
    RtlClock& clock_;
    LineRequest read_line_, write_line_;
    uint16_t next_tid_ = 0;
    uint64_t reads_ = 0, writes_ = 0, bytes_ = 0, errors_ = 0, lines_sent_ = 0;
    StatsGroup stats_{this->name()};
};

} // namespace fireplane::rtl
