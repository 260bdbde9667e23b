#pragma once
// Uart16550: the console UART, a National 16550A register model. Transmission
// is instantaneous (THR is always empty) and there is no receive path yet, so
// RBR reads 0 with LSR.DR clear. The interrupt line is not wired yet; the
// interrupt state is visible through IIR and irq_pending().
#include "char_sink.h"
#include "models/common/roles.h"

#include "core/stats/stats.h"

#include <systemc>
#include <tlm>
#include <tlm_utils/simple_target_socket.h>

#include <array>
#include <cstdint>
#include <string>

namespace fireplane {

struct UartConfig {
    unsigned reg_shift = 0;        // register stride is 1 << reg_shift bytes (0..3)
    std::string output = "stdout"; // "stdout", "stderr", "none" or a file path
    uint64_t clock_hz = 1843200;   // input clock; only used to report the baud rate
    uint64_t base = 0;             // where the builder maps it
};

class Uart16550 : public sc_core::sc_module, public BusTarget {
public:
    tlm_utils::simple_target_socket<Uart16550> socket;

    // Throws std::invalid_argument for a reg_shift above 3 and
    // std::runtime_error when the output file cannot be created.
    Uart16550(sc_core::sc_module_name name, const UartConfig& config);
    ~Uart16550() override;

    // BusTarget
    TargetPort& bus_target() override { return socket; }
    AddressRange bus_range() const override { return {config_.base, window_size()}; }
    uint64_t window_size() const { return uint64_t(8) << config_.reg_shift; } // bytes it decodes

    const UartConfig& config() const { return config_; }
    uint16_t divisor() const;
    uint64_t baud() const; // clock / (16 * divisor); 0 while the divisor is 0
    bool irq_pending() const;
    uint64_t tx_bytes() const { return tx_bytes_; }
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

    void b_transport(tlm::tlm_generic_payload& gp, sc_core::sc_time& delay);
    unsigned transport_dbg(tlm::tlm_generic_payload& gp);
    void access(tlm::tlm_generic_payload& gp);
    int decode(uint64_t offset, bool is_write) const; // table index or -1
    uint8_t read_byte(uint64_t offset, bool debug);
    void write_byte(uint64_t offset, uint8_t value, bool debug);

    // Behaviour beyond plain storage.
    void write_thr(uint8_t value, bool debug);
    void write_ier(uint8_t value, bool debug);
    uint8_t read_iir(bool debug);

    UartConfig config_;
    CharSink sink_;
    std::array<uint8_t, kNumRegs> value_{};
    bool thre_pending_ = false; // "THR empty" interrupt raised and not yet acknowledged
    uint64_t tx_bytes_ = 0;
    StatsGroup stats_{this->name()}; // last: its statistics go first
};

} // namespace fireplane
