#pragma once
// Uart16550: the console UART, a National 16550A register model. Transmission
// is instantaneous (THR is always empty). The receiver takes one character per
// character time (from the divisor and LCR) from its input source
// (char_source.h) while it has room, into RBR or the 16-byte receive FIFO;
// receive(), the line itself, can also overrun it. Its interrupt line
// (InterruptSource) follows the 16550's IIR priorities.
#include "char_sink.h"
#include "char_source.h"
#include "models/common/roles.h"

#include "core/checkpoint/checkpointable.h"
#include "core/stats/stats.h"

#include <systemc>
#include <tlm>
#include <tlm_utils/simple_target_socket.h>

#include <array>
#include <cstdint>
#include <deque>
#include <string>

namespace fireplane {

struct UartConfig {
    unsigned reg_shift = 0;        // register stride is 1 << reg_shift bytes (0..3)
    std::string output = "stdout"; // "stdout", "stderr", "none" or a file path
    uint64_t clock_hz = 1843200;   // input clock: the baud rate and the character time
    uint64_t base = 0;             // where the builder maps it
    std::string input = "none";    // "none", "stdin" or a file path
    unsigned interrupt = 0;        // INO of its interrupt line; 0: not connected
    // How often a terminal is polled for typed characters (simulated time).
    sc_core::sc_time poll_interval{100, sc_core::SC_US};
};

class Uart16550 : public sc_core::sc_module,
                  public BusTarget,
                  public InterruptSource,
                  public Checkpointable {
public:
    tlm_utils::simple_target_socket<Uart16550> socket;

    static constexpr unsigned kFifoSize = 16;

    // Throws std::invalid_argument for a reg_shift above 3 or a zero
    // poll_interval, and std::runtime_error when the output file cannot be
    // created or the input cannot be read (char_sink.h, char_source.h).
    Uart16550(sc_core::sc_module_name name, const UartConfig& config);
    ~Uart16550() override;

    // BusTarget
    TargetPort& bus_target() override { return socket; }
    AddressRange bus_range() const override { return {config_.base, window_size()}; }
    uint64_t window_size() const { return uint64_t(8) << config_.reg_shift; } // bytes it decodes

    // InterruptSource: the line is asserted while IIR reports an interrupt.
    void connect_interrupt(InterruptInput& to) override { irq_out_ = &to; }
    unsigned interrupt_number() const override { return config_.interrupt; }

    // A character arrives on the line now: into the FIFO (or RBR), or lost to
    // an overrun (LSR.OE) when there is no room. The input source only sends
    // when there is room; this is also how a test or a host tool injects input.
    void receive(uint8_t c);

    const UartConfig& config() const { return config_; }
    uint16_t divisor() const;
    uint64_t baud() const; // clock / (16 * divisor); 0 while the divisor is 0
    // Start bit, data, parity and stop bits at the current baud rate; zero
    // while the divisor is 0 (the receiver then waits).
    sc_core::sc_time character_time() const;
    bool irq_pending() const { return interrupt_id() != kIirNone; } // the line's level
    bool fifo_enabled() const;
    unsigned rx_level() const { return unsigned(rx_fifo_.size()); } // bytes waiting
    // Checkpointable (section "<name>"): the registers, the receive FIFO and
    // the character on the line; input goes on from the restoring run's source.
    void checkpoint(StateIo& io) override;
    void restored() override;
    void unschedule() override;
    uint64_t tx_bytes() const { return tx_bytes_; }
    uint64_t rx_bytes() const { return rx_bytes_; }
    uint64_t overruns() const { return overruns_; }
    void flush() { sink_.flush(); }

    // The register set, in the order of the register table.
    enum Reg { RBR, THR, IER, IIR, FCR, LCR, MCR, LSR, MSR, SCR, DLL, DLM, kNumRegs };

private:
    enum class Bank : uint8_t { Any, Normal, Divisor }; // selected by LCR.DLAB
    enum Access : uint8_t { kRead = 1, kWrite = 2, kReadWrite = 3 };
    using ReadHook = uint8_t (Uart16550::*)(bool debug);
    using WriteHook = void (Uart16550::*)(uint8_t value, bool debug);

    struct RegisterInfo {
        Reg id;
        const char* name;
        unsigned offset; // register index; the address is offset << reg_shift
        Bank bank;
        uint8_t access;
        uint8_t reset;
        uint8_t write_mask; // bits that software can change
        const char* description;
        ReadHook on_read;   // nullptr: the stored value
        WriteHook on_write; // nullptr: store value & write_mask
    };
    static const RegisterInfo kRegisters[kNumRegs];

    // IIR's interrupt identification, highest priority first.
    static constexpr uint8_t kIirLineStatus = 0x06, kIirRxData = 0x04, kIirTimeout = 0x0c,
                             kIirThre = 0x02, kIirModem = 0x00, kIirNone = 0x01;

    void b_transport(tlm::tlm_generic_payload& gp, sc_core::sc_time& delay);
    unsigned transport_dbg(tlm::tlm_generic_payload& gp);
    void access(tlm::tlm_generic_payload& gp);
    int decode(uint64_t offset, bool is_write) const; // table index or -1
    uint8_t read_byte(uint64_t offset, bool debug);
    void write_byte(uint64_t offset, uint8_t value, bool debug);

    // Behaviour beyond plain storage.
    uint8_t read_rbr(bool debug);
    uint8_t read_iir(bool debug);
    uint8_t read_lsr(bool debug);
    uint8_t read_msr(bool debug);
    void write_thr(uint8_t value, bool debug);
    void write_ier(uint8_t value, bool debug);
    void write_fcr(uint8_t value, bool debug);
    void write_dll(uint8_t value, bool debug);
    void write_dlm(uint8_t value, bool debug);

    uint8_t interrupt_id() const; // the highest-priority enabled interrupt, or kIirNone
    void update_line();           // reports a change of level to the controller
    unsigned rx_capacity() const { return fifo_enabled() ? kFifoSize : 1; }
    unsigned rx_trigger() const; // FCR bits 7:6: 1, 4, 8 or 14 bytes
    // The time of the access being served (the initiator's local time), or
    // of the event being processed.
    sc_core::sc_time now() const { return sc_core::sc_time_stamp() + access_delay_; }
    void arrive(uint8_t c, const sc_core::sc_time& at); // a byte lands in the FIFO (or overruns)
    void rx_activity(const sc_core::sc_time& at);       // a byte came or went: restart the timeout
    void rx_kick(const sc_core::sc_time& from);  // the next character, if the line can send one
    void rx_catch_up(const sc_core::sc_time& t); // what the line did up to time t

    // Processes, each woken only by its own event: no events without input.
    void on_character(); // a character time ended: take the byte
    void on_poll();      // a terminal: read what was typed
    void on_timeout();   // FIFO mode: four character times without activity
    void start_of_simulation() override;
    void end_of_simulation() override;

    UartConfig config_;
    CharSink sink_;
    CharSource source_;
    InterruptInput* irq_out_ = nullptr;
    bool line_level_ = false; // as last reported
    std::array<uint8_t, kNumRegs> value_{};
    bool thre_pending_ = false; // "THR empty" raised and not yet acknowledged
    std::deque<uint8_t> rx_fifo_;
    uint8_t last_rx_ = 0;  // RBR reads it again when nothing is waiting
    bool overrun_ = false; // LSR.OE, until LSR is read
    bool timeout_pending_ = false;
    bool rx_busy_ = false; // a character is on the line, landing at rx_due_
    sc_core::sc_time rx_due_ = sc_core::SC_ZERO_TIME;
    sc_core::sc_time rx_last_activity_ = sc_core::SC_ZERO_TIME;
    sc_core::sc_time access_delay_ = sc_core::SC_ZERO_TIME; // of the access being served
    sc_core::sc_event character_event_{"character"};
    sc_core::sc_event poll_event_{"poll"};
    sc_core::sc_event timeout_event_{"timeout"};
    uint64_t tx_bytes_ = 0;
    uint64_t rx_bytes_ = 0;
    uint64_t overruns_ = 0;
    CheckpointSection checkpoint_section_{this->name(), 1, *this};
    StatsGroup stats_{this->name()}; // last: its statistics go first
};

} // namespace fireplane
