#pragma once
// M48t59: an ST M48T59 TIMEKEEPER, 8 KiB of battery-backed SRAM whose top
// sixteen bytes (0x1ff0-0x1fff) are the clock, alarm, watchdog and flag
// registers (the datasheet's Table 5, "Register map"). The time is the
// configured epoch plus simulated time, so every run reads the same dates.
// Byte-wide like the part: a wider access is split into bytes, big-endian.
#include "models/common/roles.h"
#include "tod_calendar.h"

#include "core/checkpoint/checkpointable.h"
#include "core/stats/stats.h"

#include <systemc>
#include <tlm>
#include <tlm_utils/simple_target_socket.h>

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace fireplane {

struct M48t59Config {
    uint64_t base = 0;                         // where the builder maps it
    std::string epoch = "2026-01-01T00:00:00"; // the time at simulated time zero (UTC)
    std::string image;                         // NVRAM contents (8192 bytes); "": zeros
    // The NVRAM's first bytes (up to 8192) when no image file gives them (no
    // image, or a missing one with persist): a board's factory contents.
    std::vector<uint8_t> initial_image;
    bool persist = false;   // write the NVRAM back to `image` at the end
    unsigned interrupt = 0; // INO of its IRQ/FT line; 0: not connected
};

class M48t59 : public sc_core::sc_module,
               public BusTarget,
               public InterruptSource,
               public Checkpointable {
public:
    tlm_utils::simple_target_socket<M48t59> socket;

    static constexpr uint64_t kSize = 0x2000; // bytes it decodes: the whole SRAM
    // Register offsets, in the order of the register table.
    enum Reg : unsigned {
        Flags = 0x1ff0,
        Unused = 0x1ff1,
        AlarmSeconds = 0x1ff2,
        AlarmMinutes = 0x1ff3,
        AlarmHours = 0x1ff4,
        AlarmDate = 0x1ff5,
        Interrupts = 0x1ff6,
        Watchdog = 0x1ff7,
        Control = 0x1ff8,
        Seconds = 0x1ff9,
        Minutes = 0x1ffa,
        Hours = 0x1ffb,
        Day = 0x1ffc,
        Date = 0x1ffd,
        Month = 0x1ffe,
        Year = 0x1fff,
    };
    static constexpr unsigned kFirstRegister = Flags;
    // Bits of the registers.
    static constexpr uint8_t kControlWrite = 0x80, kControlRead = 0x40; // W, R
    static constexpr uint8_t kSecondsStop = 0x80;                       // ST
    static constexpr uint8_t kDayFrequencyTest = 0x40, kDayCenturyEnable = 0x20,
                             kDayCentury = 0x10;                      // FT, CEB, CB
    static constexpr uint8_t kFlagWatchdog = 0x80, kFlagAlarm = 0x40; // WDF, AF
    static constexpr uint8_t kInterruptsAlarm = 0x80;                 // AFE
    static constexpr uint8_t kWatchdogSteering = 0x80;                // WDS: 1 = IRQ

    // Throws std::invalid_argument for a bad epoch, a persist with no image, an
    // image of the wrong size, an initial_image over 8192 bytes, and
    // std::runtime_error for an image that cannot be read (it may be missing
    // when persist is set: it starts from initial_image).
    M48t59(sc_core::sc_module_name name, const M48t59Config& config);
    ~M48t59() override;

    // BusTarget
    TargetPort& bus_target() override { return socket; }
    AddressRange bus_range() const override { return {config_.base, kSize}; }
    // InterruptSource: IRQ/FT, asserted by the alarm (with AFE) or the
    // watchdog (with WDS).
    void connect_interrupt(InterruptInput& to) override { irq_out_ = &to; }
    unsigned interrupt_number() const override { return config_.interrupt; }

    const M48t59Config& config() const { return config_; }
    int64_t epoch_seconds() const { return epoch_seconds_; }
    // The clock's counters now (not the registers, which R or W may freeze).
    TodTime time_now();
    bool irq_pending() const;
    bool stopped() const { return stopped_; }
    // Writes the NVRAM to `image` (what persist does at the end). Throws
    // std::runtime_error when the file cannot be written.
    void save_image();

    uint64_t reads() const { return reads_; }
    uint64_t writes() const { return writes_; }

    // Checkpointable (section "<name>"): the NVRAM, the counters and when they
    // last counted, the flags, the alarm and watchdog deadlines.
    void checkpoint(StateIo& io) override;
    void restored() override;
    void unschedule() override;

private:
    using ReadHook = uint8_t (M48t59::*)(unsigned offset, bool debug);
    using WriteHook = void (M48t59::*)(unsigned offset, uint8_t value);

    struct RegisterInfo {
        Reg id;
        const char* name;
        const char* description;
        ReadHook on_read;   // nullptr: the stored byte
        WriteHook on_write; // nullptr: stored as written
    };
    static const RegisterInfo kRegisters[16];

    void b_transport(tlm::tlm_generic_payload& gp, sc_core::sc_time& delay);
    tlm::tlm_sync_enum nb_transport_fw(tlm::tlm_generic_payload& gp, tlm::tlm_phase& phase,
                                       sc_core::sc_time& delay);
    unsigned transport_dbg(tlm::tlm_generic_payload& gp);
    void access(tlm::tlm_generic_payload& gp);
    uint8_t read_byte(unsigned offset, bool debug);
    void write_byte(unsigned offset, uint8_t value);

    // Behaviour of the registers.
    uint8_t read_flags(unsigned offset, bool debug);
    uint8_t read_clock(unsigned offset, bool debug);
    void write_read_only(unsigned offset, uint8_t value);
    void write_alarm(unsigned offset, uint8_t value);
    void write_interrupts(unsigned offset, uint8_t value);
    void write_watchdog(unsigned offset, uint8_t value);
    void write_control(unsigned offset, uint8_t value);
    void write_clock(unsigned offset, uint8_t value);

    sc_core::sc_time now() const { return sc_core::sc_time_stamp() + access_delay_; }
    bool frozen() const { return nvram_[Control] & (kControlWrite | kControlRead); }
    void catch_up();       // counts the whole seconds since counter_time_
    void show_counters();  // the counters into the clock registers
    void load_counters();  // the clock registers into the counters (W cleared)
    void schedule_alarm(); // at the next second the alarm registers match
    void watchdog_timeout();
    void fire_due(const sc_core::sc_time& t); // the alarm and watchdog due by time t
    void update_line();

    void on_alarm();
    void on_watchdog();
    void start_of_simulation() override;
    void end_of_simulation() override;

    M48t59Config config_;
    int64_t epoch_seconds_ = 0;
    std::array<uint8_t, kSize> nvram_{};
    TodTime counters_;                                      // the clock at counter_time_
    sc_core::sc_time counter_time_ = sc_core::SC_ZERO_TIME; // when they last counted
    bool stopped_ = false;                                  // ST: the oscillator is off
    bool alarm_flag_ = false, watchdog_flag_ = false;       // AF, WDF
    bool watchdog_irq_ = false;
    bool alarm_armed_ = false, watchdog_armed_ = false; // due at alarm_due_, watchdog_due_
    sc_core::sc_time alarm_due_ = sc_core::SC_ZERO_TIME, watchdog_due_ = sc_core::SC_ZERO_TIME;
    bool line_level_ = false;
    bool reset_reported_ = false;
    bool started_ = false, saved_ = false;
    InterruptInput* irq_out_ = nullptr;
    sc_core::sc_time access_delay_ = sc_core::SC_ZERO_TIME;
    sc_core::sc_event alarm_event_{"alarm"};
    sc_core::sc_event watchdog_event_{"watchdog"};
    uint64_t reads_ = 0, writes_ = 0, alarms_ = 0, watchdog_timeouts_ = 0;
    CheckpointSection checkpoint_section_{this->name(), 1, *this};
    StatsGroup stats_{this->name()}; // last: its statistics go first
};

} // namespace fireplane
