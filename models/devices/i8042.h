#pragma once
// I8042: the PC keyboard controller QEMU's sun4u board has behind its ebus
// (ports 0x60 data, 0x64 status/command), with a keyboard attached that
// nobody types on: the console is the UART. Firmware resets and programs it
// at boot (OpenBIOS's pc_kbd_reset waits on the status register and expects
// the keyboard's 0xfa, 0xaa after a reset), so it answers every controller
// and keyboard command it gets; replies queue in the output buffer.
//
// Two byte ports at base (data) and base + 4 (status, command); the window is
// the 5 bytes between. Commands come from tables in i8042.cpp (the IBM PC/AT
// technical reference's controller and keyboard command sets).
#include "models/common/roles.h"
#include "payload_bytes.h"

#include "core/stats/stats.h"

#include <systemc>
#include <tlm>
#include <tlm_utils/simple_target_socket.h>

#include <cstdint>
#include <deque>

namespace fireplane {

struct I8042Config {
    uint64_t base = 0; // the data port; status and command at base + 4
};

class I8042 : public sc_core::sc_module, public BusTarget, public RegisterTransport<I8042> {
public:
    tlm_utils::simple_target_socket<I8042> socket;
    static constexpr uint64_t kWindowSize = 5;
    // Status register bits.
    static constexpr uint8_t kOutputFull = 0x01, kSystemFlag = 0x04, kCommandLast = 0x08,
                             kUnlocked = 0x10;

    I8042(sc_core::sc_module_name name, const I8042Config& config);
    ~I8042() override;

    // BusTarget
    TargetPort& bus_target() override { return socket; }
    AddressRange bus_range() const override { return {config_.base, kWindowSize}; }

    uint8_t status() const;
    uint8_t command_byte() const { return command_byte_; }
    size_t pending_output() const { return output_.size(); }

    // A command's behaviour, in the tables: `arg` is its parameter byte when
    // it takes one (the next data-port write).
    using Action = void (I8042::*)(uint8_t arg);
    struct Command {
        uint8_t code;
        const char* name;
        bool takes_argument;
        Action action;
    };
    static const Command kControllerCommands[]; // port 0x64
    static const Command kKeyboardCommands[];   // port 0x60

private:
    friend class RegisterTransport<I8042>;
    // The one access path; a debug read does not take a byte from the buffer.
    unsigned access(tlm::tlm_generic_payload& gp, bool debug);
    uint8_t read_port(uint64_t port, bool debug);
    void write_port(uint64_t port, uint8_t value);
    void run(const Command* table, size_t count, uint8_t code, bool controller);

    // Controller commands (port 0x64).
    void read_command_byte(uint8_t);
    void write_command_byte(uint8_t value);
    void self_test(uint8_t);
    void interface_test(uint8_t);
    void accept(uint8_t) {} // enabling and disabling: nothing modelled depends on it
    // Keyboard commands (port 0x60).
    void keyboard_reset(uint8_t);
    void keyboard_identify(uint8_t);
    void keyboard_ack(uint8_t);
    void keyboard_echo(uint8_t);

    void reply(uint8_t byte) { output_.push_back(byte); }

    I8042Config config_;
    std::deque<uint8_t> output_;
    uint8_t command_byte_ = 0x45; // translate, system flag, keyboard interrupt enabled
    bool last_was_command_ = false;
    const Command* awaiting_ = nullptr; // a command waiting for its argument
    uint64_t commands_ = 0, unknown_commands_ = 0;
    StatsGroup stats_{this->name()}; // last: its statistics go first
};

} // namespace fireplane
