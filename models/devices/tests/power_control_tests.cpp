// PowerControl: a write to poweroff stops the simulation with an exit code,
// the ID register, the access sizes it takes and the address errors it gives,
// the reset register and its count, and debug access.
#include "core/stats/stats.h"
#include "models/devices/power_control.h"
#include "test_initiator.h"

#include <catch2/catch.hpp>

#include <string>
#include <vector>

using namespace fireplane;
using fireplane::test::TestInitiator;
using sc_core::SC_NS;
using sc_core::sc_time;

namespace {

constexpr uint64_t kPoweroff = 0x0, kReset = 0x8, kId = 0x10, kResets = 0x18;

std::vector<uint8_t> be64(uint64_t v) {
    std::vector<uint8_t> out(8);
    for (int b = 0; b < 8; ++b)
        out[b] = uint8_t(v >> (56 - 8 * b));
    return out;
}

uint64_t from_be(const std::vector<uint8_t>& d) {
    uint64_t v = 0;
    for (uint8_t b : d)
        v = v << 8 | b;
    return v;
}

// A power controller driven from the test body (after elaboration).
struct PowerBench {
    PowerControl pc{"pc", PowerControlConfig{0x1fff1001000}};
    TestInitiator ini{"ini"};
    PowerBench() {
        ini.socket.bind(pc.socket);
        sc_core::sc_start(sc_core::SC_ZERO_TIME); // elaborate
    }
};

// Firmware that runs for 100ns, powers off with a store whose annotated delay
// is 5ns, and would go on if the simulation did not stop.
struct Firmware : sc_core::sc_module {
    tlm_utils::simple_initiator_socket<Firmware> socket{"socket"};
    bool ran_past_poweroff = false;
    tlm::tlm_response_status status = tlm::TLM_INCOMPLETE_RESPONSE;
    SC_HAS_PROCESS(Firmware);
    explicit Firmware(sc_core::sc_module_name n) : sc_module(n) { SC_THREAD(run); }
    void run() {
        wait(100, SC_NS);
        std::vector<uint8_t> data = be64(0xabcd0000000012a5); // exit code 0xa5
        tlm::tlm_generic_payload gp;
        TestInitiator::setup(gp, tlm::TLM_WRITE_COMMAND, kPoweroff, data, {}, 0);
        sc_time delay(5, SC_NS);
        socket->b_transport(gp, delay);
        status = gp.get_response_status();
        wait(delay);
        wait(1, sc_core::SC_US);
        ran_past_poweroff = true;
    }
};

} // namespace

TEST_CASE("power_control: a write to poweroff stops the simulation with its exit code and time",
          "[power_control]") {
    PowerControl pc("pc", PowerControlConfig{0x1fff1001000});
    Firmware fw("fw");
    fw.socket.bind(pc.socket);
    int told = -1;
    bool running_when_told = false;
    pc.on_poweroff([&](int code) {
        told = code;
        running_when_told = sc_core::sc_get_status() == sc_core::SC_RUNNING;
    });

    sc_core::sc_start(); // no time limit: only the power-off ends it
    CHECK(sc_core::sc_get_status() == sc_core::SC_STOPPED);
    CHECK(fw.status == tlm::TLM_OK_RESPONSE);
    CHECK(pc.powered_off());
    CHECK(pc.exit_code() == 0xa5); // the low 8 bits
    CHECK(pc.powered_off_at() == sc_time(105, SC_NS));
    CHECK(sc_core::sc_time_stamp() == sc_time(100, SC_NS));
    CHECK_FALSE(fw.ran_past_poweroff);
    CHECK(told == 0xa5);
    CHECK(running_when_told);
    CHECK(pc.writes() == 1);
    const auto* stat = StatsRegistry::current().find("pc.writes");
    REQUIRE(stat != nullptr);
    CHECK(stat->value() == 1.0);
}

TEST_CASE("power_control: a 4-byte store to the low half powers off, and the first one wins",
          "[power_control]") {
    PowerBench b;
    CHECK_FALSE(b.pc.powered_off());
    std::vector<uint8_t> low{0, 0, 1, 7}; // 0x107: exit code 7
    tlm::tlm_generic_payload gp;
    TestInitiator::setup(gp, tlm::TLM_WRITE_COMMAND, kPoweroff + 4, low, {}, 0);
    tlm::tlm_phase phase = tlm::BEGIN_REQ;
    sc_time delay(3, SC_NS);
    CHECK(b.ini.socket->nb_transport_fw(gp, phase, delay) == tlm::TLM_COMPLETED);
    CHECK(gp.get_response_status() == tlm::TLM_OK_RESPONSE);
    CHECK(delay == sc_time(3, SC_NS)); // no latency of its own
    CHECK(b.pc.powered_off());
    CHECK(b.pc.exit_code() == 7);
    CHECK(b.pc.powered_off_at() == sc_time(3, SC_NS));
    CHECK(sc_core::sc_get_status() == sc_core::SC_STOPPED);

    CHECK(b.ini.write(kPoweroff, be64(1)) == tlm::TLM_OK_RESPONSE);
    CHECK(b.pc.exit_code() == 7);
    CHECK(b.pc.writes() == 2);
}

