// Ram: LT access, byte enables, streaming, range errors, DMI, debug and the
// AT fast path.
#include "core/stats/stats.h"
#include "models/devices/ram.h"
#include "test_initiator.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <fstream>
#include <stdexcept>

using namespace fireplane;
using fireplane::test::TestInitiator;
using sc_core::SC_NS;
using sc_core::sc_time;

namespace {

// A RAM with distinct read and write latencies, and one initiator bound to it.
struct RamBench {
    Ram ram;
    TestInitiator ini{"ini"};
    explicit RamBench(uint64_t size = 0x1000)
        : ram("ram", RamConfig{size, sc_time(10, SC_NS), sc_time(20, SC_NS)}) {
        ini.socket.bind(ram.socket);
        sc_core::sc_start(sc_core::SC_ZERO_TIME); // elaborate
    }
};

// Resident set size of this process, in bytes.
uint64_t resident_bytes() {
    std::ifstream statm("/proc/self/statm");
    uint64_t pages = 0, resident = 0;
    statm >> pages >> resident;
    return resident * 4096;
}

} // namespace

TEST_CASE("ram: write then read back annotates latencies, counts and allows DMI", "[ram]") {
    RamBench b;
    REQUIRE(b.ini.write(0x100, {1, 2, 3, 4}) == tlm::TLM_OK_RESPONSE);
    CHECK(b.ini.delay == sc_time(20, SC_NS));
    CHECK(b.ini.last_dmi_allowed);

    std::vector<uint8_t> d(4);
    REQUIRE(b.ini.read(0x100, d) == tlm::TLM_OK_RESPONSE);
    CHECK(d == std::vector<uint8_t>{1, 2, 3, 4});
    CHECK(b.ini.delay == sc_time(30, SC_NS));
    CHECK(b.ram.host_ptr()[0x102] == 3);

    CHECK(b.ram.reads() == 1);
    CHECK(b.ram.writes() == 1);
    CHECK(b.ram.bytes_written() == 4);
    const auto* stat = StatsRegistry::current().find("ram.bytes_read");
    REQUIRE(stat != nullptr);
    CHECK(stat->value() == 4.0);
}

// Each SECTION would re-run the test case in the same process, and SystemC
// cannot elaborate twice, so each case has its own TEST_CASE.
TEST_CASE("ram: byte enables repeat over the data and mask bytes out", "[ram]") {
    RamBench b;
    std::fill_n(b.ram.host_ptr(), 8, 0x11);
    std::vector<uint8_t> d{0xa0, 0xa1, 0xa2, 0xa3, 0xa4, 0xa5, 0xa6, 0xa7};
    REQUIRE(b.ini.transport(tlm::TLM_WRITE_COMMAND, 0, d, {0xff, 0x00}) == tlm::TLM_OK_RESPONSE);
    const uint8_t* m = b.ram.host_ptr();
    CHECK(std::vector<uint8_t>(m, m + 8) ==
          std::vector<uint8_t>{0xa0, 0x11, 0xa2, 0x11, 0xa4, 0x11, 0xa6, 0x11});

    std::vector<uint8_t> r(4, 0x55);
    REQUIRE(b.ini.transport(tlm::TLM_READ_COMMAND, 0, r, {0x00, 0xff, 0xff, 0x00}) ==
            tlm::TLM_OK_RESPONSE);
    CHECK(r == std::vector<uint8_t>{0x55, 0x11, 0xa2, 0x55});
}

TEST_CASE("ram: a streaming burst covers its streaming width only", "[ram]") {
    RamBench b;
    std::fill_n(b.ram.host_ptr(), 8, 0x11);
    std::vector<uint8_t> d{1, 2, 3, 4, 5, 6};
    REQUIRE(b.ini.transport(tlm::TLM_WRITE_COMMAND, 2, d, {}, 2) == tlm::TLM_OK_RESPONSE);
    const uint8_t* m = b.ram.host_ptr();
    CHECK(std::vector<uint8_t>(m, m + 6) == std::vector<uint8_t>{0x11, 0x11, 5, 6, 0x11, 0x11});

    std::vector<uint8_t> r(6);
    REQUIRE(b.ini.transport(tlm::TLM_READ_COMMAND, 2, r, {}, 2) == tlm::TLM_OK_RESPONSE);
    CHECK(r == std::vector<uint8_t>{5, 6, 5, 6, 5, 6});
}

TEST_CASE("ram: accesses outside the RAM get an address error and change nothing", "[ram]") {
    RamBench b(0x1000);
    CHECK(b.ini.write(0xffc, {1, 2, 3, 4}) == tlm::TLM_OK_RESPONSE);
    CHECK(b.ini.write(0xffe, {9, 9, 9, 9}) == tlm::TLM_ADDRESS_ERROR_RESPONSE);
    CHECK(b.ini.write(0x1000, {9}) == tlm::TLM_ADDRESS_ERROR_RESPONSE);
    CHECK(b.ini.write(~uint64_t(0), {9, 9}) == tlm::TLM_ADDRESS_ERROR_RESPONSE);
    CHECK(b.ram.host_ptr()[0xffe] == 3);
    CHECK(b.ram.writes() == 1);
    CHECK(b.ini.delay == sc_time(20, SC_NS)); // errors take no time
}

