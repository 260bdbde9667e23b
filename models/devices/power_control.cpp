#include "power_control.h"

#include "core/config/units.h"
#include "core/stats/stats.h"
#include "models/common/big_endian.h"
#include "payload_bytes.h"

#include <stdexcept>
#include <string>

namespace fireplane {

// The whole register set. Every register reads a constant; the writable ones
// act through their hook and store nothing.
// clang-format off
using P = PowerControl;
const P::RegisterInfo P::kRegisters[kNumRegs] = {
//   id        name        offset read value  description                                            write hook        read hook
    {Poweroff, "poweroff", 0x00,  0,          "write: power off; bits 7:0 are the exit code",        &P::write_poweroff, nullptr},
    {Reset,    "reset",    0x08,  0,          "write: every CPU takes a power-on reset",             &P::write_reset,    nullptr},
    {Id,       "id",       0x10,  kIdValue,   "read-only: \"FPpower\\0\" identifies the device",      nullptr,            nullptr},
    {Resets,   "resets",   0x18,  0,          "read-only: resets through this register since power-on", nullptr,         &P::read_resets},
};
// clang-format on

PowerControl::PowerControl(sc_core::sc_module_name name, const PowerControlConfig& config)
    : sc_module(name), socket("socket"), config_(config) {
    if (config_.base % kWindowSize != 0)
        throw std::invalid_argument(std::string(this->name()) + ": base " +
                                    units::format_address(config_.base) + " is not 4 KiB aligned");
    for (int i = 0; i < kNumRegs; ++i)
        if (kRegisters[i].id != i)
            SC_REPORT_FATAL(this->name(), "register table is out of order (model bug)");
    socket.register_b_transport(this, &PowerControl::b_transport);
    socket.register_nb_transport_fw(this, &PowerControl::nb_transport_fw);
    socket.register_transport_dbg(this, &PowerControl::transport_dbg);

    stats_.add_counter("reads", &reads_, "register reads (not debug, not failed)");
    stats_.add_counter("writes", &writes_, "register writes (not debug, not failed)");
    stats_.add_counter("resets", &resets_, "resets software asked for (RESET writes)");
}

PowerControl::~PowerControl() = default;

int PowerControl::decode(uint64_t offset) const {
    for (int i = 0; i < kNumRegs; ++i)
        if (kRegisters[i].offset == offset) return i;
    return -1;
}

// An 8-byte access to a register, or a 4-byte one to its low half (address
// + 4, big-endian), is carried out; any other size, alignment or offset gets
// an address error, and byte enables a byte-enable error, so that a guest
// takes a fault rather than the host.
unsigned PowerControl::access(tlm::tlm_generic_payload& gp, const sc_core::sc_time& at,
                              bool debug) {
    const uint64_t address = gp.get_address();
    const unsigned len = gp.get_data_length();
    if (gp.get_byte_enable_ptr()) {
        gp.set_response_status(tlm::TLM_BYTE_ENABLE_ERROR_RESPONSE);
        return 0;
    }
    const bool sized = (len == 8 && address % 8 == 0) || (len == 4 && address % 8 == 4);
    const int i = sized && gp.get_streaming_width() >= len ? decode(address & ~uint64_t(7)) : -1;
    if (i < 0 || gp.get_data_ptr() == nullptr) {
        gp.set_response_status(tlm::TLM_ADDRESS_ERROR_RESPONSE);
        return 0;
    }
    const RegisterInfo& r = kRegisters[i];
    uint8_t* data = gp.get_data_ptr();
    unsigned moved = len;
    if (gp.is_read()) {
        const uint64_t full = r.on_read ? (this->*r.on_read)() : r.read_value;
        const uint64_t value = len == 8 ? full : full & 0xffffffffu;
        store_big_endian(data, value, len);
        if (!debug) ++reads_;
    } else if (gp.is_write()) {
        if (debug) {
            moved = 0; // a debugger cannot power the machine off
        } else {
            const uint64_t value = load_big_endian(data, len);
            ++writes_;
            if (r.on_write) (this->*r.on_write)(value, at);
        }
    }
    gp.set_response_status(tlm::TLM_OK_RESPONSE);
    return moved;
}

void PowerControl::b_transport(tlm::tlm_generic_payload& gp, sc_core::sc_time& delay) {
    access(gp, sc_core::sc_time_stamp() + delay, false);
}

tlm::tlm_sync_enum PowerControl::nb_transport_fw(tlm::tlm_generic_payload& gp,
                                                 tlm::tlm_phase& phase, sc_core::sc_time& delay) {
    return complete_at_begin_req(name(), phase, delay, [&] {
        access(gp, sc_core::sc_time_stamp() + delay, false);
        return sc_core::SC_ZERO_TIME;
    });
}

// Reads see the registers; writes do nothing and move no bytes.
unsigned PowerControl::transport_dbg(tlm::tlm_generic_payload& gp) {
    return access(gp, sc_core::sc_time_stamp(), true);
}

// The first write wins: the simulation is already stopping after it.
void PowerControl::write_poweroff(uint64_t value, const sc_core::sc_time& at) {
    if (powered_off_) return;
    powered_off_ = true;
    exit_code_ = int(value & 0xff);
    powered_off_at_ = at;
    if (listener_) listener_(exit_code_);
    sc_core::sc_stop();
}

// The CPUs take the reset at their next instruction boundary; the count
// tells the reset code this is not the first boot.
void PowerControl::write_reset(uint64_t, const sc_core::sc_time&) {
    ++resets_;
    if (reset_listener_) reset_listener_();
}

} // namespace fireplane
