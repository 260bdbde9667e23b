// BootRom: debug writes load it, transactions read it with the read latency,
// software writes are ignored with one warning, DMI is read-only, range
// errors, and the AT fast path.
#include "core/stats/stats.h"
#include "models/devices/boot_rom.h"
#include "test_initiator.h"

#include <catch2/catch.hpp>

#include <stdexcept>
#include <string>
#include <vector>

using namespace fireplane;
using fireplane::test::TestInitiator;
using sc_core::SC_NS;
using sc_core::sc_time;

namespace {

constexpr uint64_t kBase = BootRomConfig::kResetVectorPa;

// A ROM at the reset vector with a 10ns read latency, and one initiator bound to it.
struct RomBench {
    BootRom rom;
    TestInitiator ini{"ini"};
    explicit RomBench(uint64_t size = 0x1000)
        : rom("rom", BootRomConfig{size, sc_time(10, SC_NS), kBase}) {
        ini.socket.bind(rom.socket);
        sc_core::sc_start(sc_core::SC_ZERO_TIME); // elaborate
    }
};

// The warnings reported so far, as "type: message"; the default handler still
// runs, so they are shown and counted as usual.
std::vector<std::string>& warnings() {
    static std::vector<std::string> seen;
    return seen;
}

void recording_handler(const sc_core::sc_report& report, const sc_core::sc_actions& actions) {
    if (report.get_severity() == sc_core::SC_WARNING)
        warnings().push_back(std::string(report.get_msg_type()) + ": " + report.get_msg());
    sc_core::sc_report_handler::default_handler(report, actions);
}

tlm::tlm_sync_enum nb_access(TestInitiator& ini, tlm::tlm_command cmd, uint64_t address,
                             std::vector<uint8_t>& data, sc_time& delay) {
    tlm::tlm_generic_payload gp;
    TestInitiator::setup(gp, cmd, address, data, {}, 0);
    tlm::tlm_phase phase = tlm::BEGIN_REQ;
    const tlm::tlm_sync_enum status = ini.socket->nb_transport_fw(gp, phase, delay);
    CHECK(phase == tlm::END_RESP);
    CHECK(gp.get_response_status() == tlm::TLM_OK_RESPONSE);
    return status;
}

} // namespace

TEST_CASE("boot_rom: debug writes load the image and reads see it after the read latency",
          "[boot_rom]") {
    RomBench b;
    std::vector<uint8_t> image{0x10, 0x80, 0x00, 0x08, 0x01, 0x00, 0x00, 0x00};
    CHECK(b.ini.debug(tlm::TLM_WRITE_COMMAND, 0x20, image) == 8);
    CHECK(b.rom.host_ptr()[0x23] == 0x08);
    CHECK(b.ini.delay == sc_core::SC_ZERO_TIME); // debug accesses take no time

    std::vector<uint8_t> d(8);
    REQUIRE(b.ini.read(0x20, d) == tlm::TLM_OK_RESPONSE);
    CHECK(d == image);
    CHECK(b.ini.delay == sc_time(10, SC_NS));
    CHECK(b.ini.last_dmi_allowed);
    REQUIRE(b.ini.read(0x24, d) == tlm::TLM_OK_RESPONSE);
    CHECK(b.ini.delay == sc_time(20, SC_NS));

    std::vector<uint8_t> back(8);
    CHECK(b.ini.debug(tlm::TLM_READ_COMMAND, 0x20, back) == 8);
    CHECK(back == image);
    CHECK(b.rom.reads() == 2); // debug reads are not counted
    const auto* stat = StatsRegistry::current().find("rom.reads");
    REQUIRE(stat != nullptr);
    CHECK(stat->value() == 2.0);
}

TEST_CASE("boot_rom: reads honour byte enables and streaming width as ram does", "[boot_rom]") {
    RomBench b;
    std::vector<uint8_t> image{1, 2, 3, 4, 5, 6};
    REQUIRE(b.ini.debug(tlm::TLM_WRITE_COMMAND, 0, image) == 6);

    std::vector<uint8_t> r(4, 0x55);
    REQUIRE(b.ini.transport(tlm::TLM_READ_COMMAND, 0, r, {0x00, 0xff}) == tlm::TLM_OK_RESPONSE);
    CHECK(r == std::vector<uint8_t>{0x55, 2, 0x55, 4});

    std::vector<uint8_t> s(6);
    REQUIRE(b.ini.transport(tlm::TLM_READ_COMMAND, 2, s, {}, 2) == tlm::TLM_OK_RESPONSE);
    CHECK(s == std::vector<uint8_t>{3, 4, 3, 4, 3, 4});
}

