#include "uart16550.h"

#include "models/common/cycle_time.h"

#include "core/stats/stats.h"
#include "payload_bytes.h"

#include <algorithm>
#include <cstdio>
#include <stdexcept>

namespace fireplane {

namespace {
constexpr uint8_t kLcrDlab = 0x80;
constexpr uint8_t kLcrParity = 0x08;
constexpr uint8_t kLcrTwoStops = 0x04;
constexpr uint8_t kIerRxData = 0x01;     // ERBFI: received data available (and timeout)
constexpr uint8_t kIerThre = 0x02;       // ETBEI: THR empty
constexpr uint8_t kIerLineStatus = 0x04; // ELSI: receiver line status
constexpr uint8_t kIerModem = 0x08;      // EDSSI: modem status
constexpr uint8_t kFcrEnable = 0x01;
constexpr uint8_t kFcrRxReset = 0x02;
constexpr uint8_t kIirFifos = 0xc0;
constexpr uint8_t kLsrDr = 0x01, kLsrOe = 0x02, kLsrThre = 0x20, kLsrTemt = 0x40;
constexpr uint8_t kMsrDeltas = 0x0f;
constexpr uint8_t kMcrLoop = 0x10;
constexpr unsigned kTimeoutCharacters = 4; // the 16550's character timeout
constexpr unsigned kTriggerLevels[4] = {1, 4, 8, 14};
} // namespace

// The whole register set. Registers sharing an offset are told apart by the
// access direction (RBR/THR, IIR/FCR) or by LCR.DLAB (the divisor latch).
// clang-format off
using U = Uart16550;
const U::RegisterInfo U::kRegisters[kNumRegs] = {
//   id   name  off bank          access      reset mask  description                                    read hook      write hook
    {RBR, "RBR", 0, Bank::Normal,  kRead,      0x00, 0x00, "receiver buffer: next byte of the FIFO",      &U::read_rbr,  nullptr},
    {THR, "THR", 0, Bank::Normal,  kWrite,     0x00, 0xff, "transmitter holding: byte to send",           nullptr,       &U::write_thr},
    {IER, "IER", 1, Bank::Normal,  kReadWrite, 0x00, 0x0f, "interrupt enable",                            nullptr,       &U::write_ier},
    {IIR, "IIR", 2, Bank::Any,     kRead,      0x01, 0x00, "interrupt identification",                    &U::read_iir,  nullptr},
    {FCR, "FCR", 2, Bank::Any,     kWrite,     0x00, 0xc9, "FIFO control (reset bits self-clear)",        nullptr,       &U::write_fcr},
    {LCR, "LCR", 3, Bank::Any,     kReadWrite, 0x03, 0xff, "line control; bit 7 is DLAB",                 nullptr,       nullptr},
    {MCR, "MCR", 4, Bank::Any,     kReadWrite, 0x00, 0x1f, "modem control; bit 4 is loopback",           nullptr,       nullptr},
    {LSR, "LSR", 5, Bank::Any,     kRead,      0x60, 0x00, "line status: DR, OE; THRE, TEMT always set",  &U::read_lsr,  nullptr},
    {MSR, "MSR", 6, Bank::Any,     kRead,      0xb0, 0x00, "modem status: CTS, DSR, DCD (loopback: MCR's)", &U::read_msr,  nullptr},
    {SCR, "SCR", 7, Bank::Any,     kReadWrite, 0x00, 0xff, "scratch",                                     nullptr,       nullptr},
    {DLL, "DLL", 0, Bank::Divisor, kReadWrite, 0x0c, 0xff, "divisor latch low (9600 baud)",               nullptr,       &U::write_dll},
    {DLM, "DLM", 1, Bank::Divisor, kReadWrite, 0x00, 0xff, "divisor latch high",                          nullptr,       &U::write_dlm},
};
// clang-format on

Uart16550::Uart16550(sc_core::sc_module_name name, const UartConfig& config)
    : sc_module(name), socket("socket"), config_(config), sink_(config.output),
      source_(config.input) {
    if (config_.reg_shift > 3)
        throw std::invalid_argument(std::string(this->name()) + ": reg_shift " +
                                    std::to_string(config_.reg_shift) + " is above 3");
    if (config_.poll_interval == sc_core::SC_ZERO_TIME)
        throw std::invalid_argument(std::string(this->name()) + ": poll_interval is 0");
    for (int i = 0; i < kNumRegs; ++i) {
        if (kRegisters[i].id != i)
            SC_REPORT_FATAL(this->name(), "register table is out of order (model bug)");
        value_[i] = kRegisters[i].reset;
    }
    socket.register_b_transport(this, &Uart16550::b_transport);
    socket.register_transport_dbg(this, &Uart16550::transport_dbg);

    SC_HAS_PROCESS(Uart16550);
    SC_METHOD(on_character);
    sensitive << character_event_;
    dont_initialize();
    SC_METHOD(on_poll);
    sensitive << poll_event_;
    dont_initialize();
    SC_METHOD(on_timeout);
    sensitive << timeout_event_;
    dont_initialize();

    stats_.add_counter("tx_bytes", &tx_bytes_, "bytes transmitted through THR", "bytes");
    stats_.add_counter("rx_bytes", &rx_bytes_, "bytes received from the line", "bytes");
    stats_.add_counter("overruns", &overruns_,
                       "bytes lost because RBR or the receive FIFO was full (LSR.OE)", "bytes");
}

Uart16550::~Uart16550() = default;

uint16_t Uart16550::divisor() const {
    return uint16_t(value_[DLM] << 8 | value_[DLL]);
}

uint64_t Uart16550::baud() const {
    const uint16_t d = divisor();
    return d ? config_.clock_hz / (16 * uint64_t(d)) : 0;
}

// One start bit, 5-8 data bits, the parity bit, and 1, 1.5 (5-bit words) or
// 2 stop bits, each 16 clocks times the divisor. Counted in half bits.
sc_core::sc_time Uart16550::character_time() const {
    const uint8_t lcr = value_[LCR];
    const unsigned data = 5 + (lcr & 3);
    const unsigned stop_halves = !(lcr & kLcrTwoStops) ? 2 : data == 5 ? 3 : 4;
    const unsigned halves = 2 * (1 + data + ((lcr & kLcrParity) ? 1 : 0)) + stop_halves;
    const double seconds = double(halves) * 8.0 * divisor() / double(config_.clock_hz);
    return sc_core::sc_time(seconds, sc_core::SC_SEC);
}

bool Uart16550::fifo_enabled() const {
    return value_[FCR] & kFcrEnable;
}

unsigned Uart16550::rx_trigger() const {
    return kTriggerLevels[value_[FCR] >> 6];
}

// The 16550's priorities: receiver line status, then received data available
// or the character timeout, then THR empty, then modem status; each only
// when IER enables it.
uint8_t Uart16550::interrupt_id() const {
    const uint8_t ier = value_[IER];
    if ((ier & kIerLineStatus) && overrun_) return kIirLineStatus;
    if (ier & kIerRxData) {
        if (timeout_pending_) return kIirTimeout;
        if (!rx_fifo_.empty() && rx_fifo_.size() >= (fifo_enabled() ? rx_trigger() : 1))
            return kIirRxData;
    }
    if ((ier & kIerThre) && thre_pending_) return kIirThre;
    if ((ier & kIerModem) && (value_[MSR] & kMsrDeltas)) return kIirModem;
    return kIirNone;
}

void Uart16550::update_line() {
    const bool level = irq_pending();
    if (level == line_level_) return;
    line_level_ = level;
    if (irq_out_) irq_out_->set_level(config_.interrupt, level);
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
    rx_catch_up(now());
    const uint64_t base = gp.get_address();
    if (gp.is_read())
        for_each_enabled_byte(
            gp, [&](uint64_t off, unsigned char& d) { d = read_byte(base + off, false); });
    else if (gp.is_write())
        for_each_enabled_byte(
            gp, [&](uint64_t off, unsigned char& d) { write_byte(base + off, d, false); });
    update_line();
}

// Timers started by an access count from the access's own time: the
// initiator's local time, sc_time_stamp() plus its annotated delay.
void Uart16550::b_transport(tlm::tlm_generic_payload& gp, sc_core::sc_time& delay) {
    if (!payload_in_range(gp, window_size())) {
        gp.set_response_status(tlm::TLM_ADDRESS_ERROR_RESPONSE);
        return;
    }
    access_delay_ = delay;
    access(gp);
    access_delay_ = sc_core::SC_ZERO_TIME;
    gp.set_response_status(tlm::TLM_OK_RESPONSE);
}

// Debug accesses see and set register values but never transmit, never take
// a byte from the FIFO, and acknowledge nothing (IIR's THRE, LSR's OE). Byte
// enables and streaming width do not apply to debug transport.
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
    update_line();
    return n;
}

