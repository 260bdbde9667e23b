#include "i8042.h"

#include <iterator>
#include <string>

namespace fireplane {

namespace {
using K = I8042;
constexpr uint8_t kAck = 0xfa, kSelfTestPassed = 0xaa, kResend = 0xfe;
} // namespace

// clang-format off
const I8042::Command I8042::kControllerCommands[] = {
//   code  name                  argument action
    {0x20, "read command byte",  false,   &K::read_command_byte},
    {0x60, "write command byte", true,    &K::write_command_byte},
    {0xa7, "disable mouse",      false,   &K::accept},
    {0xa8, "enable mouse",       false,   &K::accept},
    {0xaa, "self test",          false,   &K::self_test},
    {0xab, "keyboard interface test", false, &K::interface_test},
    {0xad, "disable keyboard",   false,   &K::accept},
    {0xae, "enable keyboard",    false,   &K::accept},
};
// Every keyboard command is acknowledged (0xfa); some say more.
const I8042::Command I8042::kKeyboardCommands[] = {
    {0xed, "set LEDs",           true,    &K::keyboard_ack},
    {0xee, "echo",               false,   &K::keyboard_echo},
    {0xf0, "scan code set",      true,    &K::keyboard_ack},
    {0xf2, "identify",           false,   &K::keyboard_identify},
    {0xf3, "typematic rate",     true,    &K::keyboard_ack},
    {0xf4, "enable scanning",    false,   &K::keyboard_ack},
    {0xf5, "disable scanning",   false,   &K::keyboard_ack},
    {0xf6, "set defaults",       false,   &K::keyboard_ack},
    {0xff, "reset",              false,   &K::keyboard_reset},
};
// clang-format on

I8042::I8042(sc_core::sc_module_name name, const I8042Config& config)
    : sc_module(name), socket("socket"), config_(config) {
    bind_register_transport(socket);
    stats_.add_counter("commands", &commands_, "controller and keyboard commands carried out");
    stats_.add_counter("unknown_commands", &unknown_commands_,
                       "commands it does not know (keyboard: answered with resend)");
}

I8042::~I8042() = default;

uint8_t I8042::status() const {
    return uint8_t((output_.empty() ? 0 : kOutputFull) | kSystemFlag | kUnlocked |
                   (last_was_command_ ? kCommandLast : 0));
}

// Byte accesses to the two ports; anything else is an address error.
unsigned I8042::access(tlm::tlm_generic_payload& gp, bool debug) {
    const uint64_t port = gp.get_address();
    if (gp.get_data_length() != 1 || (port != 0 && port != 4)) {
        gp.set_response_status(tlm::TLM_ADDRESS_ERROR_RESPONSE);
        return 0;
    }
    gp.set_response_status(tlm::TLM_OK_RESPONSE);
    if (gp.is_read()) {
        *gp.get_data_ptr() = read_port(port, debug);
        return 1;
    }
    if (!gp.is_write() || debug) return 0; // a debugger does not send commands
    write_port(port, *gp.get_data_ptr());
    return 1;
}

uint8_t I8042::read_port(uint64_t port, bool debug) {
    if (port == 4) return status();
    if (output_.empty()) return 0;
    const uint8_t byte = output_.front();
    if (!debug) output_.pop_front();
    return byte;
}

void I8042::write_port(uint64_t port, uint8_t value) {
    last_was_command_ = port == 4;
    if (port == 4) {
        awaiting_ = nullptr;
        return run(kControllerCommands, std::size(kControllerCommands), value, true);
    }
    if (awaiting_) { // the argument of the last command
        const Command* c = awaiting_;
        awaiting_ = nullptr;
        return (this->*c->action)(value);
    }
    run(kKeyboardCommands, std::size(kKeyboardCommands), value, false);
}

void I8042::run(const Command* table, size_t count, uint8_t code, bool controller) {
    for (size_t i = 0; i < count; ++i)
        if (table[i].code == code) {
            ++commands_;
            if (table[i].takes_argument) {
                if (!controller) reply(kAck); // the keyboard acknowledges the command byte too
                awaiting_ = &table[i];
            } else {
                (this->*table[i].action)(code);
            }
            return;
        }
    ++unknown_commands_;
    if (!controller) reply(kResend);
}

void I8042::read_command_byte(uint8_t) {
    reply(command_byte_);
}
void I8042::write_command_byte(uint8_t value) {
    command_byte_ = value;
}
void I8042::self_test(uint8_t) {
    reply(0x55);
}
void I8042::interface_test(uint8_t) {
    reply(0x00);
}
void I8042::keyboard_reset(uint8_t) {
    output_.clear();
    reply(kAck);
    reply(kSelfTestPassed);
}
void I8042::keyboard_identify(uint8_t) {
    reply(kAck);
    reply(0xab); // an MF2 keyboard
    reply(0x83);
}
void I8042::keyboard_ack(uint8_t) {
    reply(kAck);
}
void I8042::keyboard_echo(uint8_t) {
    reply(0xee);
}

} // namespace fireplane
