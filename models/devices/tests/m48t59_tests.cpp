// M48t59: the BCD clock from the epoch and simulated time, the READ and WRITE
// bits, the stop bit, the NVRAM and its image file, the alarm and the
// watchdog on the IRQ/FT line, debug access and errors.
#include "models/devices/m48t59.h"
#include "recording_interrupt.h"
#include "test_initiator.h"

#include <catch2/catch.hpp>

#include <cstdio>
#include <fstream>
#include <iterator>
#include <memory>
#include <string>
#include <unistd.h>
#include <vector>

using namespace fireplane;
using fireplane::test::RecordingInterrupt;
using fireplane::test::TestInitiator;
using sc_core::SC_MS;
using sc_core::SC_SEC;
using sc_core::sc_time;
using M = M48t59;

namespace {

constexpr unsigned kIno = 3;

M48t59Config config(const std::string& epoch = "2026-01-01T00:00:00") {
    M48t59Config c;
    c.epoch = epoch;
    c.interrupt = kIno;
    return c;
}

struct TodBench {
    TestInitiator ini{"ini"};
    RecordingInterrupt irq;
    M48t59 tod;
    explicit TodBench(const M48t59Config& c = config()) : tod("tod", c) {
        ini.socket.bind(tod.socket);
        tod.connect_interrupt(irq);
        sc_core::sc_start(sc_core::SC_ZERO_TIME);
    }
    uint8_t read(unsigned offset) { return ini.read8(offset); }
    void write(unsigned offset, uint8_t value) {
        REQUIRE(ini.write(offset, {value}) == tlm::TLM_OK_RESPONSE);
    }
    uint8_t peek(unsigned offset) { // no side effects
        std::vector<uint8_t> d(1);
        REQUIRE(ini.debug(tlm::TLM_READ_COMMAND, offset, d) == 1);
        return d[0];
    }
    // year, month, date, hours, minutes, seconds as the registers show them (BCD)
    std::vector<uint8_t> clock() {
        return {read(M::Year),  read(M::Month),   read(M::Date),
                read(M::Hours), read(M::Minutes), read(M::Seconds)};
    }
    bool line() const { return irq.asserted(kIno); }
};

// Runs for `t`, events due at its end included (sc_start(t) leaves them for
// the next start).
void run(const sc_time& t) {
    sc_core::sc_start(t);
    sc_core::sc_start(sc_core::SC_ZERO_TIME);
}

std::string temp_path() {
    char path[] = "/tmp/fireplane_nvram_XXXXXX";
    const int fd = mkstemp(path);
    REQUIRE(fd >= 0);
    close(fd);
    return path;
}

void write_file(const std::string& path, const std::vector<uint8_t>& bytes) {
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out.write(reinterpret_cast<const char*>(bytes.data()), std::streamsize(bytes.size()));
}

std::vector<uint8_t> read_file(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    return std::vector<uint8_t>(std::istreambuf_iterator<char>(in), {});
}

using Bytes = std::vector<uint8_t>;

} // namespace

TEST_CASE("m48t59: at time zero the clock registers show the epoch in BCD", "[m48t59]") {
    TodBench b(config("1999-12-31T23:59:58"));
    CHECK(b.clock() == Bytes{0x99, 0x12, 0x31, 0x23, 0x59, 0x58});
    CHECK(b.read(M::Day) == 0x16); // CB (19xx), Friday = 6
    CHECK(b.tod.epoch_seconds() == 946684798);
    CHECK(b.read(M::Control) == 0x00);
    CHECK(b.read(M::Flags) == 0x00);
}

TEST_CASE("m48t59: the clock advances with simulated time, a second at a time", "[m48t59]") {
    TodBench b;
    CHECK(b.clock() == Bytes{0x26, 0x01, 0x01, 0x00, 0x00, 0x00});
    CHECK(b.read(M::Day) == 0x05); // 2026-01-01 is a Thursday
    run(sc_time(999, SC_MS));
    CHECK(b.read(M::Seconds) == 0x00);
    run(sc_time(1, SC_MS));
    CHECK(b.read(M::Seconds) == 0x01);
    run(sc_time(3660, SC_SEC));
    CHECK(b.clock() == Bytes{0x26, 0x01, 0x01, 0x01, 0x01, 0x01});
    run(sc_time(31 * 86400 - 3661, SC_SEC));
    CHECK(b.clock() == Bytes{0x26, 0x02, 0x01, 0x00, 0x00, 0x00});
    CHECK(b.read(M::Day) == 0x01);               // Sunday
    CHECK_FALSE(sc_core::sc_pending_activity()); // no alarm, no watchdog: no events
}

