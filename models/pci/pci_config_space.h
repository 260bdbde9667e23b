#pragma once
// PciConfigSpace: the 256 bytes of a PCI function's configuration space,
// stored little-endian as on the bus. Registers are declared from tables
// (offset, width, reset value, write mask, write-1-to-clear bits): the
// predefined header of type 0 (a device) or type 1 (a PCI-to-PCI bridge),
// plus any device-specific ones. Bytes no register declares read 0 and ignore
// writes. BARs are declared by size: their write masks keep the bits below
// the size, so writing all ones and reading back sizes them (PCI Local Bus
// 3.0, 6.2.5.1).
#include "pci_access.h"

#include <array>
#include <cstdint>
#include <optional>

namespace fireplane {

// One register of a configuration header table.
struct PciRegister {
    const char* name;
    uint8_t offset;
    uint8_t width; // bytes: 1, 2 or 4
    uint32_t reset;
    uint32_t write_mask; // bits software can set
    uint32_t clear_mask; // bits software clears by writing 1 (status)
};

enum class PciHeader : uint8_t { Type0, Type1 };

// What a function says it is (PCI Local Bus 3.0, 6.2.1).
struct PciIdentity {
    uint16_t vendor = 0xffff;
    uint16_t device = 0xffff;
    uint8_t revision = 0;
    uint32_t class_code = 0; // base class << 16 | subclass << 8 | programming interface
    uint16_t command = 0;    // reset value
    uint16_t status = 0;     // reset value
    bool multifunction = false;
};

enum class PciBarKind : uint8_t { Unused, Io, Memory32, Memory64 };

struct PciBar {
    PciBarKind kind = PciBarKind::Unused;
    uint64_t size = 0; // a power of two: at least 16 bytes (memory) or 4 (I/O)
    bool prefetchable = false;
};

class PciConfigSpace {
public:
    static constexpr unsigned kSize = 256;
    // Command register bits (6.2.2).
    static constexpr uint16_t kCommandIo = 0x0001;
    static constexpr uint16_t kCommandMemory = 0x0002;
    static constexpr uint16_t kCommandMaster = 0x0004;
    // Status register bits.
    static constexpr uint16_t kStatusReceivedTargetAbort = 0x1000;
    static constexpr uint16_t kStatusReceivedMasterAbort = 0x2000;
    // Predefined header offsets.
    static constexpr unsigned kVendorId = 0x00, kDeviceId = 0x02, kCommand = 0x04, kStatus = 0x06,
                              kRevision = 0x08, kClassCode = 0x09, kHeaderType = 0x0e, kBar0 = 0x10,
                              kInterruptLine = 0x3c;

    PciConfigSpace(PciHeader header, const PciIdentity& identity);

    PciHeader header() const { return header_; }
    unsigned bar_count() const { return header_ == PciHeader::Type0 ? 6 : 2; }

    // Device-specific registers (0x40 and up, or a header register's reset
    // value overridden). Reports a fatal error when the register leaves the
    // space or is not aligned to its width.
    void declare(const PciRegister& reg);
    // BAR `index`; a 64-bit BAR also takes index + 1. Fatal when the index or
    // size is impossible.
    void declare_bar(unsigned index, const PciBar& bar);
    const PciBar& bar(unsigned index) const { return bars_.at(index); }

    // Every register back to its reset value.
    void reset();

    // Accesses of 1, 2 or 4 bytes at an offset aligned to their size; false
    // (nothing done) otherwise. Values are little-endian, as on the bus.
    static bool valid(unsigned offset, unsigned size);
    uint32_t read(unsigned offset, unsigned size) const;
    void write(unsigned offset, unsigned size, uint32_t value);
    // One byte through the write mask and write-1-to-clear bits.
    void write_byte(unsigned offset, uint8_t value);
    uint8_t byte(unsigned offset) const { return bytes_[offset & 0xff]; }

    uint16_t command() const { return uint16_t(read(kCommand, 2)); }
    uint16_t status() const { return uint16_t(read(kStatus, 2)); }
    // Sets status bits as the hardware does (no write mask): e.g. a received master abort.
    void raise_status(unsigned offset, uint16_t bits);

    // The base a BAR holds now (0 for an unused BAR).
    uint64_t bar_base(unsigned index) const;
    // The BAR that claims `address` in `space`, when the command register
    // enables that space; nullopt otherwise.
    std::optional<unsigned> bar_claiming(PciSpace space, uint64_t address) const;

private:
    void declare_bytes(unsigned offset, unsigned width, uint32_t reset, uint32_t write_mask,
                       uint32_t clear_mask);

    PciHeader header_;
    std::array<uint8_t, kSize> bytes_{};
    std::array<uint8_t, kSize> reset_{};
    std::array<uint8_t, kSize> write_mask_{};
    std::array<uint8_t, kSize> clear_mask_{};
    std::array<PciBar, 6> bars_{};
};

} // namespace fireplane
