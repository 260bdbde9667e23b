// PciBus: type 0 and type 1 configuration routing across two bridges, master
// abort, byte order of configuration data, debug transport, latency and the
// checks attach makes.
#include "pci_machine.h"

#include <catch2/catch.hpp>

#include <stdexcept>

using namespace fireplane;
using namespace fireplane::test;
using sc_core::SC_NS;
using sc_core::sc_time;

TEST_CASE("type 0 cycles reach the function at device.function of the root bus") {
    PciMachine m;
    CHECK(m.host.cfg_read(0, 1, 0, 0x00, 4) == 0x5000108e);
    CHECK(m.host.status == tlm::TLM_OK_RESPONSE);
    CHECK(m.host.cfg_read(0, 1, 1, 0x00, 4) == 0x5000108e);
    // Tell the two bridges apart by a register each keeps.
    m.host.cfg_write(0, 1, 0, 0x3c, 1, 0x11);
    m.host.cfg_write(0, 1, 1, 0x3c, 1, 0x22);
    CHECK(m.b.config_space().byte(0x3c) == 0x11);
    CHECK(m.a.config_space().byte(0x3c) == 0x22);
    CHECK(m.root.function_at(1, 1) == &m.a);
    CHECK(m.root.function_at(2, 0) == nullptr);
}

TEST_CASE("type 1 cycles cross two bridges and become type 0 on the target bus") {
    PciMachine m;
    // Unprogrammed bridges forward nothing: bus 1 does not exist yet.
    CHECK(m.host.cfg_read(1, 1, 0, 0x00, 4) == 0xffffffff);
    CHECK(m.host.status == tlm::TLM_ADDRESS_ERROR_RESPONSE);
    m.program_buses();
    CHECK(m.a.secondary().number() == 1);
    CHECK(m.c.secondary().number() == 2);
    CHECK(m.host.cfg_read(1, 1, 0, 0x00, 4) == 0x1000108e); // the ebus
    CHECK(m.host.cfg_read(1, 3, 0, 0x00, 4) == 0x00031af4); // dev
    CHECK(m.host.cfg_read(2, 4, 0, 0x00, 4) == 0x00041af4); // deep, through a and c
    m.host.cfg_write(2, 4, 0, 0x3c, 1, 0x77);
    CHECK(m.deep.config_space().byte(0x3c) == 0x77);
    CHECK(m.dev.config_space().byte(0x3c) == 0x00);
    // Bus 3 is b's: nothing there at 4.0, and bus 4 is nobody's.
    CHECK(m.host.cfg_read(3, 4, 0, 0x00, 4) == 0xffffffff);
    CHECK(m.host.status == tlm::TLM_ADDRESS_ERROR_RESPONSE);
    CHECK(m.host.cfg_read(4, 0, 0, 0x00, 4) == 0xffffffff);
    CHECK(m.host.status == tlm::TLM_ADDRESS_ERROR_RESPONSE);
    // Renumbering moves the secondary bus.
    m.host.cfg_write(0, 1, 1, 0x19, 1, 5);
    m.host.cfg_write(0, 1, 1, 0x1a, 1, 6);
    CHECK(m.host.cfg_read(1, 1, 0, 0x00, 4) == 0xffffffff);
    CHECK(m.host.cfg_read(5, 1, 0, 0x00, 4) == 0x1000108e);
}

TEST_CASE("a master abort answers an address error and changes nothing") {
    PciMachine m;
    std::vector<uint8_t> data{1, 2, 3, 4};
    CHECK(m.host.cycle(PciSpace::Config, tlm::TLM_READ_COMMAND, pci_config_address(0, 5, 0, 0),
                       data) == tlm::TLM_ADDRESS_ERROR_RESPONSE);
    CHECK(data == std::vector<uint8_t>{1, 2, 3, 4});
    CHECK(m.host.cfg_read(0, 1, 2, 0x00, 4) == 0xffffffff); // function 2 of device 1
    // Memory nobody claims: the bridges' memory windows are 0x0-0xfffff at reset.
    CHECK(m.host.write(PciSpace::Memory, 0x40000000, 4, 0x12345678) ==
          tlm::TLM_ADDRESS_ERROR_RESPONSE);
    // I/O on the root bus with b's I/O disabled and above a's window: no
    // subtractive agent on bus 0.
    CHECK(m.host.read(PciSpace::Io, 0x1000, 1) == 0xff);
    CHECK(m.host.status == tlm::TLM_ADDRESS_ERROR_RESPONSE);
    CHECK(m.root.master_aborts() == 4);
    CHECK(m.isa.addresses.empty());
}