// ---- receiver ----
//
// Times are absolute. An access is served at its initiator's local time,
// which may be ahead of SystemC time (temporal decoupling): rx_catch_up()
// first lets the line do what it did up to then, so a CPU running ahead sees
// the characters and the timeout its own clock has reached. The events do
// the same for an idle line and keep the interrupt line on time.

void Uart16550::receive(uint8_t c) {
    rx_catch_up(now());
    arrive(c, now());
    update_line();
}

void Uart16550::arrive(uint8_t c, const sc_core::sc_time& at) {
    ++rx_bytes_;
    if (rx_fifo_.size() < rx_capacity()) {
        rx_fifo_.push_back(c);
    } else {
        // 16450 mode: the new byte replaces the unread one in RBR. FIFO mode:
        // the byte in the shift register is lost and the FIFO keeps its bytes.
        overrun_ = true;
        ++overruns_;
        if (!fifo_enabled()) rx_fifo_.back() = c;
    }
    rx_activity(at);
}

// Without a character timeout pending, each byte in or out restarts the
// four character times; a pending timeout waits for the next RBR read.
void Uart16550::rx_activity(const sc_core::sc_time& at) {
    rx_last_activity_ = at;
    timeout_event_.cancel();
    const sc_core::sc_time limit = character_time() * kTimeoutCharacters;
    if (fifo_enabled() && !rx_fifo_.empty() && limit != sc_core::SC_ZERO_TIME)
        notify_at(timeout_event_, at + limit);
}

