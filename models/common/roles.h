#pragma once
// The roles a model plays in a machine. The platform builder wires models by
// these roles alone: a model type says what it is by implementing them, so a
// new type needs no change to the builder. A socket is handed over as a
// TargetPort (any target socket of the base protocol); the model that owns
// an initiator socket binds it itself, since only it knows the socket's type.
#include "interrupts.h"

#include <systemc>
#include <tlm>

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace fireplane {

namespace sparc {
class SparcCpu;
}

using TargetPort = tlm::tlm_base_target_socket_b<>;

struct AddressRange {
    uint64_t base = 0;
    uint64_t size = 0;
    uint64_t last() const { return base + size - 1; }
    bool contains(const AddressRange& r) const { return r.base >= base && r.last() <= last(); }
};

// Mapped into the physical address space: RAM, a device, a register window.
class BusTarget {
public:
    virtual ~BusTarget() = default;
    virtual TargetPort& bus_target() = 0;
    virtual AddressRange bus_range() const = 0;
    // The machine's RAM, where programs are loaded, rather than a device.
    virtual bool is_memory() const { return false; }
    // A boot ROM: firmware images are loaded here (and into RAM).
    virtual bool holds_firmware() const { return false; }
    // Where the images a boot ROM holds are linked: a segment at this address
    // + n loads at bus_range().base + n.
    virtual uint64_t firmware_link_address() const { return bus_range().base; }
};

// Turns the machine off when software asks: how firmware ends a run, with
// an exit code. The listener runs at the request, before the simulation stops.
class PowerSwitch {
public:
    virtual ~PowerSwitch() = default;
    virtual void on_poweroff(std::function<void(int exit_code)> listener) = 0;
    // Software asked for a system reset: the listener makes every CPU take a power-on reset.
    virtual void on_reset(std::function<void()> listener) = 0;
};

// Hands the firmware what the platform knows about the machine (QEMU's
// fw_cfg on a sun4u board): items under QEMU's 16-bit keys, each the bytes
// the firmware reads back (numbers little-endian, as QEMU stores them).
class FirmwareConfig {
public:
    virtual ~FirmwareConfig() = default;
    // Adds or replaces the item `key` (a well-known key or an arch-local one,
    // 0x8000 and up; not the file directory or files).
    virtual void set_boot_item(uint16_t key, std::vector<uint8_t> bytes) = 0;
    virtual void set_ram_size(uint64_t bytes) = 0;
    virtual void set_cpu_count(unsigned cpus) = 0; // the CPUs started and their maximum
    // What --kernel, --initrd and --append loaded: where the firmware finds them.
    virtual void set_kernel(uint64_t entry, uint64_t size) = 0;
    virtual void set_initrd(uint64_t address, uint64_t size) = 0;
    virtual void set_command_line(const std::string& text) = 0; // "": none
};

// A device with an interrupt line: its INO comes from the machine file
// (`interrupt`; 0 = not connected). The builder connects every source with a
// number to the machine's one InterruptController.
class InterruptSource {
public:
    virtual ~InterruptSource() = default;
    virtual void connect_interrupt(InterruptInput& to) = 0;
    virtual unsigned interrupt_number() const = 0;
};

// Receives the levels of every InterruptSource (models/common/interrupts.h)
// and delivers interrupts to the processors (the I/O bridge on a sun4u machine).
class InterruptController {
public:
    virtual ~InterruptController() = default;
    virtual InterruptInput& interrupt_input() = 0;
};

// A master on the system bus (a CPU's uncached port, a DMA engine).
class BusInitiator {
public:
    virtual ~BusInitiator() = default;
    virtual void bind_initiators(TargetPort& bus) = 0; // every socket it has
};

// Decodes addresses to the targets mapped on it: the system bus (the whole
// address space) or a bridge (its window). The builder maps each target on
// the smallest window that holds its range.
class AddressMap {
public:
    virtual ~AddressMap() = default;
    virtual AddressRange window() const = 0;
    // Throws std::invalid_argument when the range overlaps another's (the
    // message names both) or leaves the window.
    virtual void map(TargetPort& target, const AddressRange& range, const std::string& name) = 0;
};

// The system bus every master reaches: an AddressMap over everything.
class SystemBus : public AddressMap {
public:
    virtual TargetPort& master_port() = 0;
    AddressRange window() const override { return {0, ~uint64_t(0)}; }
};

// A caching agent: its requests go to the coherent interconnect (or, in a
// machine without one, straight to the system bus), and it answers snoops.
class CoherentAgent {
public:
    virtual ~CoherentAgent() = default;
    virtual void bind_requests(TargetPort& to) = 0;
    virtual TargetPort& snoop_port() = 0;
};

// Watches every transaction on the coherent interconnect without taking part.
class BusObserver {
public:
    virtual ~BusObserver() = default;
    virtual TargetPort& observer_port() = 0;
    // A Fire Link monitor whose registers host tools (--busstat) read and
    // program through debug transport; false for RTL behind its clock.
    virtual bool host_readable() const { return true; }
};

// An agent whose uncached traffic the coherent interconnect shows its
// observers (an I/O bridge announces what it carries).
class IoAgent {
public:
    virtual ~IoAgent() = default;
    virtual void bind_announcements(TargetPort& interconnect) = 0;
};

// The coherent interconnect (the Fireplane bus): agents send their requests
// to it, it broadcasts each to every agent's snooper and then to every
// observer, and reaches memory through the system bus.
class CoherentInterconnect {
public:
    virtual ~CoherentInterconnect() = default;
    virtual TargetPort& agent_port() = 0;
    // An agent's snooper (attached right after the agent bound its requests)
    // and an observer's port; any order.
    virtual void attach_snooper(TargetPort& snooper) = 0;
    virtual void attach_observer(TargetPort& observer) = 0;
    virtual TargetPort& io_port() = 0;
    virtual void bind_memory(TargetPort& system_bus) = 0;
    // INT transactions announced on io_port() go to the receiver with their target agent ID.
    virtual void attach_interrupt_receiver(InterruptReceiver& receiver) = 0;
    // Host tools sample on the interconnect's own instants, adding no events
    // (see models/fireplane/address_bus.h).
    using TimelineListener = std::function<void(const sc_core::sc_time&)>;
    virtual void add_timeline_listener(TimelineListener listener) = 0;
    virtual sc_core::sc_time clock_period() const = 0;
};

// A PCI function (models/pci): the builder attaches it to the component its
// `bus` parameter names, which must be a PciBusOwner, at `slot` device.function.
class PciDevice {
public:
    virtual ~PciDevice() = default;
    virtual std::string pci_bus_name() const = 0;
    virtual unsigned pci_device() const = 0;   // 0-31
    virtual unsigned pci_function() const = 0; // 0-7
};

// Owns a PCI bus (a host bridge its root bus, a PCI-to-PCI bridge its
// secondary bus) and puts devices on it. Throws std::invalid_argument when
// the slot is taken or the device cannot go on a PCI bus.
class PciBusOwner {
public:
    virtual ~PciBusOwner() = default;
    virtual void attach_pci(PciDevice& device) = 0;
};

// A processor software runs on.
class Processor {
public:
    virtual ~Processor() = default;
    virtual sparc::SparcCpu& sparc_cpu() = 0;
};

} // namespace fireplane
