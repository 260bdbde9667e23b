#pragma once
// PowerControl: the registers firmware writes to power the machine off, and so
// the way a bare-metal program reports its result (the exit code), or to
// reset it. A write to POWEROFF ends the simulation (sc_stop); a write to
// RESET makes every CPU take a power-on reset (memory keeps its contents) and
// counts in RESETS, which reset code reads to tell a first boot from a later
// one. Registers are 64-bit, big-endian as the SPARC sees them; 8-byte
// accesses, or 4-byte ones to the low half.
#include "models/common/roles.h"

#include "core/checkpoint/checkpointable.h"
#include "core/stats/stats.h"

#include <systemc>
#include <tlm>
#include <tlm_utils/simple_target_socket.h>

#include <cstdint>
#include <functional>

namespace fireplane {

struct PowerControlConfig {
    uint64_t base = 0; // where the builder maps it; 4 KiB aligned
};

class PowerControl : public sc_core::sc_module,
                     public BusTarget,
                     public PowerSwitch,
                     public Checkpointable {
public:
    tlm_utils::simple_target_socket<PowerControl> socket;

    static constexpr uint64_t kWindowSize = 0x1000; // bytes it decodes
    // ID reads "FPpower" and a NUL, in address order (big-endian).
    static constexpr uint64_t kIdValue = 0x4650706f77657200ull;
    // The register set, in the order of the register table.
    enum Reg { Poweroff, Reset, Id, Resets, kNumRegs };
    static uint64_t offset(Reg reg) { return kRegisters[reg].offset; }
    static const char* register_name(Reg reg) { return kRegisters[reg].name; }

    // Throws std::invalid_argument for a base that is not 4 KiB aligned.
    PowerControl(sc_core::sc_module_name name, const PowerControlConfig& config);
    ~PowerControl() override;

    // BusTarget
    TargetPort& bus_target() override { return socket; }
    AddressRange bus_range() const override { return {config_.base, kWindowSize}; }
    const PowerControlConfig& config() const { return config_; }

    bool powered_off() const { return powered_off_; }
    int exit_code() const { return exit_code_; }                        // 0..255
    sc_core::sc_time powered_off_at() const { return powered_off_at_; } // the store's local time
    // PowerSwitch: called once, at power-off and before sc_stop(), with the
    // exit code; the platform halts its processors there so none runs past the store.
    void on_poweroff(std::function<void(int exit_code)> listener) override {
        listener_ = std::move(listener);
    }
    void on_reset(std::function<void()> listener) override {
        reset_listener_ = std::move(listener);
    }
    uint64_t resets() const { return resets_; }
    void checkpoint(StateIo& io) override { io(powered_off_, exit_code_, powered_off_at_); }

    uint64_t reads() const { return reads_; }
    uint64_t writes() const { return writes_; }

private:
    // `at` is the access's local time (sc_time_stamp() plus the annotated delay).
    using WriteHook = void (PowerControl::*)(uint64_t value, const sc_core::sc_time& at);
    using ReadHook = uint64_t (PowerControl::*)() const;

    struct RegisterInfo {
        Reg id;
        const char* name;
        uint64_t offset;
        uint64_t read_value; // what a read returns, unless on_read says
        const char* description;
        WriteHook on_write; // nullptr: read-only, a write is ignored
        ReadHook on_read = nullptr;
    };
    static const RegisterInfo kRegisters[kNumRegs];

    void b_transport(tlm::tlm_generic_payload& gp, sc_core::sc_time& delay);
    tlm::tlm_sync_enum nb_transport_fw(tlm::tlm_generic_payload& gp, tlm::tlm_phase& phase,
                                       sc_core::sc_time& delay);
    unsigned transport_dbg(tlm::tlm_generic_payload& gp);
    // The one functional access path; a debug access has no side effects.
    // Returns the bytes moved (0 on an error response).
    unsigned access(tlm::tlm_generic_payload& gp, const sc_core::sc_time& at, bool debug);
    int decode(uint64_t offset) const; // table index or -1

    // Behaviour of the writable registers.
    void write_poweroff(uint64_t value, const sc_core::sc_time& at);
    void write_reset(uint64_t value, const sc_core::sc_time& at);

    PowerControlConfig config_;
    std::function<void(int)> listener_;
    bool powered_off_ = false;
    int exit_code_ = 0;
    sc_core::sc_time powered_off_at_ = sc_core::SC_ZERO_TIME;
    std::function<void()> reset_listener_;
    uint64_t resets_ = 0;
    uint64_t read_resets() const { return resets_; }
    uint64_t reads_ = 0;
    uint64_t writes_ = 0;
    CheckpointSection checkpoint_section_{this->name(), 1, *this};
    StatsGroup stats_{this->name()}; // last: its statistics go first
};

} // namespace fireplane