TEST_CASE("m48t59: with CEB the century bit toggles at the turn of the century", "[m48t59]") {
    TodBench b(config("1999-12-31T23:59:59"));
    b.write(M::Day, 0x20 | 0x16); // CEB needs no W; the rest of the byte does
    CHECK(b.read(M::Day) == 0x36);
    run(sc_time(1, SC_SEC));
    CHECK(b.clock() == Bytes{0x00, 0x01, 0x01, 0x00, 0x00, 0x00});
    CHECK(b.read(M::Day) == 0x27); // CEB, CB cleared, Saturday
}

TEST_CASE("m48t59: READ freezes the registers while the clock runs on", "[m48t59]") {
    TodBench b;
    run(sc_time(10, SC_SEC));
    CHECK(b.read(M::Seconds) == 0x10);
    b.write(M::Control, M::kControlRead);
    run(sc_time(5, SC_SEC));
    CHECK(b.read(M::Seconds) == 0x10);
    CHECK(b.tod.time_now().seconds == 15);
    b.write(M::Control, 0x00);
    CHECK(b.read(M::Seconds) == 0x15);
}

TEST_CASE("m48t59: WRITE, then clearing it, sets the clock; the next second is a second later",
          "[m48t59]") {
    TodBench b;
    run(sc_time(10500, SC_MS));
    b.write(M::Control, M::kControlWrite);
    const Bytes set{0x30, 0x06, 0x15, 0x12, 0x34, 0x56};
    const unsigned regs[] = {M::Year, M::Month, M::Date, M::Hours, M::Minutes, M::Seconds};
    for (int i = 0; i < 6; ++i)
        b.write(regs[i], set[i]);
    b.write(M::Day, 0x07);
    run(sc_time(3, SC_SEC));
    CHECK(b.clock() == set); // frozen with what was written
    b.write(M::Control, 0x00);
    CHECK(b.clock() == set);
    CHECK(b.read(M::Day) == 0x07);
    run(sc_time(999, SC_MS));
    CHECK(b.read(M::Seconds) == 0x56);
    run(sc_time(1, SC_MS));
    CHECK(b.read(M::Seconds) == 0x57);
    run(sc_time(3, SC_SEC));
    CHECK(b.clock() == Bytes{0x30, 0x06, 0x15, 0x12, 0x35, 0x00});
}

TEST_CASE("m48t59: without WRITE a write to a clock register does not change the time",
          "[m48t59]") {
    TodBench b;
    b.write(M::Hours, 0x22);
    b.write(M::Year, 0x50);
    CHECK(b.clock() == Bytes{0x26, 0x01, 0x01, 0x00, 0x00, 0x00});
}

TEST_CASE("m48t59: the stop bit stops the oscillator and clearing it starts it again", "[m48t59]") {
    TodBench b;
    run(sc_time(5, SC_SEC));
    b.write(M::Seconds, M::kSecondsStop);
    CHECK(b.tod.stopped());
    CHECK(b.read(M::Seconds) == 0x85);
    run(sc_time(10, SC_SEC));
    CHECK(b.read(M::Seconds) == 0x85);
    b.write(M::Seconds, 0x00);
    CHECK(b.read(M::Seconds) == 0x05);
    run(sc_time(1, SC_SEC));
    CHECK(b.read(M::Seconds) == 0x06);
}

