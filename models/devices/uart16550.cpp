#include "uart16550.h"

#include "core/stats/stats.h"
#include "payload_bytes.h"

#include <algorithm>
#include <stdexcept>

namespace fireplane {

namespace {
constexpr uint8_t kLcrDlab = 0x80;
constexpr uint8_t kIerThre = 0x02; // ETBEI: interrupt when THR is empty
constexpr uint8_t kFcrEnable = 0x01;
constexpr uint8_t kIirNoIrq = 0x01;
constexpr uint8_t kIirThre = 0x02;
constexpr uint8_t kIirFifos = 0xc0;
} // namespace

// The whole register set. Registers sharing an offset are told apart by the
// access direction (RBR/THR, IIR/FCR) or by LCR.DLAB (the divisor latch).
// clang-format off
using U = Uart16550;
const U::RegisterInfo U::kRegisters[kNumRegs] = {
//   id   name  off bank          access      reset mask  description                             read hook      write hook
    {RBR, "RBR", 0, Bank::Normal,  kRead,      0x00, 0x00, "receiver buffer (no input yet: 0)",    nullptr,       nullptr},
    {THR, "THR", 0, Bank::Normal,  kWrite,     0x00, 0xff, "transmitter holding: byte to send",    nullptr,       &U::write_thr},
    {IER, "IER", 1, Bank::Normal,  kReadWrite, 0x00, 0x0f, "interrupt enable",                     nullptr,       &U::write_ier},
    {IIR, "IIR", 2, Bank::Any,     kRead,      0x01, 0x00, "interrupt identification",             &U::read_iir,  nullptr},
    {FCR, "FCR", 2, Bank::Any,     kWrite,     0x00, 0xc9, "FIFO control (reset bits self-clear)", nullptr,       nullptr},
    {LCR, "LCR", 3, Bank::Any,     kReadWrite, 0x03, 0xff, "line control; bit 7 is DLAB",          nullptr,       nullptr},
    {MCR, "MCR", 4, Bank::Any,     kReadWrite, 0x00, 0x1f, "modem control",                        nullptr,       nullptr},
    {LSR, "LSR", 5, Bank::Any,     kRead,      0x60, 0x00, "line status: THRE, TEMT always set",   nullptr,       nullptr},
    {MSR, "MSR", 6, Bank::Any,     kRead,      0xb0, 0x00, "modem status: CTS, DSR, DCD asserted", nullptr,       nullptr},
    {SCR, "SCR", 7, Bank::Any,     kReadWrite, 0x00, 0xff, "scratch",                              nullptr,       nullptr},
    {DLL, "DLL", 0, Bank::Divisor, kReadWrite, 0x0c, 0xff, "divisor latch low (9600 baud)",        nullptr,       nullptr},
    {DLM, "DLM", 1, Bank::Divisor, kReadWrite, 0x00, 0xff, "divisor latch high",                   nullptr,       nullptr},
};
// clang-format on

Uart16550::Uart16550(sc_core::sc_module_name name, const UartConfig& config)
    : sc_module(name), socket("socket"), config_(config), sink_(config.output) {
    if (config_.reg_shift > 3)
        throw std::invalid_argument(std::string(this->name()) + ": reg_shift " +
                                    std::to_string(config_.reg_shift) + " is above 3");
    for (int i = 0; i < kNumRegs; ++i) {
        if (kRegisters[i].id != i)
            SC_REPORT_FATAL(this->name(), "register table is out of order (model bug)");
        value_[i] = kRegisters[i].reset;
    }
    socket.register_b_transport(this, &Uart16550::b_transport);
    socket.register_transport_dbg(this, &Uart16550::transport_dbg);

    stats_.add_counter("tx_bytes", &tx_bytes_, "bytes transmitted through THR", "bytes");
}

Uart16550::~Uart16550() = default;

uint16_t Uart16550::divisor() const {
    return uint16_t(value_[DLM] << 8 | value_[DLL]);
}

uint64_t Uart16550::baud() const {
    const uint16_t d = divisor();
    return d ? config_.clock_hz / (16 * uint64_t(d)) : 0;
}

bool Uart16550::irq_pending() const {
    return (value_[IER] & kIerThre) && thre_pending_;
}

int Uart16550::decode(uint64_t offset, bool is_write) const {
    const Bank bank = (value_[LCR] & kLcrDlab) ? Bank::Divisor : Bank::Normal;
    const uint8_t dir = is_write ? kWrite : kRead;
    for (int i = 0; i < kNumRegs; ++i) {
        const RegisterInfo& r = kRegisters[i];
        if (r.offset == offset && (r.access & dir) && (r.bank == Bank::Any || r.bank == bank))
            return i;
    }
    return -1;
}

// Registers sit at the first byte of each (1 << reg_shift)-byte slot; the
// other bytes of a slot, and writes to read-only registers, are ignored.
uint8_t Uart16550::read_byte(uint64_t offset, bool debug) {
    if (offset & ((uint64_t(1) << config_.reg_shift) - 1)) return 0;
    const int i = decode(offset >> config_.reg_shift, false);
    if (i < 0) return 0;
    const RegisterInfo& r = kRegisters[i];
    return r.on_read ? (this->*r.on_read)(debug) : value_[i];
}

void Uart16550::write_byte(uint64_t offset, uint8_t value, bool debug) {
    if (offset & ((uint64_t(1) << config_.reg_shift) - 1)) return;
    const int i = decode(offset >> config_.reg_shift, true);
    if (i < 0) return;
    const RegisterInfo& r = kRegisters[i];
    if (r.on_write)
        (this->*r.on_write)(value, debug);
    else
        value_[i] = value & r.write_mask;
}

void Uart16550::access(tlm::tlm_generic_payload& gp) {
    const uint64_t base = gp.get_address();
    if (gp.is_read())
        for_each_enabled_byte(
            gp, [&](uint64_t off, unsigned char& d) { d = read_byte(base + off, false); });
    else if (gp.is_write())
        for_each_enabled_byte(
            gp, [&](uint64_t off, unsigned char& d) { write_byte(base + off, d, false); });
}

void Uart16550::b_transport(tlm::tlm_generic_payload& gp, sc_core::sc_time&) {
    if (!payload_in_range(gp, window_size())) {
        gp.set_response_status(tlm::TLM_ADDRESS_ERROR_RESPONSE);
        return;
    }
    access(gp);
    gp.set_response_status(tlm::TLM_OK_RESPONSE);
}

// Debug accesses see and set register values but never transmit, and reading
// IIR does not acknowledge the interrupt. Byte enables and streaming width do
// not apply to debug transport.
unsigned Uart16550::transport_dbg(tlm::tlm_generic_payload& gp) {
    const uint64_t addr = gp.get_address();
    if (addr >= window_size() || !(gp.is_read() || gp.is_write())) return 0;
    const unsigned n = unsigned(std::min<uint64_t>(gp.get_data_length(), window_size() - addr));
    unsigned char* data = gp.get_data_ptr();
    for (unsigned i = 0; i < n; ++i) {
        if (gp.is_read())
            data[i] = read_byte(addr + i, true);
        else
            write_byte(addr + i, data[i], true);
    }
    return n;
}

void Uart16550::write_thr(uint8_t value, bool debug) {
    if (debug) return;
    sink_.put(char(value));
    ++tx_bytes_;
    thre_pending_ = true; // the byte left at once, so THR is empty again
}

void Uart16550::write_ier(uint8_t value, bool debug) {
    const uint8_t old = value_[IER];
    value_[IER] = value & kRegisters[IER].write_mask;
    // Enabling ETBEI while THR is empty raises the interrupt straight away.
    if (!debug && !(old & kIerThre) && (value & kIerThre)) thre_pending_ = true;
}

uint8_t Uart16550::read_iir(bool debug) {
    const uint8_t fifos = (value_[FCR] & kFcrEnable) ? kIirFifos : 0;
    if (!irq_pending()) return fifos | kIirNoIrq;
    if (!debug) thre_pending_ = false; // reading IIR acknowledges THRE
    return fifos | kIirThre;
}

} // namespace fireplane
