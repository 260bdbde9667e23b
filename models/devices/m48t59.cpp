#include "m48t59.h"

#include "models/common/cycle_time.h"

#include "payload_bytes.h"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iterator>
#include <stdexcept>
#include <sys/stat.h>
#include <vector>

namespace fireplane {

namespace {
const sc_core::sc_time kSecond(1, sc_core::SC_SEC);
constexpr unsigned kAlarmRepeatBit = 0x80; // RPT1..RPT4, bit 7 of each alarm register
// The watchdog's resolution, RB1-RB0: 1/16, 1/4, 1 and 4 seconds.
const sc_core::sc_time kWatchdogResolution[4] = {
    sc_core::sc_time(62.5, sc_core::SC_MS), sc_core::sc_time(250, sc_core::SC_MS),
    sc_core::sc_time(1, sc_core::SC_SEC), sc_core::sc_time(4, sc_core::SC_SEC)};

// The image's bytes; false when it does not exist and `may_be_missing`.
bool read_image(const std::string& path, bool may_be_missing, std::vector<char>& bytes) {
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        const int error = errno;
        struct stat st;
        if (may_be_missing && ::stat(path.c_str(), &st) != 0 && errno == ENOENT) return false;
        throw std::runtime_error("cannot read image '" + path + "': " + std::strerror(error));
    }
    bytes.assign(std::istreambuf_iterator<char>(in), {});
    if (in.bad()) throw std::runtime_error("cannot read image '" + path + "'");
    return true;
}
} // namespace

// The sixteen registers at the top of the SRAM (the datasheet's Table 5),
// from 0x1ff0 up. Without a hook a register is a plain SRAM byte.
// clang-format off
using M = M48t59;
const M::RegisterInfo M::kRegisters[16] = {
//   id            name             description                                                        read hook         write hook
    {Flags,        "flags",         "WDF (7), AF (6), BL (4); read-only, a read clears WDF and AF",    &M::read_flags,   &M::write_read_only},
    {Unused,       "unused",        "free SRAM byte",                                                  nullptr,          nullptr},
    {AlarmSeconds, "alarm_seconds", "RPT1 (7), alarm seconds in BCD",                                  nullptr,          &M::write_alarm},
    {AlarmMinutes, "alarm_minutes", "RPT2 (7), alarm minutes in BCD",                                  nullptr,          &M::write_alarm},
    {AlarmHours,   "alarm_hours",   "RPT3 (7), alarm hours in BCD",                                    nullptr,          &M::write_alarm},
    {AlarmDate,    "alarm_date",    "RPT4 (7), alarm date in BCD",                                     nullptr,          &M::write_alarm},
    {Interrupts,   "interrupts",    "AFE (7): the alarm drives IRQ/FT; ABE (5)",                       nullptr,          &M::write_interrupts},
    {Watchdog,     "watchdog",      "WDS (7), multiplier BMB4-0 (6:2), resolution RB1-0 (1:0)",        nullptr,          &M::write_watchdog},
    {Control,      "control",       "W (7) sets, R (6) freezes the clock registers; S, calibration",  nullptr,          &M::write_control},
    {Seconds,      "seconds",       "ST (7) stops the oscillator; seconds 00-59 in BCD",               &M::read_clock,   &M::write_clock},
    {Minutes,      "minutes",       "minutes 00-59 in BCD",                                            &M::read_clock,   &M::write_clock},
    {Hours,        "hours",         "hours 00-23 in BCD",                                              &M::read_clock,   &M::write_clock},
    {Day,          "day",           "FT (6), CEB (5), CB (4); day of the week 1-7",                    &M::read_clock,   &M::write_clock},
    {Date,         "date",          "date 01-31 in BCD",                                               &M::read_clock,   &M::write_clock},
    {Month,        "month",         "month 01-12 in BCD",                                              &M::read_clock,   &M::write_clock},
    {Year,         "year",          "year 00-99 in BCD",                                               &M::read_clock,   &M::write_clock},
};
// clang-format on

