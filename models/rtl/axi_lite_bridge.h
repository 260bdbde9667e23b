#pragma once
// AxiLiteBridge: a TLM-2.0 target that drives an AXI4-Lite slave's pins, so
// that a Verilated block sits on the platform's bus like any device. Every
// access becomes AXI4-Lite transfers, one per 32-bit word it touches, with
// the payload's byte enables as WSTRB. The bridge holds the block's clock
// (RtlClock) while a transfer is in flight, so an idle block costs nothing
// and each RTL cycle takes one period of SystemC time; a transfer ends at
// its last rising edge.
//
// Bytes map to lanes by address, as AXI's byte-invariant little-endian
// lanes do: the payload byte for address A travels in lane A % 4. A
// big-endian CPU reading a 32-bit register therefore sees its bytes swapped
// unless it uses a little-endian ASI, as on real hardware.
//
// Responses: OKAY is TLM_OK_RESPONSE, SLVERR a generic error, DECERR an
// address error. An access that spans words without covering them whole is
// a burst error. A block that does not answer within `timeout_cycles` is a
// model bug (SC_REPORT_FATAL with the cycle and the channel).
//
// b_transport synchronises the caller's annotated delay first, then waits
// through the block's cycles (the LT caller sees them as time passing);
// nb_transport goes through the socket's conversion to b_transport. Debug
// transport reads nothing: the block's state is behind its clock.
#include "axi_lite.h"
#include "models/common/roles.h"
#include "rtl_clock.h"
#include "traced_pins.h"

#include "core/stats/stats.h"

#include <systemc>
#include <tlm>
#include <tlm_utils/simple_target_socket.h>

#include <cstdint>
#include <functional>

namespace fireplane::rtl {

struct AxiLiteBridgeConfig {
    uint64_t base = 0;              // where the block's registers are on the bus
    uint64_t size = 0x1000;         // bytes of register space
    unsigned timeout_cycles = 1000; // a channel waiting longer is a hung block
};

class AxiLiteBridge : public sc_core::sc_module, public BusTarget, public TracedPins {
public:
    tlm_utils::simple_target_socket<AxiLiteBridge> socket;
    AxiLitePins pins; // bind the block with pins.bind_slave(block)

    // Throws std::invalid_argument for a zero size.
    AxiLiteBridge(sc_core::sc_module_name name, const AxiLiteBridgeConfig& config, RtlClock& clock);

    TargetPort& bus_target() override { return socket; }
    AddressRange bus_range() const override { return {config_.base, config_.size}; }

    void visit_pins(const PinVisitor& visit) const override { pins.each_pin(visit); }
    // Runs before each access drives the pins (a TransactionStream's drain,
    // so that reads see every transaction before them).
    void before_access(std::function<void()> hook) { before_access_ = std::move(hook); }

    uint64_t transfers() const { return transfers_; } // AXI reads and writes
    uint64_t errors() const { return errors_; }       // SLVERR and DECERR answers

private:
    void b_transport(tlm::tlm_generic_payload& gp, sc_core::sc_time& delay);
    unsigned transport_dbg(tlm::tlm_generic_payload&) { return 0; }
    // Edges until `handshake` (sampled at each) says the channel's transfer
    // happened; a hung block after timeout_cycles.
    template <class Handshake>
    void until(const char* channel, uint64_t address, Handshake&& handshake);
    uint32_t write_word(uint64_t address, uint32_t data, uint32_t strobes);
    uint32_t read_word(uint64_t address, uint32_t& data);

    AxiLiteBridgeConfig config_;
    RtlClock& clock_;
    std::function<void()> before_access_;
    sc_core::sc_mutex busy_; // one initiator on the pins at a time
    uint64_t transfers_ = 0, errors_ = 0;
    StatsGroup stats_{this->name()};
};

} // namespace fireplane::rtl
