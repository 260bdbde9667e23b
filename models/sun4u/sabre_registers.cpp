// The Sabre's register table and the behaviour of its registers.
#include "sabre.h"

#include "models/common/big_endian.h"

#include <iterator>

namespace fireplane {

// One row: a register, or an array of `count` registers 8 bytes apart. A row
// with hooks acts through them; the others keep a value (the writable bits),
// or read a constant when nothing is writable.
struct Sabre::RegisterInfo {
    const char* name;
    uint64_t offset;
    unsigned count;
    uint64_t reset;
    uint64_t writable;
    const char* description;
    uint64_t (Sabre::*on_read)(uint64_t offset) const = nullptr;
    void (Sabre::*on_write)(uint64_t offset, uint64_t value) = nullptr;
};

namespace {
constexpr uint64_t kAll = ~uint64_t(0);
using S = Sabre;
} // namespace

// clang-format off
const Sabre::RegisterInfo Sabre::kRegisters[] = {
//   name               offset  count reset writable description
    {"ue_afsr",         0x0030, 1,    0,    0,    "uncorrectable error status (no errors are modelled)"},
    {"uece_afar",       0x0038, 1,    0,    0,    "error address"},
    {"ce_afsr",         0x0040, 1,    0,    0,    "correctable error status"},
    {"uece_afar_alias", 0x0048, 1,    0,    0,    "alias of uece_afar"},
    {"iommu_control",   0x0200, 1,    0,    kAll, "IOMMU control: enable, TSB size, page size"},
    {"iommu_tsb_base",  0x0208, 1,    0,    kAll, "IOMMU translation table base"},
    {"iommu_flush",     0x0210, 1,    0,    0,    "write: flush an IOMMU entry (no IOMMU TLB is modelled)"},
    {"pci_imap",        0x0c00, 8,    0,    0,    "PCI slot interrupt mapping (INTA-INTD)",       &S::read_interrupt, &S::write_interrupt},
    {"obio_imap",       0x1000, 32,   0,    0,    "on-board device interrupt mapping",            &S::read_interrupt, &S::write_interrupt},
    {"pci_iclr",        0x1400, 32,   0,    0,    "PCI interrupt clear/state, one per INO",       &S::read_interrupt, &S::write_interrupt},
    {"obio_iclr",       0x1800, 32,   0,    0,    "on-board interrupt clear/state",               &S::read_interrupt, &S::write_interrupt},
    {"write_sync",      0x1c20, 1,    0,    0,    "read: DMA writes have reached memory"},
    {"pci_control",     0x2000, 1,    0,    kAll, "PCI control and status"},
    {"pio_afsr",        0x2010, 1,    0,    0,    "PCI error status"},
    {"pio_afar",        0x2018, 1,    0,    0,    "PCI error address"},
    {"pci_diag",        0x2020, 1,    0,    kAll, "PCI diagnostics"},
    {"pci_target_as",   0x2028, 1,    0,    kAll, "PCI target address space"},
    {"pio_buffer_diag", 0x5000, 58,   0,    kAll, "PIO and DMA buffer diagnostics"},
    {"iommu_va_diag",   0xa400, 1,    0,    kAll, "IOMMU virtual address diagnostics"},
    {"iommu_tag_cmp",   0xa408, 1,    0,    kAll, "IOMMU tag compare diagnostics"},
    {"iommu_tag",       0xa580, 16,   0,    kAll, "IOMMU TLB tags (diagnostic access)"},
    {"iommu_data",      0xa600, 16,   0,    kAll, "IOMMU TLB data (diagnostic access)"},
    {"pci_irq_state",   0xa800, 1,    0,    0,    "read: 2-bit state of INOs 0x00-0x1f",          &S::read_interrupt_state},
    {"obio_irq_state",  0xa808, 1,    0,    0,    "read: 2-bit state of INOs 0x20-0x3f",          &S::read_interrupt_state},
    {"ffb_config",      0xf000, 1,    0,    kAll, "UPA graphics port configuration"},
    {"mc_control0",     0xf010, 1,    0,    kAll, "memory control 0"},
    {"mc_control1",     0xf018, 1,    0,    kAll, "memory control 1"},
    {"reset_control",   0xf020, 1,    0,    0,    "reset status; write bit 30 (POR) or 29 (XIR): reset the machine", &S::read_reset_control, &S::write_reset_control},
};
// clang-format on

namespace {
// The index of a row's first value in the storage.
unsigned storage_slot(const Sabre::RegisterInfo* row) {
    unsigned slot = 0;
    for (const Sabre::RegisterInfo* r = Sabre::kRegisters; r != row; ++r)
        slot += r->count;
    return slot;
}
} // namespace

const Sabre::RegisterInfo* Sabre::find_register(uint64_t offset, unsigned& index) const {
    for (const RegisterInfo& r : kRegisters)
        if (offset >= r.offset && offset < r.offset + 8 * uint64_t(r.count)) {
            index = unsigned(offset - r.offset) / 8;
            return &r;
        }
    return nullptr;
}

void Sabre::reset_registers() {
    storage_.clear();
    for (const RegisterInfo& r : kRegisters)
        storage_.insert(storage_.end(), r.count, r.reset);
}

uint64_t Sabre::read_register(const RegisterInfo& r, unsigned index) const {
    if (r.on_read) return (this->*r.on_read)(r.offset + 8 * index);
    return storage_[storage_slot(&r) + index];
}

void Sabre::write_register(const RegisterInfo& r, unsigned index, uint64_t value) {
    if (r.on_write) return (this->*r.on_write)(r.offset + 8 * index, value);
    uint64_t& v = storage_[storage_slot(&r) + index];
    v = (v & ~r.writable) | (value & r.writable);
}

// 8-byte accesses, or 4-byte ones to either half (big-endian: +4 is the low
// half). An offset with no register reads 0 and ignores writes, counted.
void Sabre::register_access(tlm::tlm_generic_payload& gp, bool debug) {
    const uint64_t offset = gp.get_address();
    const unsigned len = gp.get_data_length();
    if (gp.get_byte_enable_ptr() || (len != 8 && len != 4) || offset % len != 0) {
        gp.set_response_status(tlm::TLM_ADDRESS_ERROR_RESPONSE);
        return;
    }
    const unsigned shift = len == 8 ? 0 : (offset & 4 ? 0 : 32);
    const uint64_t mask = len == 8 ? kAll : uint64_t(0xffffffff) << shift;
    unsigned index = 0;
    const RegisterInfo* r = find_register(offset & ~uint64_t(7), index);
    if (!r && !debug) ++unimplemented_;
    const uint64_t old = r ? read_register(*r, index) : 0;
    if (gp.is_read()) {
        store_big_endian(gp.get_data_ptr(), (old & mask) >> shift, len);
        if (!debug) ++register_reads_;
    } else if (gp.is_write() && !debug) {
        const uint64_t value = load_big_endian(gp.get_data_ptr(), len) << shift;
        if (r) write_register(*r, index, (old & ~mask) | (value & mask));
        ++register_writes_;
    }
    gp.set_response_status(tlm::TLM_OK_RESPONSE);
}

uint64_t Sabre::read_interrupt(uint64_t offset) const {
    uint64_t value = 0;
    interrupts_.read(offset, value);
    return value;
}

void Sabre::write_interrupt(uint64_t offset, uint64_t value) {
    interrupts_.write(offset, value);
}

// Two bits per INO, INO 0 (or 0x20) in bits 1:0.
uint64_t Sabre::read_interrupt_state(uint64_t offset) const {
    const unsigned first = offset == 0xa800 ? 0 : 32;
    uint64_t value = 0;
    for (unsigned i = 0; i < 32; ++i)
        value |= uint64_t(interrupts_.line(first + i).state) << (2 * i);
    return value;
}

// Bits 31:27 report the last reset; writing 30 (software POR) or 29 (software
// XIR) resets the machine: every CPU takes a power-on reset (an XIR is taken
// as one too).
void Sabre::write_reset_control(uint64_t, uint64_t value) {
    if (!(value & (kSoftPor | kSoftXir))) return;
    reset_control_ = value & kSoftPor ? kSoftPor : kSoftXir;
    if (reset_listener_) reset_listener_();
}

} // namespace fireplane