TEST_CASE("m48t59: NVRAM bytes read back; wider accesses are bytes in big-endian order",
          "[m48t59]") {
    TodBench b;
    b.write(0x0000, 0x11);
    b.write(0x1fef, 0x22);
    b.write(M::Unused, 0x33);
    CHECK(b.read(0x0000) == 0x11);
    CHECK(b.read(0x1fef) == 0x22);
    CHECK(b.read(M::Unused) == 0x33);
    REQUIRE(b.ini.write(0x100, {0xde, 0xad, 0xbe, 0xef}) == tlm::TLM_OK_RESPONSE);
    CHECK(b.read(0x100) == 0xde);
    CHECK(b.read(0x103) == 0xef);
    std::vector<uint8_t> eight(8);
    REQUIRE(b.ini.read(M::Control, eight) == tlm::TLM_OK_RESPONSE);
    CHECK(eight == Bytes{0x00, 0x00, 0x00, 0x00, 0x05, 0x01, 0x01, 0x26});
    std::vector<uint8_t> past(2);
    CHECK(b.ini.read(0x1fff, past) == tlm::TLM_ADDRESS_ERROR_RESPONSE);
    CHECK(b.tod.reads() == 6); // the failed one is not counted
    CHECK(b.tod.writes() == 4);
}

TEST_CASE("m48t59: an image gives the NVRAM; the clock still starts at the epoch", "[m48t59]") {
    const std::string path = temp_path();
    Bytes image(M::kSize);
    for (size_t i = 0; i < image.size(); ++i)
        image[i] = uint8_t(i * 7);
    image[M::Control] = 0xc5; // W and R set when it was saved, calibration 5
    image[M::Watchdog] = 0x8e;
    image[M::Seconds] = 0x80; // stopped when it was saved
    write_file(path, image);
    M48t59Config c = config();
    c.image = path;
    TodBench b(c);
    CHECK(b.read(0x0010) == image[0x10]);
    CHECK(b.read(0x1abc) == image[0x1abc]);
    CHECK(b.read(M::Unused) == image[M::Unused]);
    CHECK(b.read(M::AlarmDate) == image[M::AlarmDate]);
    CHECK(b.read(M::Control) == 0x05);  // W and R cleared at power-on
    CHECK(b.read(M::Watchdog) == 0x00); // the watchdog is off after power-up
    CHECK(b.clock() == Bytes{0x26, 0x01, 0x01, 0x00, 0x00, 0x00});
    CHECK_FALSE(b.tod.stopped());
    b.write(0x0010, 0x99);
    CHECK(read_file(path) == image); // not written back without persist
    std::remove(path.c_str());
}

TEST_CASE("m48t59: a bad image or persist without one is an error", "[m48t59]") {
    const std::string path = temp_path();
    write_file(path, Bytes(100, 0));
    M48t59Config c = config();
    c.image = path;
    CHECK_THROWS_WITH(M48t59("short", c), Catch::Contains("100 bytes") && Catch::Contains("8192"));
    write_file(path, Bytes(M::kSize + 1, 0));
    CHECK_THROWS_AS(M48t59("long", c), std::invalid_argument);
    std::remove(path.c_str());
    CHECK_THROWS_WITH(M48t59("missing", c), Catch::Contains(path));
    M48t59Config p = config();
    p.persist = true;
    CHECK_THROWS_AS(M48t59("nowhere", p), std::invalid_argument);
    M48t59Config e = config("2026-02-30");
    CHECK_THROWS_WITH(M48t59("bad_epoch", e), Catch::Contains("2026-02-30"));
}

TEST_CASE("m48t59: persist writes the NVRAM back at the end, creating the image", "[m48t59]") {
    const std::string path = temp_path();
    std::remove(path.c_str()); // with persist, a missing image starts all zero
    M48t59Config c = config();
    c.image = path;
    c.persist = true;
    {
        TodBench b(c);
        CHECK(b.read(0x20) == 0x00);
        b.write(0x20, 0x5a);
        run(sc_time(2, SC_SEC));
    }
    const Bytes saved = read_file(path);
    REQUIRE(saved.size() == M::kSize);
    CHECK(saved[0x20] == 0x5a);
    CHECK(saved[M::Seconds] == 0x02); // the clock as it stood
    std::remove(path.c_str());
}

