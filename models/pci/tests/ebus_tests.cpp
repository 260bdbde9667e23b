// Ebus: its ISA space through BAR0 (memory), BAR1 (I/O) and subtractive
// decode, each reaching an ISA device at the right port with the global
// address isa_base + port; its window and map checks.
#include "pci_machine.h"

#include "models/devices/uart16550.h"

#include <catch2/catch.hpp>

#include <stdexcept>

using namespace fireplane;
using namespace fireplane::test;

TEST_CASE("unclaimed I/O on the ebus's bus reaches ISA port = address") {
    PciMachine m;
    CHECK(m.host.write(PciSpace::Io, 0x3f8, 1, 0x41) == tlm::TLM_OK_RESPONSE);
    CHECK(m.host.write(PciSpace::Io, 0x510, 2, 0x0019) == tlm::TLM_OK_RESPONSE);
    REQUIRE(m.isa.addresses.size() == 2);
    CHECK(m.isa.addresses[0] == 0x3f8);
    CHECK(m.isa.addresses[1] == 0x510);
    CHECK(m.isa.last_data == std::vector<uint8_t>{0x19, 0x00});
    // Memory is not decoded subtractively.
    CHECK(m.host.read(PciSpace::Memory, 0x3f8, 1) == 0xff);
    CHECK(m.isa.addresses.size() == 2);
}

TEST_CASE("a function that claims a port wins over subtractive decode") {
    PciMachine m;
    m.program_buses();
    m.host.cfg_write(1, 3, 0, 0x14, 4, 0x300); // dev's I/O BAR over 0x300-0x3ff
    m.host.cfg_write(1, 3, 0, 0x04, 2, PciConfigSpace::kCommandIo);
    m.host.write(PciSpace::Io, 0x3f8, 1, 0x41);
    CHECK(m.dev.hits.size() == 1);
    CHECK(m.isa.addresses.empty());
    m.host.write(PciSpace::Io, 0x400, 1, 0x41);
    CHECK(m.isa.addresses == std::vector<uint64_t>{0x400});
}

TEST_CASE("ebus BAR1 (I/O, 32 KiB) and BAR0 (memory, 16 MiB) decode into the ISA space") {
    PciMachine m;
    m.program_buses();
    // Sizing.
    m.host.cfg_write(1, 1, 0, 0x10, 4, 0xffffffff);
    m.host.cfg_write(1, 1, 0, 0x14, 4, 0xffffffff);
    CHECK(m.host.cfg_read(1, 1, 0, 0x10, 4) == 0xff000000);
    CHECK(m.host.cfg_read(1, 1, 0, 0x14, 4) == 0xffff8001);
    // a's windows: I/O 0x0-0xffff, memory 0x81000000-0x81ffffff.
    m.host.cfg_write(0, 1, 1, 0x1c, 2, 0xf000);
    m.host.cfg_write(0, 1, 1, 0x20, 4, 0x81008100);
    m.host.cfg_write(1, 1, 0, 0x10, 4, 0x81000000);
    m.host.cfg_write(1, 1, 0, 0x14, 4, 0x8000);
    m.host.cfg_write(1, 1, 0, 0x04, 2, 0x0007); // I/O, memory, master
    CHECK(m.host.write(PciSpace::Io, 0x83f8, 1, 0x41) == tlm::TLM_OK_RESPONSE);
    CHECK(m.host.write(PciSpace::Memory, 0x81000510, 1, 0x42) == tlm::TLM_OK_RESPONSE);
    CHECK(m.host.read(PciSpace::Memory, 0x81002000, 4) == 0x5a5a5a5a);
    CHECK(m.isa.addresses == std::vector<uint64_t>{0x3f8, 0x510, 0x2000});
    // Ports beyond the ISA target's 64 KiB: nothing there, and ISA has no
    // master abort: the read completes with all ones.
    CHECK(m.host.read(PciSpace::Memory, 0x81010000, 1) == 0xff);
    CHECK(m.host.status == tlm::TLM_OK_RESPONSE);
    // With I/O disabled BAR1 no longer claims; the port is then taken
    // subtractively as itself.
    m.host.cfg_write(1, 1, 0, 0x04, 2, 0x0006);
    m.host.write(PciSpace::Io, 0x83f8, 1, 0x41);
    CHECK(m.isa.addresses.back() == 0x83f8);
}

TEST_CASE("a UART on the ebus answers at its ISA port") {
    PciBus root("pci0");
    PciHost host("host");
    Ebus ebus("ebus");
    UartConfig uc;
    uc.base = 0x1fe020003f8;
    uc.output = "none";
    Uart16550 uart("uart", uc);
    host.socket.bind(root.upstream);
    root.attach(ebus, 1, 0);
    ebus.map(uart.socket, {uc.base, 8}, "uart");
    sc_core::sc_start(sc_core::SC_ZERO_TIME);
    CHECK(host.read(PciSpace::Io, 0x3fb, 1) == 0x03); // LCR's reset value
    host.write(PciSpace::Io, 0x3ff, 1, 0xa5);         // scratch register
    CHECK(host.read(PciSpace::Io, 0x3ff, 1) == 0xa5);
    CHECK(host.read(PciSpace::Io, 0x400, 1) == 0xff); // no device
}

TEST_CASE("the ebus's window and map checks") {
    Ebus ebus("ebus");
    RecordingTarget t("t"), u("u");
    CHECK(ebus.window().base == 0x1fe02000000);
    CHECK(ebus.window().size == 0x1000000);
    CHECK_THROWS_AS(ebus.map(t.socket, {0x1fe01fffff8, 8}, "t"), std::invalid_argument);
    CHECK_THROWS_AS(ebus.map(t.socket, {0x1fe02fffffc, 8}, "t"), std::invalid_argument);
    ebus.map(t.socket, {0x1fe020003f8, 8}, "t");
    CHECK_THROWS_WITH(ebus.map(u.socket, {0x1fe020003fc, 8}, "u"), Catch::Contains("overlaps"));
}