TEST_CASE("power_control: id reads the magic, poweroff and reset read 0", "[power_control]") {
    PowerBench b;
    std::vector<uint8_t> d(8);
    REQUIRE(b.ini.read(kId, d) == tlm::TLM_OK_RESPONSE);
    CHECK(from_be(d) == PowerControl::kIdValue);
    CHECK(std::string(d.begin(), d.end() - 1) == "FPpower");
    CHECK(d[7] == 0);
    std::vector<uint8_t> half(4);
    REQUIRE(b.ini.read(kId + 4, half) == tlm::TLM_OK_RESPONSE);
    CHECK(from_be(half) == 0x77657200); // "wer\0"
    REQUIRE(b.ini.read(kPoweroff, d) == tlm::TLM_OK_RESPONSE);
    CHECK(from_be(d) == 0);
    REQUIRE(b.ini.read(kReset, d) == tlm::TLM_OK_RESPONSE);
    CHECK(from_be(d) == 0);

    CHECK(b.ini.write(kId, be64(0)) == tlm::TLM_OK_RESPONSE); // read-only: ignored
    REQUIRE(b.ini.read(kId, d) == tlm::TLM_OK_RESPONSE);
    CHECK(from_be(d) == PowerControl::kIdValue);
    CHECK(b.pc.reads() == 5);
    CHECK(b.pc.writes() == 1);
    CHECK(PowerControl::offset(PowerControl::Id) == kId);
    CHECK(std::string(PowerControl::register_name(PowerControl::Poweroff)) == "poweroff");
}

TEST_CASE("power_control: debug reads see the registers and debug writes do nothing",
          "[power_control]") {
    PowerBench b;
    std::vector<uint8_t> d(8);
    CHECK(b.ini.debug(tlm::TLM_READ_COMMAND, kId, d) == 8);
    CHECK(from_be(d) == PowerControl::kIdValue);
    std::vector<uint8_t> off = be64(3);
    CHECK(b.ini.debug(tlm::TLM_WRITE_COMMAND, kPoweroff, off) == 0);
    CHECK_FALSE(b.pc.powered_off());
    CHECK(b.ini.debug(tlm::TLM_READ_COMMAND, 0x20, d) == 0);
    std::vector<uint8_t> reset = be64(1);
    CHECK(b.ini.debug(tlm::TLM_WRITE_COMMAND, kReset, reset) == 0);
    CHECK(b.pc.resets() == 0);
    CHECK(b.pc.reads() == 0);
    CHECK(b.pc.writes() == 0);
}

TEST_CASE("power_control: other sizes, alignments and offsets get address errors",
          "[power_control]") {
    PowerBench b;
    CHECK(b.pc.bus_range().base == 0x1fff1001000);
    CHECK(b.pc.bus_range().size == 0x1000);
    const tlm::tlm_response_status bad = tlm::TLM_ADDRESS_ERROR_RESPONSE;
    CHECK(b.ini.write(kPoweroff, {1}) == bad);
    CHECK(b.ini.write(kPoweroff + 6, {0, 1}) == bad);
    CHECK(b.ini.write(kPoweroff, {0, 0, 0, 1}) == bad); // the high half
    CHECK(b.ini.write(kPoweroff + 2, {0, 0, 0, 1}) == bad);
    CHECK(b.ini.write(kPoweroff + 4, be64(1)) == bad);
    CHECK(b.ini.write(kPoweroff, std::vector<uint8_t>(16, 1)) == bad);
    CHECK(b.ini.write(0x20, be64(1)) == bad); // no register there
    CHECK(b.ini.write(0xff8, be64(1)) == bad);
    CHECK(b.ini.write(0x1000, be64(1)) == bad); // outside the window
    std::vector<uint8_t> d(8);
    CHECK(b.ini.read(0x20, d) == bad);
    CHECK(b.ini.read(kId + 1, d) == bad);
    std::vector<uint8_t> burst(8);
    CHECK(b.ini.transport(tlm::TLM_WRITE_COMMAND, kPoweroff, burst, {}, 4) == bad);
    CHECK(b.ini.transport(tlm::TLM_WRITE_COMMAND, kPoweroff, burst, {0xff}) ==
          tlm::TLM_BYTE_ENABLE_ERROR_RESPONSE);

    CHECK_FALSE(b.pc.powered_off());
    CHECK(sc_core::sc_get_status() == sc_core::SC_PAUSED);
    CHECK(b.pc.reads() == 0);
    CHECK(b.pc.writes() == 0);
}

TEST_CASE("power_control: a reset write calls the listener and counts in resets",
          "[power_control]") {
    PowerBench b;
    int calls = 0;
    b.pc.on_reset([&] { ++calls; });
    std::vector<uint8_t> d(8);
    REQUIRE(b.ini.read(kResets, d) == tlm::TLM_OK_RESPONSE);
    CHECK(from_be(d) == 0);
    CHECK(b.ini.write(kReset, be64(1)) == tlm::TLM_OK_RESPONSE);
    CHECK(b.ini.write(kReset + 4, {0, 0, 0, 1}) == tlm::TLM_OK_RESPONSE);
    CHECK(calls == 2);
    REQUIRE(b.ini.read(kResets, d) == tlm::TLM_OK_RESPONSE);
    CHECK(from_be(d) == 2);
    CHECK(b.ini.write(kResets, be64(7)) == tlm::TLM_OK_RESPONSE); // read-only: ignored
    CHECK(b.pc.resets() == 2);
    CHECK_FALSE(b.pc.powered_off());
    CHECK(sc_core::sc_get_status() == sc_core::SC_PAUSED);
}

TEST_CASE("power_control: a base that is not 4 KiB aligned is rejected", "[power_control]") {
    CHECK_THROWS_WITH(PowerControl("pc", PowerControlConfig{0x1fff1001008}),
                      Catch::Contains("4 KiB aligned"));
}
