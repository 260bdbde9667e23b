#pragma once
// PciBus: one PCI bus segment. Cycles come in on `upstream` (from the host
// bridge for bus 0, from the bridge above for a secondary bus) and go to the
// function that claims them:
//   - Config: the bus number is this bus's own -> a type 0 cycle to the
//     function at device.function (address = register offset); the bus number
//     lies in a bridge's secondary..subordinate range -> a type 1 cycle
//     forwarded through that bridge; else master abort.
//   - I/O and Memory: the function whose enabled BAR (command register) or
//     bridge window claims the address; else, for I/O, the bus's
//     subtractive-decode function (the ebus) if any; else master abort.
// Master abort is TLM_ADDRESS_ERROR_RESPONSE with nothing changed (the host
// bridge turns a configuration read's master abort into all-ones data).
// transport_dbg follows the same decode, without timing. No DMI: every
// crossing costs the bus's latency.
#include "pci_access.h"

#include "core/stats/stats.h"

#include <systemc>
#include <tlm>
#include <tlm_utils/multi_passthrough_initiator_socket.h>
#include <tlm_utils/simple_target_socket.h>

#include <array>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace fireplane {

class PciFunction;
class PciDevice;

struct PciBusConfig {
    sc_core::sc_time latency{30, sc_core::SC_NS}; // annotated on every cycle crossing the bus
    unsigned number = 0;                          // bus number of a root bus
};

class PciBus : public sc_core::sc_module {
public:
    static constexpr unsigned kDevices = 32;
    static constexpr unsigned kFunctions = 8;

    tlm_utils::simple_target_socket<PciBus> upstream;

    // A root bus (number from the config, 0 by default), usable standalone.
    explicit PciBus(sc_core::sc_module_name name, const PciBusConfig& config = {});
    ~PciBus() override;

    // Puts `f` at device.function and binds it; call during elaboration.
    // Throws std::invalid_argument for a device above 31, a function above 7,
    // a slot already taken (naming both) or a function attached twice. A
    // function that is its bus's subtractive-decode agent becomes this bus's
    // (only one per bus).
    void attach(PciFunction& f, unsigned device, unsigned function);
    // The same at the device's own slot; throws std::invalid_argument when it
    // is not a PciFunction.
    void attach(PciDevice& device);

    // The number type 0 decode compares with: a root bus's configured one,
    // or (after follow_number) its bridge's secondary bus number register.
    unsigned number() const { return number_source_ ? number_source_() : config_.number; }
    void follow_number(std::function<unsigned()> source) { number_source_ = std::move(source); }

    PciFunction* function_at(unsigned device, unsigned function) const;
    const sc_core::sc_time& latency() const { return config_.latency; }
    uint64_t master_aborts() const { return master_aborts_; }

private:
    void b_transport(tlm::tlm_generic_payload& gp, sc_core::sc_time& delay);
    unsigned transport_dbg(tlm::tlm_generic_payload& gp);

    // Where a cycle goes: the port of the function (into functions_), or -1
    // for a master abort. For a configuration cycle, `type` is the config
    // type the function gets and `address` the address it sees.
    struct Route {
        int port = -1;
        uint8_t type = 0;
        uint64_t address = 0;
    };
    Route decode(const tlm::tlm_generic_payload& gp, PciAccess& access) const;
    PciAccess& access_of(const tlm::tlm_generic_payload& gp) const;

    PciBusConfig config_;
    std::function<unsigned()> number_source_;
    tlm_utils::multi_passthrough_initiator_socket_optional<PciBus>
        downstream_;                                 // a bus may be empty
    std::vector<PciFunction*> functions_;            // by downstream_ port
    std::array<int, kDevices * kFunctions> by_slot_; // device<<3|function -> port, -1: empty
    int subtractive_ = -1;
    uint64_t master_aborts_ = 0;
    StatsGroup stats_{this->name()}; // last: its statistics go first
};

} // namespace fireplane