TEST_CASE("m48t59: an alarm once a minute sets AF at the matching second; AFE drives the line",
          "[m48t59]") {
    TodBench b;
    b.write(M::AlarmMinutes, 0x80); // RPT2-4 set: only the seconds must match
    b.write(M::AlarmHours, 0x80);
    b.write(M::AlarmDate, 0x80);
    b.write(M::AlarmSeconds, 0x30);
    b.write(M::Interrupts, M::kInterruptsAlarm);
    run(sc_time(29999, SC_MS));
    CHECK(b.peek(M::Flags) == 0x00);
    CHECK_FALSE(b.line());
    run(sc_time(1, SC_MS));
    CHECK(b.peek(M::Flags) == M::kFlagAlarm);
    CHECK(b.line());
    REQUIRE(b.irq.changes.size() == 1);
    CHECK(b.irq.changes[0].ino == kIno);
    CHECK(b.irq.changes[0].at == sc_time(30, SC_SEC));
    CHECK(b.read(M::Flags) == M::kFlagAlarm); // the read clears AF and the line
    CHECK_FALSE(b.line());
    CHECK(b.read(M::Flags) == 0x00);
    run(sc_time(60, SC_SEC));
    CHECK(b.line());
    CHECK(b.irq.changes.back().at == sc_time(90, SC_SEC));
    b.write(M::Interrupts, 0x00); // AFE off: the line falls, AF stays
    CHECK_FALSE(b.line());
    CHECK(b.peek(M::Flags) == M::kFlagAlarm);
}

TEST_CASE("m48t59: an alarm once a month matches date and time; without AFE only AF is set",
          "[m48t59]") {
    TodBench b;
    b.write(M::AlarmDate, 0x02);
    b.write(M::AlarmHours, 0x03);
    b.write(M::AlarmMinutes, 0x04);
    b.write(M::AlarmSeconds, 0x05);
    const sc_time at(86400 + 3 * 3600 + 4 * 60 + 5, SC_SEC); // 2026-01-02T03:04:05
    run(at - sc_time(1, SC_SEC));
    CHECK(b.peek(M::Flags) == 0x00);
    run(sc_time(1, SC_SEC));
    CHECK(b.read(M::Flags) == M::kFlagAlarm);
    CHECK(b.irq.changes.empty());
    run(sc_time(31 * 86400 - 1, SC_SEC)); // to 2026-02-02T03:04:04
    CHECK(b.peek(M::Flags) == 0x00);
    run(sc_time(1, SC_SEC));
    CHECK(b.peek(M::Flags) == M::kFlagAlarm);
}

TEST_CASE("m48t59: an alarm no clock reaches schedules nothing", "[m48t59]") {
    TodBench b;
    b.write(M::AlarmDate, 0x00); // monthly on day 0: never
    CHECK_FALSE(sc_core::sc_pending_activity());
    b.write(M::AlarmDate, 0x80);
    b.write(M::AlarmHours, 0x80);
    b.write(M::AlarmMinutes, 0x80);
    b.write(M::AlarmSeconds, 0x80); // once a second
    CHECK(sc_core::sc_pending_activity());
    b.write(M::Seconds, M::kSecondsStop); // a stopped oscillator raises no alarm
    CHECK_FALSE(sc_core::sc_pending_activity());
}

TEST_CASE("m48t59: the watchdog sets WDF after multiplier x resolution; WDS steers it to the "
          "line",
          "[m48t59]") {
    TodBench b;
    b.write(M::Watchdog, M::kWatchdogSteering | 3 << 2 | 2); // 3 x 1 s, to IRQ/FT
    run(sc_time(2, SC_SEC));
    b.write(M::Watchdog, M::kWatchdogSteering | 3 << 2 | 2); // kicked: 3 s from now
    run(sc_time(2999, SC_MS));
    CHECK_FALSE(b.line());
    run(sc_time(1, SC_MS));
    CHECK(b.line());
    CHECK(b.irq.changes.back().at == sc_time(5, SC_SEC));
    CHECK(b.read(M::Flags) == M::kFlagWatchdog); // clears WDF, not the line
    CHECK(b.line());
    b.write(M::Watchdog, 0x00); // 0 takes the interrupt back and stops the watchdog
    CHECK_FALSE(b.line());
    CHECK_FALSE(sc_core::sc_pending_activity());

    b.write(M::Watchdog, 1 << 2 | 0); // 1 x 1/16 s, steered to reset (not modelled)
    run(sc_time(62500, sc_core::SC_US));
    CHECK(b.peek(M::Flags) == M::kFlagWatchdog);
    CHECK_FALSE(b.line());
}

