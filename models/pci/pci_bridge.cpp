#include "pci_bridge.h"

namespace fireplane {

namespace {

constexpr uint32_t kClassPciBridge = 0x060400;
// Fast back-to-back capable, 66 MHz capable, medium DEVSEL timing.
constexpr uint16_t kSimbaStatus = 0x02a0;

} // namespace

PciIdentity pci_bridge_identity(const PciBridgeConfig& c) {
    PciIdentity id;
    id.vendor = c.vendor;
    id.device = c.device;
    id.revision = c.revision;
    id.class_code = kClassPciBridge;
    id.command = uint16_t((c.memory_enabled_at_reset ? PciConfigSpace::kCommandMemory : 0) |
                          (c.io_enabled_at_reset ? PciConfigSpace::kCommandIo : 0));
    id.status = kSimbaStatus;
    id.multifunction = c.multifunction;
    return id;
}

PciBridge::PciBridge(sc_core::sc_module_name name, const PciBridgeConfig& config)
    : PciFunction(name, PciHeader::Type1, pci_bridge_identity(config), config.placement),
      secondary_("secondary", PciBusConfig{config.latency, 0}), down_("down") {
    secondary_.follow_number([this] { return secondary_bus(); });
    down_.bind(secondary_.upstream);
}

PciWindow PciBridge::io_window() const {
    const PciConfigSpace& c = config_space();
    const bool wide = (c.byte(kIoBase) & 0x0f) == 0x01; // 32-bit I/O addressing
    PciWindow w;
    w.base = uint64_t(c.byte(kIoBase) & 0xf0) << 8;
    w.limit = uint64_t(c.byte(kIoLimit) & 0xf0) << 8 | 0xfff;
    if (wide) {
        w.base |= uint64_t(c.read(kIoBaseHi, 2)) << 16;
        w.limit |= uint64_t(c.read(kIoLimitHi, 2)) << 16;
    }
    return w;
}

PciWindow PciBridge::memory_window() const {
    const PciConfigSpace& c = config_space();
    PciWindow w;
    w.base = uint64_t(c.read(kMemoryBase, 2) & 0xfff0) << 16;
    w.limit = uint64_t(c.read(kMemoryLimit, 2) & 0xfff0) << 16 | 0xfffff;
    return w;
}

PciWindow PciBridge::prefetchable_window() const {
    const PciConfigSpace& c = config_space();
    const bool wide = (c.read(kPrefetchBase, 2) & 0xf) == 0x1; // 64-bit addressing
    PciWindow w;
    w.base = uint64_t(c.read(kPrefetchBase, 2) & 0xfff0) << 16;
    w.limit = uint64_t(c.read(kPrefetchLimit, 2) & 0xfff0) << 16 | 0xfffff;
    if (wide) {
        w.base |= uint64_t(c.read(kPrefetchBaseHi, 4)) << 32;
        w.limit |= uint64_t(c.read(kPrefetchLimitHi, 4)) << 32;
    }
    return w;
}

bool PciBridge::claims(PciSpace space, uint64_t address) const {
    const uint16_t command = config_space().command();
    if (space == PciSpace::Io) {
        if (!(command & PciConfigSpace::kCommandIo)) return false;
        const bool isa = config_space().read(kBridgeControl, 2) & kControlIsa;
        if (isa && address < 0x10000 && (address & 0x300) != 0) return false;
        return io_window().contains(address);
    }
    if (space == PciSpace::Memory) {
        if (!(command & PciConfigSpace::kCommandMemory)) return false;
        return memory_window().contains(address) || prefetchable_window().contains(address);
    }
    return false;
}

bool PciBridge::forwards_bus(unsigned bus) const {
    return bus >= secondary_bus() && bus <= subordinate_bus();
}

void PciBridge::io_memory_cycle(tlm::tlm_generic_payload& gp, PciSpace space,
                                sc_core::sc_time* delay) {
    if (!claims(space, gp.get_address())) {
        gp.set_response_status(tlm::TLM_ADDRESS_ERROR_RESPONSE);
        return;
    }
    forward(gp, delay);
}

// The secondary bus decodes the whole configuration address itself.
void PciBridge::forward_config(tlm::tlm_generic_payload& gp, sc_core::sc_time* delay) {
    if (!forwards_bus(pci_config_bus(gp.get_address()))) {
        gp.set_response_status(tlm::TLM_ADDRESS_ERROR_RESPONSE);
        return;
    }
    PciAccess* access = pci_access(gp);
    const uint8_t type = access->config_type;
    access->config_type = 0; // the secondary bus sees a fresh cycle
    forward(gp, delay);
    access->config_type = type;
}

void PciBridge::forward(tlm::tlm_generic_payload& gp, sc_core::sc_time* delay) {
    if (!delay) {
        const unsigned n = down_->transport_dbg(gp);
        gp.set_response_status(n ? tlm::TLM_OK_RESPONSE : tlm::TLM_ADDRESS_ERROR_RESPONSE);
        return;
    }
    gp.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
    down_->b_transport(gp, *delay);
    if (gp.get_response_status() == tlm::TLM_ADDRESS_ERROR_RESPONSE)
        config_space().raise_status(kSecondaryStatus, PciConfigSpace::kStatusReceivedMasterAbort);
}

} // namespace fireplane