TEST_CASE("boot_rom: software writes are ignored, the first with one warning naming the address",
          "[boot_rom]") {
    sc_core::sc_report_handler::set_handler(recording_handler);
    RomBench b;
    std::vector<uint8_t> image{0xaa, 0xbb, 0xcc, 0xdd};
    REQUIRE(b.ini.debug(tlm::TLM_WRITE_COMMAND, 0x100, image) == 4);

    CHECK(b.ini.write(0x100, {1, 2, 3, 4}) == tlm::TLM_OK_RESPONSE);
    CHECK_FALSE(b.ini.last_dmi_allowed); // DMI would not let it write
    CHECK(b.ini.write(0x102, {9}) == tlm::TLM_OK_RESPONSE);
    std::vector<uint8_t> w{7, 7};
    sc_time delay = sc_core::SC_ZERO_TIME;
    CHECK(nb_access(b.ini, tlm::TLM_WRITE_COMMAND, 0x100, w, delay) == tlm::TLM_COMPLETED);
    CHECK(delay == sc_core::SC_ZERO_TIME);
    CHECK(b.ini.delay == sc_core::SC_ZERO_TIME); // ignored writes take no time

    const uint8_t* m = b.rom.host_ptr() + 0x100;
    CHECK(std::vector<uint8_t>(m, m + 4) == image);
    CHECK(b.rom.ignored_writes() == 3);
    CHECK(b.rom.reads() == 0);
    const auto* stat = StatsRegistry::current().find("rom.ignored_writes");
    REQUIRE(stat != nullptr);
    CHECK(stat->value() == 3.0);

    CHECK(sc_core::sc_report_handler::get_count("rom") == 1);
    REQUIRE(warnings().size() == 1);
    CHECK_THAT(warnings()[0], Catch::StartsWith("rom: ") && Catch::Contains("0x7fff0000100") &&
                                  Catch::Contains("read-only"));
}

TEST_CASE("boot_rom: DMI is granted for reads only", "[boot_rom]") {
    RomBench b(0x2000);
    tlm::tlm_dmi dmi;
    REQUIRE(b.ini.dmi(0x40, dmi));
    CHECK(dmi.get_dmi_ptr() == b.rom.host_ptr());
    CHECK(dmi.get_start_address() == 0);
    CHECK(dmi.get_end_address() == 0x1fff);
    CHECK(dmi.is_read_allowed());
    CHECK_FALSE(dmi.is_write_allowed());
    CHECK(dmi.get_read_latency() == sc_time(10, SC_NS));

    // A write request is told the region is read-only and refused, so the
    // initiator keeps sending stores as transactions.
    tlm::tlm_generic_payload gp;
    gp.set_command(tlm::TLM_WRITE_COMMAND);
    gp.set_address(0x40);
    tlm::tlm_dmi for_write;
    CHECK_FALSE(b.ini.socket->get_direct_mem_ptr(gp, for_write));
    CHECK_FALSE(for_write.is_write_allowed());

    tlm::tlm_dmi outside;
    CHECK_FALSE(b.ini.dmi(0x2000, outside));
}

TEST_CASE("boot_rom: accesses outside the ROM get an address error and are not counted",
          "[boot_rom]") {
    RomBench b(0x1000);
    std::vector<uint8_t> d(4);
    CHECK(b.ini.read(0xffc, d) == tlm::TLM_OK_RESPONSE);
    CHECK(b.ini.read(0xffe, d) == tlm::TLM_ADDRESS_ERROR_RESPONSE);
    CHECK(b.ini.read(0x1000, d) == tlm::TLM_ADDRESS_ERROR_RESPONSE);
    CHECK(b.ini.read(~uint64_t(0), d) == tlm::TLM_ADDRESS_ERROR_RESPONSE);
    CHECK(b.ini.write(0x1000, {1}) == tlm::TLM_ADDRESS_ERROR_RESPONSE);
    CHECK(b.rom.reads() == 1);
    CHECK(b.rom.ignored_writes() == 0);
    CHECK(sc_core::sc_report_handler::get_count("rom") == 0);
    CHECK(b.ini.delay == sc_time(10, SC_NS)); // errors take no time

    std::vector<uint8_t> tail(4, 0xee);
    CHECK(b.ini.debug(tlm::TLM_READ_COMMAND, 0xffe, tail) == 2);
    CHECK(b.ini.debug(tlm::TLM_WRITE_COMMAND, 0x1000, tail) == 0);
}

TEST_CASE("boot_rom: nb_transport_fw completes reads at BEGIN_REQ with the read latency",
          "[boot_rom]") {
    RomBench b;
    b.rom.host_ptr()[0x30] = 0x42;
    std::vector<uint8_t> d(1);
    sc_time delay(5, SC_NS);
    CHECK(nb_access(b.ini, tlm::TLM_READ_COMMAND, 0x30, d, delay) == tlm::TLM_COMPLETED);
    CHECK(delay == sc_time(15, SC_NS));
    CHECK(d[0] == 0x42);
    CHECK(b.rom.reads() == 1);
}

TEST_CASE("boot_rom: size 0 and sizes above the PROM window are rejected", "[boot_rom]") {
    CHECK_THROWS_AS(BootRom("rom0", BootRomConfig{0}), std::invalid_argument);
    CHECK_THROWS_WITH(BootRom("rom1", BootRomConfig{BootRomConfig::kMaxSize + 1}),
                      Catch::Contains("256 MiB"));
    BootRom largest("rom2", BootRomConfig{BootRomConfig::kMaxSize});
    CHECK(largest.bus_range().last() == 0x7ffffffffff); // the top of the 43-bit space
    CHECK_FALSE(largest.is_memory());
}
