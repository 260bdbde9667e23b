#pragma once
// PciFunction: the base of every PCI function model. It has a configuration
// space (PciConfigSpace) and one target socket on which its bus hands it the
// cycles it takes:
//   - configuration cycles of type 0 (address = register offset), answered
//     from the configuration space; type 1 (bridges only, forward_config);
//   - I/O and memory cycles its enabled BARs claim (or a bridge's windows, or
//     those it takes as its bus's subtractive-decode agent), with the bus
//     address: a BAR's offset is the address minus the BAR's base.
// It is a PciDevice: the builder attaches it to the bus its placement names.
#include "pci_access.h"
#include "pci_config_space.h"
#include "pci_slot.h"

#include "models/common/roles.h"

#include <systemc>
#include <tlm>
#include <tlm_utils/simple_target_socket.h>

#include <cstdint>
#include <string>

namespace fireplane {

class PciFunction : public sc_core::sc_module, public PciDevice {
public:
    tlm_utils::simple_target_socket<PciFunction> socket;

    // `placement` must be valid (pci_placement_params checked it); a bad slot is fatal.
    PciFunction(sc_core::sc_module_name name, PciHeader header, const PciIdentity& identity,
                const PciPlacement& placement = {});

    PciConfigSpace& config_space() { return config_; }
    const PciConfigSpace& config_space() const { return config_; }

    // Does an enabled BAR claim (space, address)? A bridge adds its windows.
    virtual bool claims(PciSpace space, uint64_t address) const;
    // Takes the I/O cycles nobody on its bus claims (the ebus's legacy ports).
    virtual bool decodes_subtractively() const { return false; }
    // A bridge: are configuration cycles for bus `bus` forwarded through it?
    virtual bool forwards_bus(unsigned bus) const {
        (void)bus;
        return false;
    }

    // PciDevice
    std::string pci_bus_name() const override { return placement_.bus; }
    unsigned pci_device() const override { return slot_.device; }
    unsigned pci_function() const override { return slot_.function; }

protected:
    // In each hook, `delay` is null for a debug access (transport_dbg: no
    // side effects beyond the data, no timing). They set the response status.
    //
    // An I/O or memory cycle given to this function. The default finds the
    // claiming BAR and calls bar_access; an unclaimed cycle is an address error.
    virtual void io_memory_cycle(tlm::tlm_generic_payload& gp, PciSpace space,
                                 sc_core::sc_time* delay);
    // A cycle to BAR `index` at `offset` from its base. Default: address error.
    virtual void bar_access(unsigned index, uint64_t offset, tlm::tlm_generic_payload& gp,
                            sc_core::sc_time* delay);
    // A type 1 configuration cycle to forward (bridges). Default: address error.
    virtual void forward_config(tlm::tlm_generic_payload& gp, sc_core::sc_time* delay);

private:
    void b_transport(tlm::tlm_generic_payload& gp, sc_core::sc_time& delay);
    unsigned transport_dbg(tlm::tlm_generic_payload& gp);
    void dispatch(tlm::tlm_generic_payload& gp, sc_core::sc_time* delay);
    void config_cycle(tlm::tlm_generic_payload& gp, bool debug);

    PciConfigSpace config_;
    PciPlacement placement_;
    PciSlot slot_;
};

} // namespace fireplane