TEST_CASE("multi-byte configuration data is in address order, little-endian") {
    PciMachine m;
    std::vector<uint8_t> d(2);
    REQUIRE(m.host.cycle(PciSpace::Config, tlm::TLM_READ_COMMAND, pci_config_address(0, 1, 0, 0),
                         d) == tlm::TLM_OK_RESPONSE);
    CHECK(d == std::vector<uint8_t>{0x8e, 0x10}); // vendor ID's low byte first
    d.assign(4, 0);
    REQUIRE(m.host.cycle(PciSpace::Config, tlm::TLM_READ_COMMAND, pci_config_address(0, 1, 0, 0x08),
                         d) == tlm::TLM_OK_RESPONSE);
    CHECK(d == std::vector<uint8_t>{0x11, 0x00, 0x04, 0x06}); // revision, class 06:04:00
    d = {0x00, 0x01, 0x02, 0x00}; // primary 0, secondary 1, subordinate 2
    REQUIRE(m.host.cycle(PciSpace::Config, tlm::TLM_WRITE_COMMAND,
                         pci_config_address(0, 1, 1, 0x18), d) == tlm::TLM_OK_RESPONSE);
    CHECK(m.a.secondary_bus() == 1);
    CHECK(m.a.subordinate_bus() == 2);
    CHECK(m.host.cfg_read(0, 1, 1, 0x19, 1) == 0x01);
    CHECK(m.host.cfg_read(0, 1, 1, 0x1a, 2) == 0x0002);
    // A misaligned or odd-sized access is refused (not a master abort).
    d.assign(2, 0);
    CHECK(m.host.cycle(PciSpace::Config, tlm::TLM_READ_COMMAND, pci_config_address(0, 1, 0, 1),
                       d) == tlm::TLM_GENERIC_ERROR_RESPONSE);
    d.assign(3, 0);
    CHECK(m.host.cycle(PciSpace::Config, tlm::TLM_READ_COMMAND, pci_config_address(0, 1, 0, 0),
                       d) == tlm::TLM_GENERIC_ERROR_RESPONSE);
}

TEST_CASE("every bus crossed adds its latency") {
    PciMachine m;
    m.program_buses();
    m.host.delay = sc_core::SC_ZERO_TIME;
    m.host.cfg_read(0, 1, 0, 0, 4);
    CHECK(m.host.delay == sc_time(30, SC_NS));
    m.host.delay = sc_core::SC_ZERO_TIME;
    m.host.cfg_read(2, 4, 0, 0, 4); // root, a's and c's buses
    CHECK(m.host.delay == sc_time(90, SC_NS));
    m.host.delay = sc_core::SC_ZERO_TIME;
    m.host.cfg_read(0, 9, 0, 0, 4); // a master abort costs its bus too
    CHECK(m.host.delay == sc_time(30, SC_NS));
}

TEST_CASE("debug transport follows the same decode without time") {
    PciMachine m;
    m.program_buses();
    m.host.delay = sc_core::SC_ZERO_TIME;
    const uint64_t aborts = m.root.master_aborts();
    std::vector<uint8_t> d(4);
    CHECK(m.host.debug(PciSpace::Config, tlm::TLM_READ_COMMAND, pci_config_address(2, 4, 0, 0),
                       d) == 4);
    CHECK(d == std::vector<uint8_t>{0xf4, 0x1a, 0x04, 0x00});
    // A debugger may read the whole space at once.
    std::vector<uint8_t> all(256);
    CHECK(m.host.debug(PciSpace::Config, tlm::TLM_READ_COMMAND, pci_config_address(1, 1, 0, 0),
                       all) == 256);
    CHECK(all[0x02] == 0x00);
    CHECK(all[0x03] == 0x10);
    CHECK(all[0x0b] == 0x06);
    CHECK(m.host.debug(PciSpace::Config, tlm::TLM_READ_COMMAND, pci_config_address(4, 0, 0, 0),
                       d) == 0);
    // I/O through bridge a to the ebus's legacy ports.
    d.assign(1, 0);
    CHECK(m.host.debug(PciSpace::Io, tlm::TLM_READ_COMMAND, 0x3f8, d) == 1);
    CHECK(d[0] == 0x5a);
    CHECK(m.host.delay == sc_core::SC_ZERO_TIME);
    CHECK(m.isa.addresses.empty()); // debug accesses are not cycles
    CHECK(m.root.master_aborts() == aborts);
}

TEST_CASE("attach refuses a taken slot, a bad slot, a function twice and two subtractive agents") {
    PciBus bus("bus");
    RecordingFunction f("f"), g("g");
    Ebus e1("e1"), e2("e2");
    bus.attach(f, 0, 0);
    CHECK_THROWS_WITH(bus.attach(g, 0, 0), Catch::Contains("taken by 'f'"));
    CHECK_THROWS_WITH(bus.attach(g, 32, 0), Catch::Contains("device 0-31"));
    CHECK_THROWS_WITH(bus.attach(g, 0, 8), Catch::Contains("function 0-7"));
    CHECK_THROWS_WITH(bus.attach(f, 1, 0), Catch::Contains("attached already"));
    bus.attach(e1, 2, 0);
    CHECK_THROWS_WITH(bus.attach(e2, 3, 0), Catch::Contains("as 'e1' does already"));
    bus.attach(g, 31, 7);
    CHECK(bus.function_at(31, 7) == &g);
}