void Uart16550::rx_catch_up(const sc_core::sc_time& t) {
    while (rx_busy_ && rx_due_ <= t) {
        rx_busy_ = false;
        const sc_core::sc_time at = rx_due_;
        const int c = source_.next(); // a pipe: blocks until its next byte
        if (c >= 0) arrive(uint8_t(c), at);
        rx_kick(at);
    }
    const sc_core::sc_time limit = character_time() * kTimeoutCharacters;
    if (fifo_enabled() && !rx_fifo_.empty() && limit != sc_core::SC_ZERO_TIME &&
        t >= rx_last_activity_ + limit)
        timeout_pending_ = true;
}

uint8_t Uart16550::read_rbr(bool debug) {
    if (rx_fifo_.empty()) return last_rx_;
    if (debug) return rx_fifo_.front();
    last_rx_ = rx_fifo_.front();
    rx_fifo_.pop_front();
    timeout_pending_ = false;
    rx_activity(now());
    rx_kick(now()); // room again
    return last_rx_;
}

uint8_t Uart16550::read_lsr(bool debug) {
    const uint8_t lsr = (rx_fifo_.empty() ? 0 : kLsrDr) | (overrun_ ? kLsrOe : 0) | kLsrThre |
                        kLsrTemt; // transmission is instantaneous
    if (!debug) overrun_ = false; // reading LSR clears the error bits
    return lsr;
}

void Uart16550::write_fcr(uint8_t value, bool debug) {
    // Switching the FIFOs on or off empties them; the other bits are only
    // programmed while bit 0 is set.
    const bool enable = value & kFcrEnable;
    if (enable != fifo_enabled() || (enable && (value & kFcrRxReset))) {
        rx_fifo_.clear();
        timeout_pending_ = false;
    }
    value_[FCR] = enable ? value & kRegisters[FCR].write_mask : 0;
    if (!debug) rx_kick(now());
}

void Uart16550::write_dll(uint8_t value, bool debug) {
    value_[DLL] = value;
    if (!debug) rx_kick(now()); // a divisor of 0 had stopped the receiver
}

void Uart16550::write_dlm(uint8_t value, bool debug) {
    value_[DLM] = value;
    if (!debug) rx_kick(now());
}

// The input source only sends a byte when the receiver has room (as with
// hardware flow control), one per character time. A pipe or file is always
// ready; a terminal has a byte only once it was typed (on_poll).
void Uart16550::rx_kick(const sc_core::sc_time& from) {
    if (rx_busy_ || !source_.enabled() || source_.ended()) return;
    if (rx_fifo_.size() >= rx_capacity()) return;
    if (source_.interactive() && !source_.waiting()) return;
    const sc_core::sc_time t = character_time();
    if (t == sc_core::SC_ZERO_TIME) return;
    rx_busy_ = true;
    rx_due_ = from + t;
    notify_at(character_event_, rx_due_);
}

