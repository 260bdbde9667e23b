#include "sun4u_power.h"

#include "models/common/big_endian.h"
#include "models/devices/payload_bytes.h"

namespace fireplane {

// clang-format off
using P = Sun4uPower;
const P::RegisterInfo P::kRegisters[kNumRegs] = {
//   id     name     offset read value description                                          write hook
    {Power, "power", 0x0,   0,         "write: bit 24 (big-endian word) powers the machine off", &P::write_power},
};
// clang-format on

Sun4uPower::Sun4uPower(sc_core::sc_module_name name, const Sun4uPowerConfig& config)
    : sc_module(name), socket("socket"), config_(config) {
    for (int i = 0; i < kNumRegs; ++i)
        if (kRegisters[i].id != i)
            SC_REPORT_FATAL(this->name(), "register table is out of order (model bug)");
    bind_register_transport(socket);
    stats_.add_counter("writes", &writes_, "power register writes (not debug)");
}

Sun4uPower::~Sun4uPower() = default;

// A 4-byte aligned access is carried out; any other gets an address error
// (byte enables a byte-enable error), as QEMU accepts only 4-byte ones.
unsigned Sun4uPower::access(tlm::tlm_generic_payload& gp, bool debug) {
    const uint64_t address = gp.get_address();
    int index = -1;
    for (int i = 0; i < kNumRegs; ++i)
        if (kRegisters[i].offset == address) index = i;
    if (index < 0 || gp.get_data_length() != 4 || gp.get_streaming_width() < 4 ||
        gp.get_data_ptr() == nullptr) {
        gp.set_response_status(tlm::TLM_ADDRESS_ERROR_RESPONSE);
        return 0;
    }
    const RegisterInfo& r = kRegisters[index];
    unsigned moved = 4;
    if (gp.is_read()) {
        store_big_endian(gp.get_data_ptr(), r.read_value, 4);
    } else if (debug) {
        moved = 0; // a debugger cannot power the machine off
    } else {
        ++writes_;
        (this->*r.on_write)(uint32_t(load_big_endian(gp.get_data_ptr(), 4)));
    }
    gp.set_response_status(tlm::TLM_OK_RESPONSE);
    return moved;
}

// The first power-off wins: the simulation is already stopping after it.
void Sun4uPower::write_power(uint32_t value) {
    if (!(value & kPowerOff) || powered_off_) return;
    powered_off_ = true;
    if (listener_) listener_(0);
    sc_core::sc_stop();
}

} // namespace fireplane