M48t59::M48t59(sc_core::sc_module_name name, const M48t59Config& config)
    : sc_module(name), socket("socket"), config_(config) {
    for (unsigned i = 0; i < 16; ++i)
        if (kRegisters[i].id != kFirstRegister + i)
            SC_REPORT_FATAL(this->name(), "register table is out of order (model bug)");
    epoch_seconds_ = parse_epoch(config_.epoch);
    if (config_.persist && config_.image.empty())
        throw std::invalid_argument("persist needs an image file to write the NVRAM to");
    if (config_.initial_image.size() > kSize)
        throw std::invalid_argument("initial_image holds " +
                                    std::to_string(config_.initial_image.size()) +
                                    " bytes; the M48T59's NVRAM is 8192");
    std::copy(config_.initial_image.begin(), config_.initial_image.end(), nvram_.begin());
    if (!config_.image.empty()) {
        std::vector<char> bytes;
        if (read_image(config_.image, config_.persist, bytes)) {
            if (bytes.size() != kSize)
                throw std::invalid_argument("image '" + config_.image + "' holds " +
                                            std::to_string(bytes.size()) +
                                            " bytes; the M48T59's NVRAM is 8192");
            std::copy(bytes.begin(), bytes.end(), nvram_.begin());
        }
    }
    // Power-on: the battery kept the SRAM, the alarm and the calibration;
    // the clock runs from the epoch, the watchdog is off and cleared, FT is
    // cleared, and nothing is frozen.
    nvram_[Control] &= uint8_t(~(kControlWrite | kControlRead));
    nvram_[Watchdog] = 0;
    nvram_[Flags] = 0;
    nvram_[Day] &= uint8_t(~kDayFrequencyTest);
    counters_ = tod_from_unix(epoch_seconds_);
    show_counters();

    socket.register_b_transport(this, &M48t59::b_transport);
    socket.register_nb_transport_fw(this, &M48t59::nb_transport_fw);
    socket.register_transport_dbg(this, &M48t59::transport_dbg);
    SC_HAS_PROCESS(M48t59);
    SC_METHOD(on_alarm);
    sensitive << alarm_event_;
    dont_initialize();
    SC_METHOD(on_watchdog);
    sensitive << watchdog_event_;
    dont_initialize();

    stats_.add_counter("reads", &reads_, "read transactions (not debug)");
    stats_.add_counter("writes", &writes_, "write transactions (not debug)");
    stats_.add_counter("alarms", &alarms_, "times the alarm matched (AF set)");
    stats_.add_counter("watchdog_timeouts", &watchdog_timeouts_, "watchdog expiries (WDF set)");
}

M48t59::~M48t59() {
    if (!config_.persist || !started_ || saved_) return;
    try {
        save_image();
    } catch (const std::exception& e) {
        std::fprintf(stderr, "fireplane: %s: %s\n", name(), e.what());
    }
}

// ---- the clock ----

void M48t59::catch_up() {
    if (stopped_) return;
    const sc_core::sc_time t = now();
    if (t <= counter_time_) return;
    const uint64_t n = (t - counter_time_).value() / kSecond.value();
    if (n == 0) return;
    tod_advance(counters_, n, nvram_[Day] & kDayCenturyEnable);
    counter_time_ += sc_core::sc_time::from_value(n * kSecond.value());
}

// All the clock registers change together; FT and CEB are the software's,
// ST the oscillator's state.
void M48t59::show_counters() {
    const TodTime& t = counters_;
    nvram_[Seconds] = uint8_t((stopped_ ? kSecondsStop : 0) | to_bcd(t.seconds));
    nvram_[Minutes] = to_bcd(t.minutes);
    nvram_[Hours] = to_bcd(t.hours);
    nvram_[Day] = uint8_t((nvram_[Day] & (kDayFrequencyTest | kDayCenturyEnable)) |
                          (t.century ? kDayCentury : 0) | (t.day & 7));
    nvram_[Date] = to_bcd(t.date);
    nvram_[Month] = to_bcd(t.month);
    nvram_[Year] = to_bcd(t.year);
}

void M48t59::load_counters() {
    TodTime& t = counters_;
    t.seconds = from_bcd(nvram_[Seconds] & 0x7f);
    t.minutes = from_bcd(nvram_[Minutes] & 0x7f);
    t.hours = from_bcd(nvram_[Hours] & 0x3f);
    t.day = nvram_[Day] & 7;
    t.century = nvram_[Day] & kDayCentury;
    t.date = from_bcd(nvram_[Date] & 0x3f);
    t.month = from_bcd(nvram_[Month] & 0x1f);
    t.year = from_bcd(nvram_[Year]);
}

