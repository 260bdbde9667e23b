#pragma once
// PciBridge: a PCI-to-PCI bridge (type 1 header; PCI-to-PCI Bridge
// Architecture 1.1), by default Sun's Simba (108e:5000, class 0x060400,
// revision 0x11). It owns its secondary PciBus, whose number is the bridge's
// secondary bus number register, and forwards from its primary bus:
//   - type 1 configuration cycles for buses secondary..subordinate (the
//     secondary bus turns those for its own number into type 0);
//   - I/O cycles inside its I/O window when the command register enables
//     I/O, memory cycles inside its memory or prefetchable window when it
//     enables memory. A window is base..limit with the base register's bits
//     and the limit's filled with ones below the granularity (I/O 4 KiB,
//     memory 1 MiB), so the reset values (base = limit = 0) give 0x0-0xfff
//     and 0x0-0xfffff; a base above its limit forwards nothing (3.2.5.6,
//     3.2.5.8, 3.2.5.9). The bridge control's ISA enable keeps the top 768
//     bytes of each 1 KiB of the first 64 KiB of I/O on the primary bus.
// A cycle that master-aborts on the secondary bus sets the secondary
// status's received-master-abort bit and comes back as an address error
// (master abort mode is not modelled; the host bridge decides what software sees).
// Not modelled: VGA forwarding, upstream (DMA) cycles, the bridge's BARs.
#include "pci_bus.h"
#include "pci_function.h"

#include "models/common/roles.h"

#include <systemc>
#include <tlm>
#include <tlm_utils/simple_initiator_socket.h>

#include <cstdint>

namespace fireplane {

struct PciBridgeConfig {
    PciPlacement placement;
    uint16_t vendor = 0x108e; // Sun
    uint16_t device = 0x5000; // Simba
    uint8_t revision = 0x11;
    bool multifunction = false;
    // Command register at reset: the Simba comes up with memory enabled (its
    // boot pin); QEMU's Sabre also enables I/O on the Simba carrying the ebus
    // so the early console works before firmware programs the bridge.
    bool memory_enabled_at_reset = true;
    bool io_enabled_at_reset = false;
    sc_core::sc_time latency{30, sc_core::SC_NS}; // of the secondary bus
};

struct PciWindow {
    uint64_t base = 0;
    uint64_t limit = 0;
    bool empty() const { return base > limit; }
    bool contains(uint64_t a) const { return !empty() && a >= base && a <= limit; }
};

class PciBridge : public PciFunction, public PciBusOwner {
public:
    // Type 1 header offsets used here.
    static constexpr unsigned kSecondaryBus = 0x19, kSubordinateBus = 0x1a, kIoBase = 0x1c,
                              kIoLimit = 0x1d, kSecondaryStatus = 0x1e, kMemoryBase = 0x20,
                              kMemoryLimit = 0x22, kPrefetchBase = 0x24, kPrefetchLimit = 0x26,
                              kPrefetchBaseHi = 0x28, kPrefetchLimitHi = 0x2c, kIoBaseHi = 0x30,
                              kIoLimitHi = 0x32, kBridgeControl = 0x3e;
    static constexpr uint16_t kControlIsa = 0x0004;

    PciBridge(sc_core::sc_module_name name, const PciBridgeConfig& config = {});

    PciBus& secondary() { return secondary_; }
    unsigned secondary_bus() const { return config_space().byte(kSecondaryBus); }
    unsigned subordinate_bus() const { return config_space().byte(kSubordinateBus); }
    PciWindow io_window() const;
    PciWindow memory_window() const;
    PciWindow prefetchable_window() const;

    // PciFunction
    bool claims(PciSpace space, uint64_t address) const override;
    bool forwards_bus(unsigned bus) const override;
    // PciBusOwner: devices go on the secondary bus.
    void attach_pci(PciDevice& device) override { secondary_.attach(device); }

protected:
    void io_memory_cycle(tlm::tlm_generic_payload& gp, PciSpace space,
                         sc_core::sc_time* delay) override;
    void forward_config(tlm::tlm_generic_payload& gp, sc_core::sc_time* delay) override;

private:
    void forward(tlm::tlm_generic_payload& gp, sc_core::sc_time* delay);

    PciBus secondary_;
    tlm_utils::simple_initiator_socket<PciBridge> down_;
};

// The identity of a bridge with `config` (class 0x060400, status as the Simba's).
PciIdentity pci_bridge_identity(const PciBridgeConfig& config);

} // namespace fireplane