void Uart16550::on_character() {
    rx_catch_up(sc_core::sc_time_stamp());
    update_line();
}

void Uart16550::on_timeout() {
    rx_catch_up(sc_core::sc_time_stamp());
    update_line();
}

void Uart16550::on_poll() {
    if (source_.poll()) {
        source_.stop();
        std::fflush(stdout);
        std::fprintf(stderr, "\nfireplane: %s: Ctrl-A x: ending the run\n", name());
        sc_core::sc_stop();
        return;
    }
    rx_kick(sc_core::sc_time_stamp());
    if (!source_.ended()) poll_event_.notify(config_.poll_interval);
}

void Uart16550::checkpoint(StateIo& io) {
    io(line_level_, value_, thre_pending_, rx_fifo_, last_rx_, overrun_, timeout_pending_);
    io(rx_busy_, rx_due_, rx_last_activity_);
}

// The events, from the times kept as data.
void Uart16550::restored() {
    if (rx_busy_) notify_at(character_event_, rx_due_);
    const sc_core::sc_time limit = character_time() * kTimeoutCharacters;
    if (fifo_enabled() && !rx_fifo_.empty() && limit != sc_core::SC_ZERO_TIME && !timeout_pending_)
        notify_at(timeout_event_, rx_last_activity_ + limit);
    rx_kick(sc_core::sc_time_stamp());
    if (source_.interactive() && !source_.ended()) poll_event_.notify(config_.poll_interval);
}

void Uart16550::unschedule() {
    character_event_.cancel();
    poll_event_.cancel();
    timeout_event_.cancel();
}

void Uart16550::start_of_simulation() {
    sink_.begin();
    try {
        source_.start();
    } catch (const std::exception& e) {
        SC_REPORT_WARNING(name(), (std::string(e.what()) + ": no input").c_str());
        return;
    }
    if (checkpoint_section_.restoring()) return; // restored() arms the receiver
    if (!source_.interactive())
        rx_kick(sc_core::sc_time_stamp());
    else if (!source_.ended()) // a terminal of a background job gives no input
        poll_event_.notify(config_.poll_interval);
}

void Uart16550::end_of_simulation() {
    source_.stop();
}

// ---- transmitter and interrupt enables ----

// In loopback the modem inputs are the modem outputs: CTS = RTS, DSR = DTR,
// RI = OUT1, DCD = OUT2 (what drivers' loopback probes check).
uint8_t Uart16550::read_msr(bool) {
    const uint8_t mcr = value_[MCR];
    if (!(mcr & kMcrLoop)) return value_[MSR];
    const uint8_t dtr = mcr & 0x01, rts = mcr & 0x02, out1 = mcr & 0x04, out2 = mcr & 0x08;
    return uint8_t((rts ? 0x10 : 0) | (dtr ? 0x20 : 0) | (out1 ? 0x40 : 0) | (out2 ? 0x80 : 0));
}

void Uart16550::write_thr(uint8_t value, bool debug) {
    if (debug) return;
    if (value_[MCR] & kMcrLoop) { // the byte comes back to the receiver, not the line
        thre_pending_ = true;
        receive(value);
        return;
    }
    sink_.put(char(value));
    ++tx_bytes_;
    thre_pending_ = true; // the byte left at once, so THR is empty again
}

void Uart16550::write_ier(uint8_t value, bool debug) {
    const uint8_t old = value_[IER];
    value_[IER] = value & kRegisters[IER].write_mask;
    // Enabling ETBEI while THR is empty raises the interrupt straight away:
    // not in the datasheet's table, but what 8250-family parts do and what
    // drivers rely on.
    if (!debug && !(old & kIerThre) && (value & kIerThre)) thre_pending_ = true;
}

// Reading IIR acknowledges THRE only when THRE is what it reports.
uint8_t Uart16550::read_iir(bool debug) {
    const uint8_t fifos = fifo_enabled() ? kIirFifos : 0;
    const uint8_t id = interrupt_id();
    if (id == kIirThre && !debug) thre_pending_ = false;
    return fifos | id;
}

} // namespace fireplane