TodTime M48t59::time_now() {
    catch_up();
    return counters_;
}

uint8_t M48t59::read_clock(unsigned offset, bool) {
    if (!frozen()) {
        catch_up();
        show_counters();
    }
    return nvram_[offset];
}

// Without W a write only reaches the control bits (ST, FT, CEB): the next
// update would overwrite the rest. With W the byte waits for W to clear.
void M48t59::write_clock(unsigned offset, uint8_t value) {
    if (nvram_[Control] & kControlWrite) nvram_[offset] = value;
    if (offset == Day) {
        const uint8_t bits = kDayFrequencyTest | kDayCenturyEnable;
        nvram_[Day] = uint8_t((nvram_[Day] & ~bits) | (value & bits));
    }
    if (offset != Seconds || bool(value & kSecondsStop) == stopped_) return;
    if (value & kSecondsStop) { // the oscillator stops where it is
        catch_up();
        stopped_ = true;
        alarm_event_.cancel();
        alarm_armed_ = false;
    } else { // and starts again: the next second one second from now
        stopped_ = false;
        counter_time_ = now();
        schedule_alarm();
    }
    if (nvram_[Control] & kControlWrite) return;
    nvram_[Seconds] = uint8_t((nvram_[Seconds] & ~kSecondsStop) | (stopped_ ? kSecondsStop : 0));
}

// R or W freezes the registers at this moment (the clock runs on inside);
// clearing W sets the clock from them, its next second one second later.
void M48t59::write_control(unsigned, uint8_t value) {
    const uint8_t old = nvram_[Control];
    const uint8_t freeze = kControlWrite | kControlRead;
    if (!(old & freeze) && (value & freeze)) {
        catch_up();
        show_counters();
    }
    nvram_[Control] = value;
    if ((old & kControlWrite) && !(value & kControlWrite)) {
        load_counters();
        counter_time_ = now();
        schedule_alarm();
    }
}

// ---- alarm, watchdog and the IRQ/FT line ----

uint8_t M48t59::read_flags(unsigned, bool debug) {
    const uint8_t flags =
        uint8_t((watchdog_flag_ ? kFlagWatchdog : 0) | (alarm_flag_ ? kFlagAlarm : 0));
    if (!debug) {
        alarm_flag_ = watchdog_flag_ = false;
        update_line();
    }
    return flags;
}

void M48t59::write_read_only(unsigned, uint8_t) {}

void M48t59::write_alarm(unsigned offset, uint8_t value) {
    nvram_[offset] = value;
    schedule_alarm();
}

void M48t59::write_interrupts(unsigned, uint8_t value) {
    nvram_[Interrupts] = value;
    update_line();
}

// A write restarts the timer (multiplier x resolution; multiplier 0 turns it
// off) and takes back an interrupt it raised.
void M48t59::write_watchdog(unsigned, uint8_t value) {
    nvram_[Watchdog] = value;
    watchdog_irq_ = false;
    watchdog_event_.cancel();
    const unsigned multiplier = (value >> 2) & 0x1f;
    watchdog_armed_ = multiplier != 0;
    if (watchdog_armed_) {
        watchdog_due_ = now() + kWatchdogResolution[value & 3] * multiplier;
        notify_at(watchdog_event_, watchdog_due_);
    }
    update_line();
}

void M48t59::watchdog_timeout() {
    watchdog_armed_ = false;
    watchdog_flag_ = true;
    ++watchdog_timeouts_;
    if (nvram_[Watchdog] & kWatchdogSteering) {
        watchdog_irq_ = true;
    } else if (!reset_reported_) {
        reset_reported_ = true;
        SC_REPORT_WARNING(name(), "watchdog timeout: WDS = 0 asks for a system reset (RST), "
                                  "which is not modelled; WDF is set (reported once)");
    }
    update_line();
}

