#pragma once
// Sun4uPower: the power register QEMU's sun4u board has on the ebus at port
// 0x7240 ("According to a real Ultra 5, bit 24 controls the power"). One
// 32-bit register, big-endian as QEMU's DEVICE_NATIVE_ENDIAN on SPARC makes
// it: OpenBIOS's power-off (arch/sparc64/openbios.c sparc64_power_off, which
// Linux reaches through SUNW,power-off) stores 0x01000000 with a plain `st`
// through a mapping without invert-endian, so the bytes in address order are
// 01 00 00 00. A write with bit 24 set powers the machine off (exit code 0);
// reads return 0. Only 4-byte aligned accesses, as in QEMU.
#include "models/common/roles.h"
#include "models/devices/payload_bytes.h"

#include "core/stats/stats.h"

#include <systemc>
#include <tlm>
#include <tlm_utils/simple_target_socket.h>

#include <cstdint>
#include <functional>

namespace fireplane {

struct Sun4uPowerConfig {
    uint64_t base = 0; // where the builder maps it (the ebus's port 0x7240)
};

class Sun4uPower : public sc_core::sc_module,
                   public BusTarget,
                   public PowerSwitch,
                   public RegisterTransport<Sun4uPower> {
public:
    tlm_utils::simple_target_socket<Sun4uPower> socket;

    static constexpr uint64_t kWindowSize = 4;
    static constexpr uint32_t kPowerOff = 1u << 24; // in the big-endian word
    enum Reg { Power, kNumRegs };

    Sun4uPower(sc_core::sc_module_name name, const Sun4uPowerConfig& config);
    ~Sun4uPower() override;

    // BusTarget
    TargetPort& bus_target() override { return socket; }
    AddressRange bus_range() const override { return {config_.base, kWindowSize}; }
    const Sun4uPowerConfig& config() const { return config_; }

    // PowerSwitch: the listener runs once, at the power-off store, before sc_stop().
    void on_poweroff(std::function<void(int exit_code)> listener) override {
        listener_ = std::move(listener);
    }
    // This register has no reset: the listener is never called.
    void on_reset(std::function<void()> listener) override {
        reset_listener_ = std::move(listener);
    }

    bool powered_off() const { return powered_off_; }
    int exit_code() const { return 0; }
    uint64_t writes() const { return writes_; }

private:
    friend class RegisterTransport<Sun4uPower>;
    using WriteHook = void (Sun4uPower::*)(uint32_t value);
    struct RegisterInfo {
        Reg id;
        const char* name;
        uint64_t offset;
        uint32_t read_value;
        const char* description;
        WriteHook on_write;
    };
    static const RegisterInfo kRegisters[kNumRegs];

    unsigned access(tlm::tlm_generic_payload& gp, bool debug);

    void write_power(uint32_t value);

    Sun4uPowerConfig config_;
    std::function<void(int)> listener_;
    std::function<void()> reset_listener_;
    bool powered_off_ = false;
    uint64_t writes_ = 0;
    StatsGroup stats_{this->name()}; // last: its statistics go first
};

} // namespace fireplane