TEST_CASE("ram: the DMI pointer is the RAM's own storage", "[ram]") {
    RamBench b(0x2000);
    tlm::tlm_dmi dmi;
    REQUIRE(b.ini.dmi(0x40, dmi));
    CHECK(dmi.get_dmi_ptr() == b.ram.host_ptr());
    CHECK(dmi.get_start_address() == 0);
    CHECK(dmi.get_end_address() == 0x1fff);
    CHECK(dmi.is_read_write_allowed());
    CHECK(dmi.get_read_latency() == sc_time(10, SC_NS));
    CHECK(dmi.get_write_latency() == sc_time(20, SC_NS));

    REQUIRE(b.ini.write(0x123, {0x5a}) == tlm::TLM_OK_RESPONSE);
    CHECK(dmi.get_dmi_ptr()[0x123] == 0x5a);
    dmi.get_dmi_ptr()[0x200] = 0xc3;
    CHECK(b.ini.read8(0x200) == 0xc3);

    tlm::tlm_dmi outside;
    CHECK_FALSE(b.ini.dmi(0x2000, outside));
}

TEST_CASE("ram: debug transport has no latency or statistics and is clipped", "[ram]") {
    RamBench b(0x1000);
    std::vector<uint8_t> w{7, 8, 9, 10};
    CHECK(b.ini.debug(tlm::TLM_WRITE_COMMAND, 0x10, w) == 4);
    std::vector<uint8_t> r(4);
    CHECK(b.ini.debug(tlm::TLM_READ_COMMAND, 0x10, r) == 4);
    CHECK(r == w);
    CHECK(b.ram.reads() == 0);
    CHECK(b.ram.writes() == 0);

    std::vector<uint8_t> tail(4, 0xee);
    CHECK(b.ini.debug(tlm::TLM_READ_COMMAND, 0xffe, tail) == 2);
    CHECK(b.ini.debug(tlm::TLM_READ_COMMAND, 0x1000, tail) == 0);
}

TEST_CASE("ram: nb_transport_fw completes at BEGIN_REQ with an annotated delay", "[ram]") {
    RamBench b;
    b.ram.host_ptr()[0x30] = 0x42;
    uint8_t data = 0;
    tlm::tlm_generic_payload gp;
    gp.set_command(tlm::TLM_READ_COMMAND);
    gp.set_address(0x30);
    gp.set_data_ptr(&data);
    gp.set_data_length(1);
    gp.set_streaming_width(1);
    gp.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
    tlm::tlm_phase phase = tlm::BEGIN_REQ;
    sc_time delay(5, SC_NS);

    CHECK(b.ini.socket->nb_transport_fw(gp, phase, delay) == tlm::TLM_COMPLETED);
    CHECK(delay == sc_time(15, SC_NS));
    CHECK(gp.get_response_status() == tlm::TLM_OK_RESPONSE);
    CHECK(data == 0x42);
    CHECK(b.ram.reads() == 1);
}

namespace {
// An LT bus master that consumes its annotated delay, as a CPU at a quantum
// boundary would.
struct TimedWriter : sc_core::sc_module {
    tlm_utils::simple_initiator_socket<TimedWriter> socket{"socket"};
    sc_time finished_at;
    SC_HAS_PROCESS(TimedWriter);
    explicit TimedWriter(sc_core::sc_module_name n) : sc_module(n) { SC_THREAD(run); }
    void run() {
        uint8_t v = 0x99;
        tlm::tlm_generic_payload gp;
        gp.set_command(tlm::TLM_WRITE_COMMAND);
        gp.set_address(0x8);
        gp.set_data_ptr(&v);
        gp.set_data_length(1);
        gp.set_streaming_width(1);
        sc_time delay = sc_core::SC_ZERO_TIME;
        socket->b_transport(gp, delay);
        socket->b_transport(gp, delay);
        wait(delay);
        finished_at = sc_core::sc_time_stamp();
    }
};
} // namespace

TEST_CASE("ram: an LT thread that waits its annotated delay advances simulated time", "[ram]") {
    Ram ram("ram", RamConfig{0x1000, sc_time(10, SC_NS), sc_time(20, SC_NS)});
    TimedWriter w("w");
    w.socket.bind(ram.socket);
    sc_core::sc_start();
    CHECK(w.finished_at == sc_time(40, SC_NS));
    CHECK(ram.host_ptr()[0x8] == 0x99);
}

TEST_CASE("ram: a 4GiB RAM costs host memory only for touched pages", "[ram]") {
    const uint64_t before = resident_bytes();
    RamBench b(uint64_t(4) << 30);
    REQUIRE(b.ini.write((uint64_t(4) << 30) - 4, {1, 2, 3, 4}) == tlm::TLM_OK_RESPONSE);
    CHECK(b.ini.read8((uint64_t(4) << 30) - 1) == 4);
    CHECK(resident_bytes() - before < (uint64_t(64) << 20));
}

TEST_CASE("ram: size 0 is rejected", "[ram]") {
    CHECK_THROWS_AS(Ram("ram", RamConfig{0}), std::invalid_argument);
}
