// Sun4uPower: OpenBIOS's power-off store (0x01000000, big-endian) ends the
// simulation with exit code 0; the same value stored little-endian, other
// bits, reads, and accesses of other sizes do not.
#include "models/devices/tests/test_initiator.h"
#include "models/sun4u/sun4u_power.h"

#include <catch2/catch.hpp>

#include <vector>

using namespace fireplane;
using fireplane::test::TestInitiator;
using sc_core::SC_NS;

namespace {

// Firmware that stores `bytes` to the register at 100 ns and would go on
// if the simulation did not stop.
struct Firmware : sc_core::sc_module {
    tlm_utils::simple_initiator_socket<Firmware> socket{"socket"};
    std::vector<uint8_t> bytes;
    bool ran_past_store = false;
    tlm::tlm_response_status status = tlm::TLM_INCOMPLETE_RESPONSE;
    SC_HAS_PROCESS(Firmware);
    Firmware(sc_core::sc_module_name n, std::vector<uint8_t> b)
        : sc_module(n), bytes(std::move(b)) {
        SC_THREAD(run);
    }
    void run() {
        wait(100, SC_NS);
        tlm::tlm_generic_payload gp;
        TestInitiator::setup(gp, tlm::TLM_WRITE_COMMAND, 0, bytes, {}, 0);
        sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
        socket->b_transport(gp, delay);
        status = gp.get_response_status();
        wait(1, sc_core::SC_US);
        ran_past_store = true;
    }
};

struct PowerBench {
    Sun4uPower power{"power", Sun4uPowerConfig{0x1fe02007240}};
    TestInitiator ini{"ini"};
    PowerBench() {
        ini.socket.bind(power.socket);
        sc_core::sc_start(sc_core::SC_ZERO_TIME); // elaborate
    }
};

} // namespace

TEST_CASE("sun4u_power: OpenBIOS's big-endian store of bit 24 powers off with exit code 0",
          "[sun4u_power]") {
    Sun4uPower power("power", Sun4uPowerConfig{0x1fe02007240});
    Firmware fw("fw", {0x01, 0x00, 0x00, 0x00}); // `st 0x1000000` without invert-endian
    fw.socket.bind(power.socket);
    int told = -1;
    power.on_poweroff([&](int code) { told = code; });
    sc_core::sc_start(10, sc_core::SC_US);
    CHECK(fw.status == tlm::TLM_OK_RESPONSE);
    CHECK(power.powered_off());
    CHECK(told == 0);
    CHECK(power.exit_code() == 0);
    CHECK_FALSE(fw.ran_past_store);
    CHECK(sc_core::sc_time_stamp() == sc_core::sc_time(100, SC_NS));
}

TEST_CASE("sun4u_power: the value stored little-endian does not power off", "[sun4u_power]") {
    Sun4uPower power("power", Sun4uPowerConfig{0x1fe02007240});
    Firmware fw("fw", {0x00, 0x00, 0x00, 0x01}); // `stwa` with ASI 0x1d (PCI writel)
    fw.socket.bind(power.socket);
    bool told = false;
    power.on_poweroff([&](int) { told = true; });
    sc_core::sc_start(10, sc_core::SC_US);
    CHECK(fw.status == tlm::TLM_OK_RESPONSE);
    CHECK_FALSE(power.powered_off());
    CHECK_FALSE(told);
    CHECK(fw.ran_past_store);
    CHECK(power.writes() == 1);
}

TEST_CASE("sun4u_power: only bit 24 counts, reads are 0, other sizes are errors", "[sun4u_power]") {
    PowerBench b;
    CHECK(b.ini.write(0, {0xfe, 0xff, 0xff, 0xff}) == tlm::TLM_OK_RESPONSE); // all but bit 24
    CHECK_FALSE(b.power.powered_off());
    std::vector<uint8_t> word = {0xaa, 0xbb, 0xcc, 0xdd};
    CHECK(b.ini.read(0, word) == tlm::TLM_OK_RESPONSE);
    CHECK(word == std::vector<uint8_t>{0, 0, 0, 0});
    CHECK(b.ini.write(0, {0x01}) == tlm::TLM_ADDRESS_ERROR_RESPONSE);
    CHECK(b.ini.write(0, {0x01, 0x00}) == tlm::TLM_ADDRESS_ERROR_RESPONSE);
    CHECK(b.ini.write(0, {0x01, 0, 0, 0, 0, 0, 0, 0}) == tlm::TLM_ADDRESS_ERROR_RESPONSE);
    CHECK(b.ini.write(1, {0x01, 0, 0, 0}) == tlm::TLM_ADDRESS_ERROR_RESPONSE);
    CHECK_FALSE(b.power.powered_off());
    // A debugger cannot power the machine off.
    std::vector<uint8_t> off = {0x01, 0, 0, 0};
    CHECK(b.ini.debug(tlm::TLM_WRITE_COMMAND, 0, off) == 0);
    CHECK_FALSE(b.power.powered_off());
    CHECK(b.power.writes() == 1);
}
