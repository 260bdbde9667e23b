#include "pci_config_space.h"

#include <systemc>

#include <cstdlib>
#include <string>

namespace fireplane {

namespace {

constexpr uint32_t kStatusClear = 0xf900; // parity, target/master aborts, SERR, parity error
constexpr uint32_t kCommandMask = 0x0547; // I/O, memory, master, parity, SERR, INTx disable

// The registers both headers share (PCI Local Bus 3.0, 6.1; PCI-to-PCI Bridge
// Architecture 1.1, 3.2). Identity values are filled in from PciIdentity.
// clang-format off
const PciRegister kCommonHeader[] = {
//   name                offset width reset  write mask    write 1 to clear
    {"vendor_id",        0x00,  2,    0,     0,            0},
    {"device_id",        0x02,  2,    0,     0,            0},
    {"command",          0x04,  2,    0,     kCommandMask, 0},
    {"status",           0x06,  2,    0,     0,            kStatusClear},
    {"revision_id",      0x08,  1,    0,     0,            0},
    {"class_code",       0x09,  1,    0,     0,            0}, // programming interface
    {"class_code.sub",   0x0a,  2,    0,     0,            0}, // subclass, base class
    {"cache_line_size",  0x0c,  1,    0,     0xff,         0},
    {"latency_timer",    0x0d,  1,    0,     0xff,         0},
    {"header_type",      0x0e,  1,    0,     0,            0},
    {"bist",             0x0f,  1,    0,     0,            0},
    {"capabilities_ptr", 0x34,  1,    0,     0,            0},
    {"interrupt_line",   0x3c,  1,    0,     0xff,         0},
    {"interrupt_pin",    0x3d,  1,    0,     0,            0},
};

// Type 0: a device. BARs (0x10-0x24) come from declare_bar.
const PciRegister kType0Header[] = {
    {"cardbus_cis",      0x28,  4,    0,     0,            0},
    {"subsystem_vendor", 0x2c,  2,    0,     0,            0},
    {"subsystem_id",     0x2e,  2,    0,     0,            0},
    {"expansion_rom",    0x30,  4,    0,     0,            0}, // none
    {"min_gnt",          0x3e,  1,    0,     0,            0},
    {"max_lat",          0x3f,  1,    0,     0,            0},
};

// Type 1: a PCI-to-PCI bridge. 32-bit I/O addressing and 64-bit prefetchable
// memory (the low nibbles of the base and limit registers say so).
const PciRegister kType1Header[] = {
    {"primary_bus",      0x18,  1,    0,      0xff,        0},
    {"secondary_bus",    0x19,  1,    0,      0xff,        0},
    {"subordinate_bus",  0x1a,  1,    0,      0xff,        0},
    {"secondary_latency",0x1b,  1,    0,      0xff,        0},
    {"io_base",          0x1c,  1,    0x01,   0xf0,        0},
    {"io_limit",         0x1d,  1,    0x01,   0xf0,        0},
    {"secondary_status", 0x1e,  2,    0,      0,           kStatusClear},
    {"memory_base",      0x20,  2,    0,      0xfff0,      0},
    {"memory_limit",     0x22,  2,    0,      0xfff0,      0},
    {"prefetch_base",    0x24,  2,    0x0001, 0xfff0,      0},
    {"prefetch_limit",   0x26,  2,    0x0001, 0xfff0,      0},
    {"prefetch_base_hi", 0x28,  4,    0,      0xffffffff,  0},
    {"prefetch_limit_hi",0x2c,  4,    0,      0xffffffff,  0},
    {"io_base_hi",       0x30,  2,    0,      0xffff,      0},
    {"io_limit_hi",      0x32,  2,    0,      0xffff,      0},
    {"expansion_rom",    0x38,  4,    0,      0,           0}, // none
    // parity, SERR, ISA, VGA, master abort mode, secondary bus reset
    {"bridge_control",   0x3e,  2,    0,      0x006f,      0},
};
// clang-format on

[[noreturn]] void model_bug(const std::string& what) {
    SC_REPORT_FATAL("PciConfigSpace", what.c_str());
    std::abort(); // not reached when the report handler stops the run
}

bool power_of_two(uint64_t x) {
    return x != 0 && (x & (x - 1)) == 0;
}

} // namespace

PciConfigSpace::PciConfigSpace(PciHeader header, const PciIdentity& id) : header_(header) {
    for (const PciRegister& r : kCommonHeader)
        declare(r);
    if (header == PciHeader::Type0)
        for (const PciRegister& r : kType0Header)
            declare(r);
    else
        for (const PciRegister& r : kType1Header)
            declare(r);
    declare({"vendor_id", kVendorId, 2, id.vendor, 0, 0});
    declare({"device_id", kDeviceId, 2, id.device, 0, 0});
    declare({"command", kCommand, 2, id.command, kCommandMask, 0});
    declare({"status", kStatus, 2, id.status, 0, kStatusClear});
    declare({"revision_id", kRevision, 1, id.revision, 0, 0});
    declare({"class_code", kClassCode, 1, id.class_code & 0xff, 0, 0});
    declare({"class_code.sub", kClassCode + 1, 2, (id.class_code >> 8) & 0xffff, 0, 0});
    const uint32_t type =
        (header == PciHeader::Type0 ? 0x00 : 0x01) | (id.multifunction ? 0x80 : 0);
    declare({"header_type", kHeaderType, 1, type, 0, 0});
    reset();
}

void PciConfigSpace::declare_bytes(unsigned offset, unsigned width, uint32_t reset,
                                   uint32_t write_mask, uint32_t clear_mask) {
    for (unsigned i = 0; i < width; ++i) {
        reset_[offset + i] = uint8_t(reset >> (8 * i));
        write_mask_[offset + i] = uint8_t(write_mask >> (8 * i));
        clear_mask_[offset + i] = uint8_t(clear_mask >> (8 * i));
        bytes_[offset + i] = reset_[offset + i];
    }
}

void PciConfigSpace::declare(const PciRegister& r) {
    if (!valid(r.offset, r.width))
        model_bug(std::string("register ") + r.name + " at " + std::to_string(r.offset) +
                  " with width " + std::to_string(r.width) + " is not an aligned 1, 2 or 4 bytes");
    declare_bytes(r.offset, r.width, r.reset, r.write_mask, r.clear_mask);
}

void PciConfigSpace::declare_bar(unsigned index, const PciBar& bar) {
    const bool wide = bar.kind == PciBarKind::Memory64;
    if (index + (wide ? 1 : 0) >= bar_count())
        model_bug("BAR " + std::to_string(index) + " does not fit a header with " +
                  std::to_string(bar_count()) + " BARs");
    const uint64_t min = bar.kind == PciBarKind::Io ? 4 : 16;
    const uint64_t max = bar.kind == PciBarKind::Memory64 ? uint64_t(1) << 63 : uint64_t(1) << 31;
    if (bar.kind != PciBarKind::Unused &&
        (!power_of_two(bar.size) || bar.size < min || bar.size > max))
        model_bug("BAR " + std::to_string(index) + " size " + std::to_string(bar.size) +
                  " is not a power of two in its kind's range");
    bars_[index] = bar;
    const unsigned at = kBar0 + 4 * index;
    uint32_t type = 0; // the read-only low bits
    switch (bar.kind) {
    case PciBarKind::Unused: declare_bytes(at, 4, 0, 0, 0); return;
    case PciBarKind::Io: type = 0x1; break;
    case PciBarKind::Memory32: type = bar.prefetchable ? 0x8 : 0x0; break;
    case PciBarKind::Memory64: type = 0x4 | (bar.prefetchable ? 0x8 : 0x0); break;
    }
    const uint64_t mask = ~(bar.size - 1);
    declare_bytes(at, 4, type, uint32_t(mask), 0);
    if (wide) {
        declare_bytes(at + 4, 4, 0, uint32_t(mask >> 32), 0);
        bars_[index + 1] = PciBar{}; // the upper half belongs to index
    }
}

void PciConfigSpace::reset() {
    bytes_ = reset_;
}

bool PciConfigSpace::valid(unsigned offset, unsigned size) {
    return (size == 1 || size == 2 || size == 4) && offset % size == 0 && offset + size <= kSize;
}

uint32_t PciConfigSpace::read(unsigned offset, unsigned size) const {
    if (!valid(offset, size)) return 0;
    uint32_t value = 0;
    for (unsigned i = 0; i < size; ++i)
        value |= uint32_t(bytes_[offset + i]) << (8 * i);
    return value;
}

void PciConfigSpace::write(unsigned offset, unsigned size, uint32_t value) {
    if (!valid(offset, size)) return;
    for (unsigned i = 0; i < size; ++i)
        write_byte(offset + i, uint8_t(value >> (8 * i)));
}

void PciConfigSpace::write_byte(unsigned offset, uint8_t value) {
    offset &= 0xff;
    const uint8_t keep = bytes_[offset] & uint8_t(~write_mask_[offset]);
    bytes_[offset] = uint8_t(keep | (value & write_mask_[offset]));
    bytes_[offset] &= uint8_t(~(value & clear_mask_[offset]));
}

void PciConfigSpace::raise_status(unsigned offset, uint16_t bits) {
    bytes_[offset & 0xff] |= uint8_t(bits);
    bytes_[(offset + 1) & 0xff] |= uint8_t(bits >> 8);
}

uint64_t PciConfigSpace::bar_base(unsigned index) const {
    if (index >= bar_count()) return 0;
    const PciBar& b = bars_[index];
    const unsigned at = kBar0 + 4 * index;
    switch (b.kind) {
    case PciBarKind::Unused: return 0;
    case PciBarKind::Io: return read(at, 4) & ~uint64_t(0x3);
    case PciBarKind::Memory32: return read(at, 4) & ~uint64_t(0xf);
    case PciBarKind::Memory64:
        return (uint64_t(read(at + 4, 4)) << 32 | read(at, 4)) & ~uint64_t(0xf);
    }
    return 0;
}

std::optional<unsigned> PciConfigSpace::bar_claiming(PciSpace space, uint64_t address) const {
    const uint16_t enable = space == PciSpace::Io       ? kCommandIo
                            : space == PciSpace::Memory ? kCommandMemory
                                                        : 0;
    if (!(command() & enable)) return std::nullopt;
    for (unsigned i = 0; i < bar_count(); ++i) {
        const PciBar& b = bars_[i];
        const bool io = b.kind == PciBarKind::Io;
        if (b.kind == PciBarKind::Unused || io != (space == PciSpace::Io)) continue;
        if (address - bar_base(i) < b.size) return i;
    }
    return std::nullopt;
}

const char* pci_space_name(PciSpace space) {
    switch (space) {
    case PciSpace::Config: return "config";
    case PciSpace::Io: return "I/O";
    case PciSpace::Memory: return "memory";
    }
    return "?";
}

} // namespace fireplane