TEST_CASE("m48t59: debug reads have no side effects; debug writes store bytes", "[m48t59]") {
    TodBench b;
    b.write(M::Watchdog, M::kWatchdogSteering | 1 << 2);
    run(sc_time(100, SC_MS));
    CHECK(b.peek(M::Flags) == M::kFlagWatchdog);
    CHECK(b.peek(M::Flags) == M::kFlagWatchdog); // still set
    std::vector<uint8_t> data{9, 9, 9};
    CHECK(b.ini.debug(tlm::TLM_WRITE_COMMAND, 0x1ffe, data) == 2); // clipped to the SRAM
    CHECK(b.peek(0x1ffe) == 0x01); // live clock registers show the counters again
    std::vector<uint8_t> nv{0xab};
    CHECK(b.ini.debug(tlm::TLM_WRITE_COMMAND, 0x40, nv) == 1);
    CHECK(b.read(0x40) == 0xab);
    CHECK(b.tod.writes() == 1);
}

TEST_CASE("m48t59: an initiator running ahead of SystemC time sees what its clock has reached",
          "[m48t59]") {
    TodBench b;
    b.write(M::Watchdog, M::kWatchdogSteering | 1 << 2 | 2); // 1 s
    b.ini.delay = sc_time(1500, SC_MS);                      // the initiator's local time
    CHECK(b.read(M::Seconds) == 0x01);
    CHECK(b.line()); // the watchdog ran out at 1 s
    CHECK(b.read(M::Flags) == M::kFlagWatchdog);
    CHECK(sc_core::sc_time_stamp() == sc_core::SC_ZERO_TIME);
    b.ini.delay = sc_core::SC_ZERO_TIME;
    b.write(M::Watchdog, 0x00);
    b.write(M::AlarmDate, 0x80);
    b.write(M::AlarmHours, 0x80);
    b.write(M::AlarmMinutes, 0x80);
    b.write(M::AlarmSeconds, 0x05); // second 5 of each minute
    b.ini.delay = sc_time(5, SC_SEC);
    CHECK(b.read(M::Flags) == M::kFlagAlarm);
    run(sc_time(10, SC_SEC)); // the event at 5 s finds it done
    CHECK(b.peek(M::Flags) == 0x00);
}

// Found by the device_mmio fuzz target: with a time of day written out of
// range (24:00:01), the wait to the next monthly match came out negative, the
// alarm was due in the past and fired again and again at one instant (the
// host hung). The clock carries such a time into the next day when it counts,
// and so does the alarm's schedule.
TEST_CASE("m48t59: an alarm after a time of day written out of range is due in the future",
          "[m48t59]") {
    TodBench b;
    run(sc_time(2, SC_SEC));
    b.write(M::AlarmDate, 0x02); // once a month: the 2nd at 00:00:00
    b.write(M::AlarmHours, 0x00);
    b.write(M::AlarmMinutes, 0x00);
    b.write(M::AlarmSeconds, 0x00);
    b.write(M::Control, M::kControlWrite);
    b.write(M::Hours, 0x24); // 2026-01-01T24:00:01: 2026-01-02T00:00:01 once it counts
    b.write(M::Minutes, 0x00);
    b.write(M::Seconds, 0x01);
    b.write(M::Control, 0x00);
    CHECK(sc_core::sc_time_to_pending_activity() == sc_time(31 * 86400 - 1, SC_SEC));
    run(sc_time(31 * 86400 - 2, SC_SEC));
    CHECK(b.peek(M::Flags) == 0x00);
    run(sc_time(1, SC_SEC)); // 2026-02-02T00:00:00
    CHECK(b.read(M::Flags) == M::kFlagAlarm);
    CHECK(b.clock() == Bytes{0x26, 0x02, 0x02, 0x00, 0x00, 0x00});
}
