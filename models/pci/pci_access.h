#pragma once
// The PCI cycle in TLM: a tlm_generic_payload whose PciAccess extension says
// which address space it is in. The payload's address is the PCI bus address
// (I/O port, memory address, or a configuration address as below); its data
// is bytes in address order, as PCI is little-endian (a 16-bit configuration
// read at offset 0 gives the vendor ID's low byte first).
#include <tlm>

#include <cstdint>

namespace fireplane {

enum class PciSpace : uint8_t { Config, Io, Memory };

const char* pci_space_name(PciSpace space); // "config", "I/O", "memory"

struct PciAccess : tlm::tlm_extension<PciAccess> {
    PciSpace space = PciSpace::Memory;
    // Set by a PciBus on the configuration cycles it hands a function: 0 is a
    // type 0 cycle for the function itself (the address is then the register
    // offset, 0-255); 1 is a type 1 cycle a bridge forwards (the address is
    // the whole configuration address). Initiators leave it 0.
    uint8_t config_type = 0;

    PciAccess() = default;
    explicit PciAccess(PciSpace s) : space(s) {}
    tlm::tlm_extension_base* clone() const override { return new PciAccess(*this); }
    void copy_from(const tlm::tlm_extension_base& other) override {
        *this = static_cast<const PciAccess&>(other);
    }
};

// Configuration addresses as on the Sabre: bus<<16 | device<<11 | function<<8 | register.
constexpr uint64_t pci_config_address(unsigned bus, unsigned device, unsigned function,
                                      unsigned reg) {
    return uint64_t(bus & 0xff) << 16 | uint64_t(device & 0x1f) << 11 |
           uint64_t(function & 0x7) << 8 | uint64_t(reg & 0xff);
}
constexpr unsigned pci_config_bus(uint64_t address) {
    return unsigned(address >> 16) & 0xff;
}
constexpr unsigned pci_config_device(uint64_t address) {
    return unsigned(address >> 11) & 0x1f;
}
constexpr unsigned pci_config_function(uint64_t address) {
    return unsigned(address >> 8) & 0x7;
}
constexpr unsigned pci_config_register(uint64_t address) {
    return unsigned(address) & 0xff;
}

// The payload's PCI access, or null when it carries none.
inline PciAccess* pci_access(const tlm::tlm_generic_payload& gp) {
    return gp.get_extension<PciAccess>();
}

} // namespace fireplane
