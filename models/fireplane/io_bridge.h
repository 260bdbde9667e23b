#pragma once
// IoBridge: the Fireplane I/O bridge agent (on the V1280's I/O assembly).
// It owns an I/O address window on the system router and carries the devices
// mapped inside it (the console UART, later the boot ROM and the Fire Link
// monitors' registers). Every access through it is a Fireplane I/O
// transaction: RIO or WIO for 1-16 bytes, RBIO or WBIO for a 64-byte block.
// The requester's FireplaneExtension (a CPU stamps its uncached accesses with
// its agent ID) says who asked; the bridge counts the transactions by type
// and adds its crossing latency.
//
// LT (b_transport) and debug transport; no DMI: device registers have side
// effects. Addresses arrive local to the bridge's window (the router makes
// them so) and leave global, for the devices' own decoder.
//
// It is also the machine's interrupt controller: the first 8 KiB of its
// window hold the interrupt mapping registers (interrupt_mapper.h), and a
// device's line becomes an interrupt vector, an INT transaction from the
// bridge's agent to the CPU the mapping names.
#include "fireplane_extension.h"
#include "interrupt_mapper.h"
#include "io_agent.h"
#include "models/common/roles.h"
#include "models/devices/router.h"
#include "transaction_types.h"

#include "core/checkpoint/checkpointable.h"
#include "core/stats/stats.h"

#include <systemc>
#include <tlm>
#include <tlm_utils/simple_initiator_socket.h>
#include <tlm_utils/simple_target_socket.h>

#include <array>
#include <cstdint>
#include <string>

namespace fireplane {

struct IoBridgeConfig {
    uint64_t base = 0x1fff0000000; // the I/O window
    uint64_t size = uint64_t(256) << 20;
    uint16_t agent_id = kFirstIoAgentId;
    sc_core::sc_time latency{150, sc_core::SC_NS};       // each way through the bridge, added once
    sc_core::sc_time interrupt_retry{1, sc_core::SC_US}; // after a NACKed interrupt vector
};

class IoBridge : public sc_core::sc_module,
                 public BusTarget,
                 public AddressMap,
                 public IoAgent,
                 public InterruptController,
                 public Checkpointable {
public:
    tlm_utils::simple_target_socket<IoBridge> socket;
    // To the Fireplane bus's `io` socket: every transaction the bridge carries
    // is announced there, so the bus's monitors see it. Optional (a machine
    // without a bus).
    tlm_utils::simple_initiator_socket_optional<IoBridge> announce;

    IoBridge(sc_core::sc_module_name name, const IoBridgeConfig& config);
    ~IoBridge() override;

    // BusTarget: the bridge's window on the system bus.
    TargetPort& bus_target() override { return socket; }
    AddressRange bus_range() const override { return window(); }
    // AddressMap: the devices behind it.
    AddressRange window() const override { return {config_.base, config_.size}; }
    // Puts `device` behind the bridge at physical `range`. Throws
    // std::invalid_argument when it does not fit the window or overlaps.
    void map(TargetPort& device, const AddressRange& range, const std::string& name) override;
    // IoAgent
    void bind_announcements(TargetPort& interconnect) override { announce.bind(interconnect); }
    // InterruptController
    InterruptInput& interrupt_input() override { return interrupts_; }
    const InterruptMapper& interrupts() const { return interrupts_; }

    const IoBridgeConfig& config() const { return config_; }
    // Checkpointable (section "<name>"): the interrupt mapping and clear registers.
    void checkpoint(StateIo& io) override {
        if (interrupts_.checkpoint(io) && io.restoring()) retry_.notify(config_.interrupt_retry);
    }
    void unschedule() override { retry_.cancel(); }
    uint64_t transactions(TransactionType t) const { return by_type_[unsigned(t)]; }

private:
    void b_transport(tlm::tlm_generic_payload& gp, sc_core::sc_time& delay);
    unsigned transport_dbg(tlm::tlm_generic_payload& gp);
    bool register_access(tlm::tlm_generic_payload& gp); // the interrupt registers
    bool send_vector(const InterruptVector& vector);
    tlm::tlm_fw_transport_if<>* bus() { return announce.size() ? announce[0] : nullptr; }
    void retry_interrupts(); // SC_METHOD: NACKed vectors again

    IoBridgeConfig config_;
    Router devices_;
    tlm_utils::simple_initiator_socket<IoBridge> to_devices_;
    IoTransactionCounts by_type_{};
    InterruptMapper interrupts_;
    sc_core::sc_event retry_;
    CheckpointSection checkpoint_section_{this->name(), 1, *this};
    StatsGroup stats_{this->name()}; // last: its statistics go first
};

} // namespace fireplane
