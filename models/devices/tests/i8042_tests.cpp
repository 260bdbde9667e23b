// I8042: the status register, the controller commands OpenBIOS sends at boot,
// keyboard commands and their replies, argument bytes, debug reads, and the
// access sizes it refuses.
#include "models/devices/i8042.h"
#include "test_initiator.h"

#include <catch2/catch.hpp>

#include <vector>

using namespace fireplane;
using fireplane::test::TestInitiator;

namespace {

constexpr uint64_t kData = 0, kStatus = 4;

struct Bench {
    I8042 kbc{"kbc", I8042Config{0x60}};
    TestInitiator ini{"ini"};
    Bench() {
        ini.socket.bind(kbc.socket);
        sc_core::sc_start(sc_core::SC_ZERO_TIME);
    }
    void out(uint64_t port, uint8_t value) {
        REQUIRE(ini.write(port, {value}) == tlm::TLM_OK_RESPONSE);
    }
    uint8_t in(uint64_t port) { return ini.read8(port); }
};

} // namespace

TEST_CASE("i8042: OpenBIOS's keyboard reset gets 0xfa then 0xaa, the input buffer never busy",
          "[i8042]") {
    Bench b;
    CHECK(b.in(kStatus) == (I8042::kSystemFlag | I8042::kUnlocked));
    b.out(kStatus, 0xae); // enable keyboard
    CHECK((b.in(kStatus)&0x02) == 0);
    CHECK((b.in(kStatus)&I8042::kCommandLast) != 0);
    b.out(kStatus, 0x60); // write command byte ...
    b.out(kData, 0x40);   // ... its argument
    CHECK(b.kbc.command_byte() == 0x40);
    CHECK(b.kbc.pending_output() == 0);
    b.out(kData, 0xff); // keyboard reset
    CHECK((b.in(kStatus)&I8042::kOutputFull) != 0);
    CHECK(b.in(kData) == 0xfa);
    CHECK(b.in(kData) == 0xaa);
    CHECK((b.in(kStatus)&I8042::kOutputFull) == 0);
    CHECK(b.in(kData) == 0); // nothing more
}

TEST_CASE("i8042: controller tests and the command byte read back", "[i8042]") {
    Bench b;
    b.out(kStatus, 0xaa);
    CHECK(b.in(kData) == 0x55);
    b.out(kStatus, 0xab);
    CHECK(b.in(kData) == 0x00);
    b.out(kStatus, 0x20);
    CHECK(b.in(kData) == 0x45); // its reset value
}

TEST_CASE("i8042: keyboard commands are acknowledged, an argument too; unknown ones get resend",
          "[i8042]") {
    Bench b;
    b.out(kData, 0xed); // LEDs: ack, then the argument's ack
    b.out(kData, 0x04);
    b.out(kData, 0xf2); // identify
    b.out(kData, 0x12); // not a command
    const std::vector<uint8_t> want{0xfa, 0xfa, 0xfa, 0xab, 0x83, 0xfe};
    std::vector<uint8_t> got;
    while (b.in(kStatus)&I8042::kOutputFull)
        got.push_back(b.in(kData));
    CHECK(got == want);
}

TEST_CASE("i8042: a debug read does not take the byte; other sizes and ports are errors",
          "[i8042]") {
    Bench b;
    b.out(kStatus, 0xaa);
    std::vector<uint8_t> d(1);
    CHECK(b.ini.debug(tlm::TLM_READ_COMMAND, kData, d) == 1);
    CHECK(d[0] == 0x55);
    CHECK(b.kbc.pending_output() == 1);
    std::vector<uint8_t> two(2);
    CHECK(b.ini.read(kData, two) == tlm::TLM_ADDRESS_ERROR_RESPONSE);
    CHECK(b.ini.read(2, d) == tlm::TLM_ADDRESS_ERROR_RESPONSE);
    std::vector<uint8_t> cmd{0xff};
    CHECK(b.ini.debug(tlm::TLM_WRITE_COMMAND, kData, cmd) == 0); // a debugger sends nothing
    CHECK(b.kbc.pending_output() == 1);
}