// The next whole second at which the counters match the alarm registers in
// the repeat mode RPT4-RPT1 selects: every second (1111), minute (1110), hour
// (1100), day (1000) or month (0000). Other modes, and alarm values no clock
// reaches, never match.
void M48t59::schedule_alarm() {
    alarm_event_.cancel();
    alarm_armed_ = false;
    if (stopped_) return;
    catch_up();
    const unsigned rpt = (nvram_[AlarmSeconds] & kAlarmRepeatBit ? 1 : 0) |
                         (nvram_[AlarmMinutes] & kAlarmRepeatBit ? 2 : 0) |
                         (nvram_[AlarmHours] & kAlarmRepeatBit ? 4 : 0) |
                         (nvram_[AlarmDate] & kAlarmRepeatBit ? 8 : 0);
    const int64_t as = from_bcd(nvram_[AlarmSeconds] & 0x7f);
    const int64_t am = from_bcd(nvram_[AlarmMinutes] & 0x7f);
    const int64_t ah = from_bcd(nvram_[AlarmHours] & 0x3f);
    const unsigned ad = from_bcd(nvram_[AlarmDate] & 0x3f);
    // The counters as they count on: a time of day software wrote out of range
    // (hours 24-45, minutes or seconds 60-85) carries into the next day, so
    // now_s is below a day and every wait below is positive.
    TodTime t = counters_;
    tod_advance(t, 0, nvram_[Day] & kDayCenturyEnable);
    const int64_t now_s = int64_t(t.hours) * 3600 + t.minutes * 60 + t.seconds;
    // Seconds to the next instant whose time of day, modulo `period`, is `target`.
    const auto next = [&](int64_t target, int64_t period) {
        const int64_t k = ((target - now_s) % period + period) % period;
        return k == 0 ? period : k;
    };
    int64_t k = 0;
    if (rpt == 0xf) {
        k = 1;
    } else if (rpt == 0xe && as < 60) {
        k = next(as, 60);
    } else if (rpt == 0xc && as < 60 && am < 60) {
        k = next(am * 60 + as, 3600);
    } else if (rpt == 0x8 && as < 60 && am < 60 && ah < 24) {
        k = next(ah * 3600 + am * 60 + as, 86400);
    } else if (rpt == 0x0 && as < 60 && am < 60 && ah < 24 && ad >= 1 && ad <= 31) {
        const int64_t target = ah * 3600 + am * 60 + as;
        if (t.date == ad && target > now_s) {
            k = target - now_s;
        } else {
            TodTime day = t; // midnight of each following day until the date matches
            day.hours = day.minutes = day.seconds = 0;
            for (int64_t d = 1; d <= 400 && k == 0; ++d) {
                tod_advance(day, 86400, nvram_[Day] & kDayCenturyEnable);
                if (day.date == ad) k = 86400 - now_s + (d - 1) * 86400 + target;
            }
        }
    }
    if (k == 0) return;
    alarm_armed_ = true;
    alarm_due_ = counter_time_ + sc_core::sc_time::from_value(uint64_t(k) * kSecond.value());
    notify_at(alarm_event_, alarm_due_);
}

// What the alarm and the watchdog did up to time t. An access is served at
// its initiator's local time, which may be ahead of SystemC time: it sees
// what that time has reached. The events do the same for the line.
void M48t59::fire_due(const sc_core::sc_time& t) {
    if (watchdog_armed_ && watchdog_due_ <= t) watchdog_timeout();
    if (alarm_armed_ && alarm_due_ <= t) {
        alarm_flag_ = true;
        ++alarms_;
        schedule_alarm(); // the next match after the counters' time
    }
}

void M48t59::on_alarm() {
    fire_due(sc_core::sc_time_stamp());
    update_line();
}

void M48t59::on_watchdog() {
    fire_due(sc_core::sc_time_stamp());
    update_line();
}

bool M48t59::irq_pending() const {
    return (alarm_flag_ && (nvram_[Interrupts] & kInterruptsAlarm)) || watchdog_irq_;
}

void M48t59::update_line() {
    const bool level = irq_pending();
    if (level == line_level_) return;
    line_level_ = level;
    if (irq_out_) irq_out_->set_level(config_.interrupt, level);
}

void M48t59::start_of_simulation() {
    started_ = true;
    if (!checkpoint_section_.restoring()) schedule_alarm(); // else restored() does
}

void M48t59::checkpoint(StateIo& io) {
    io(epoch_seconds_, nvram_, counters_, counter_time_, stopped_, alarm_flag_, watchdog_flag_);
    io(watchdog_irq_, alarm_armed_, watchdog_armed_, alarm_due_, watchdog_due_, line_level_);
    io(reset_reported_);
}

