#pragma once
// Ebus: Sun's ebus, the PCI-to-ISA-style bridge that carries a sun4u's
// legacy devices (108e:1000, class 0x068000 "other bridge", revision 1).
// Its ISA space is reached three ways, each with the ISA port as the offset:
//   - BAR0, 16 MiB of memory space (port = address - BAR0 base);
//   - BAR1, 32 KiB of I/O space (port = address - BAR1 base);
//   - as its bus's subtractive-decode agent: an I/O cycle no other function
//     on its bus claims reaches port = the I/O address, whatever the command
//     register says (as QEMU's sun4u maps the ebus's devices into PCI I/O
//     space, so the console works before firmware programs the ebus).
// The devices in the ISA space are mapped on it by the builder: it is an
// AddressMap whose window {isa_base, size} is where its ports appear in the
// physical map through the host bridge's I/O window, so a device at
// isa_base + 0x3f8 is ISA port 0x3f8. Cycles reach them with that global
// address (through an internal Router); a port with no device is an address error.
#include "pci_function.h"

#include "models/common/roles.h"
#include "models/devices/router.h"

#include "core/stats/stats.h"

#include <systemc>
#include <tlm>
#include <tlm_utils/simple_initiator_socket.h>

#include <cstdint>
#include <string>

namespace fireplane {

struct EbusConfig {
    PciPlacement placement;
    uint64_t isa_base = 0x1fe02000000; // sun4u: the Sabre's PCI I/O window
    uint64_t size = uint64_t(16) << 20;
    bool multifunction = false;
};

class Ebus : public PciFunction, public AddressMap {
public:
    static constexpr uint64_t kBar0Size = uint64_t(16) << 20;
    static constexpr uint64_t kBar1Size = uint64_t(32) << 10;

    Ebus(sc_core::sc_module_name name, const EbusConfig& config = {});
    ~Ebus() override;

    // AddressMap: the ISA space. Throws std::invalid_argument when `range`
    // leaves the window or overlaps another device.
    AddressRange window() const override { return {config_.isa_base, config_.size}; }
    void map(TargetPort& target, const AddressRange& range, const std::string& name) override;

    bool decodes_subtractively() const override { return true; }

protected:
    void io_memory_cycle(tlm::tlm_generic_payload& gp, PciSpace space,
                         sc_core::sc_time* delay) override;
    void bar_access(unsigned index, uint64_t offset, tlm::tlm_generic_payload& gp,
                    sc_core::sc_time* delay) override;

private:
    void isa_cycle(uint64_t port, tlm::tlm_generic_payload& gp, sc_core::sc_time* delay);
    bool isa_decoded(const tlm::tlm_generic_payload& gp) const; // a device is mapped there

    EbusConfig config_;
    Router isa_;
    tlm_utils::simple_initiator_socket<Ebus> to_isa_;
    uint64_t absent_port_cycles_ = 0;
    StatsGroup stats_{this->name()}; // last: its statistics go first
};

PciIdentity ebus_identity(bool multifunction);

} // namespace fireplane