void M48t59::unschedule() {
    alarm_event_.cancel();
    watchdog_event_.cancel();
}

void M48t59::restored() {
    unschedule();
    if (alarm_armed_) notify_at(alarm_event_, alarm_due_);
    if (watchdog_armed_) notify_at(watchdog_event_, watchdog_due_);
}

void M48t59::end_of_simulation() {
    if (!config_.persist || saved_) return;
    try {
        save_image();
    } catch (const std::exception& e) {
        SC_REPORT_WARNING(name(), e.what());
    }
}

void M48t59::save_image() {
    if (!frozen()) {
        catch_up();
        show_counters();
    }
    nvram_[Flags] = uint8_t((watchdog_flag_ ? kFlagWatchdog : 0) | (alarm_flag_ ? kFlagAlarm : 0));
    std::ofstream out(config_.image, std::ios::binary | std::ios::trunc);
    out.write(reinterpret_cast<const char*>(nvram_.data()), std::streamsize(nvram_.size()));
    out.close();
    if (!out) throw std::runtime_error("cannot write image '" + config_.image + "'");
    saved_ = true;
}

// ---- transactions ----

uint8_t M48t59::read_byte(unsigned offset, bool debug) {
    if (offset < kFirstRegister) return nvram_[offset];
    const RegisterInfo& r = kRegisters[offset - kFirstRegister];
    return r.on_read ? (this->*r.on_read)(offset, debug) : nvram_[offset];
}

void M48t59::write_byte(unsigned offset, uint8_t value) {
    if (offset < kFirstRegister) {
        nvram_[offset] = value;
        return;
    }
    const RegisterInfo& r = kRegisters[offset - kFirstRegister];
    if (r.on_write)
        (this->*r.on_write)(offset, value);
    else
        nvram_[offset] = value;
}

// Byte by byte in address order: an 8-byte load is eight single-byte reads,
// the first byte the most significant (big-endian).
void M48t59::access(tlm::tlm_generic_payload& gp) {
    fire_due(now());
    const uint64_t base = gp.get_address();
    if (gp.is_read()) {
        ++reads_;
        for_each_enabled_byte(gp, [&](uint64_t off, unsigned char& d) {
            d = read_byte(unsigned(base + off), false);
        });
    } else {
        ++writes_;
        for_each_enabled_byte(
            gp, [&](uint64_t off, unsigned char& d) { write_byte(unsigned(base + off), d); });
    }
    update_line();
}

void M48t59::b_transport(tlm::tlm_generic_payload& gp, sc_core::sc_time& delay) {
    if (!payload_accepted(gp, kSize)) return;
    if (gp.get_data_ptr() == nullptr) {
        gp.set_response_status(tlm::TLM_GENERIC_ERROR_RESPONSE);
        return;
    }
    access_delay_ = delay;
    access(gp);
    access_delay_ = sc_core::SC_ZERO_TIME;
    gp.set_response_status(tlm::TLM_OK_RESPONSE);
}

tlm::tlm_sync_enum M48t59::nb_transport_fw(tlm::tlm_generic_payload& gp, tlm::tlm_phase& phase,
                                           sc_core::sc_time& delay) {
    return complete_at_begin_req(name(), phase, delay, [&] {
        sc_core::sc_time local = delay;
        b_transport(gp, local);
        return sc_core::SC_ZERO_TIME;
    });
}

// Reads see the registers without side effects (the flags stay set); writes
// store bytes as they are, registers included, with no effect on the clock.
unsigned M48t59::transport_dbg(tlm::tlm_generic_payload& gp) {
    const uint64_t addr = gp.get_address();
    if (addr >= kSize || gp.get_data_ptr() == nullptr) return 0;
    const unsigned n = unsigned(std::min<uint64_t>(gp.get_data_length(), kSize - addr));
    uint8_t* data = gp.get_data_ptr();
    if (gp.is_read()) {
        for (unsigned i = 0; i < n; ++i)
            data[i] = read_byte(unsigned(addr + i), true);
    } else if (gp.is_write()) {
        std::copy(data, data + n, nvram_.begin() + addr);
    } else {
        return 0;
    }
    return n;
}

} // namespace fireplane
