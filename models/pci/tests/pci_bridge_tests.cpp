// PciBridge: the windows as the registers define them (including the reset
// window of base = limit = 0), the command register's enables, the ISA
// enable, and the secondary status's received master abort.
#include "pci_machine.h"

#include <catch2/catch.hpp>

using namespace fireplane;
using namespace fireplane::test;

namespace {

constexpr uint16_t kIo = PciConfigSpace::kCommandIo;
constexpr uint16_t kMemory = PciConfigSpace::kCommandMemory;

// dev (bus 1, 3.0): memory BAR0 at `mem`, I/O BAR1 at `io`, both enabled.
void place_dev(PciMachine& m, uint32_t mem, uint32_t io) {
    m.host.cfg_write(1, 3, 0, 0x10, 4, mem);
    m.host.cfg_write(1, 3, 0, 0x14, 4, io);
    m.host.cfg_write(1, 3, 0, 0x04, 2, kIo | kMemory);
}

} // namespace

TEST_CASE("at reset the windows are 0x0-0xfff (I/O) and 0x0-0xfffff (memory)") {
    PciMachine m;
    const PciWindow io = m.a.io_window();
    CHECK(io.base == 0x0);
    CHECK(io.limit == 0xfff);
    CHECK(m.a.memory_window().base == 0x0);
    CHECK(m.a.memory_window().limit == 0xfffff);
    CHECK(m.a.prefetchable_window().limit == 0xfffff);
    // a has I/O enabled at reset (the early console), b does not.
    CHECK(m.a.config_space().command() == (kIo | kMemory));
    CHECK(m.b.config_space().command() == kMemory);
    CHECK(m.a.claims(PciSpace::Io, 0x3f8));
    CHECK(m.a.claims(PciSpace::Io, 0xfff));
    CHECK_FALSE(m.a.claims(PciSpace::Io, 0x1000));
    CHECK_FALSE(m.b.claims(PciSpace::Io, 0x3f8));
    CHECK(m.b.claims(PciSpace::Memory, 0xfffff));
    CHECK_FALSE(m.b.claims(PciSpace::Memory, 0x100000));
    // A legacy port reaches the ebus behind a before any programming.
    CHECK(m.host.read(PciSpace::Io, 0x3f8, 1) == 0x5a);
    REQUIRE(m.isa.addresses.size() == 1);
    CHECK(m.isa.addresses[0] == 0x3f8);
}

TEST_CASE("I/O windows forward what they hold when the command register enables I/O") {
    PciMachine m;
    m.program_buses();
    // I/O 0x2000-0x3fff with the upper 16 bits 0x0001: 0x12000-0x13fff.
    m.host.cfg_write(0, 1, 1, 0x1c, 2, 0x3020);
    m.host.cfg_write(0, 1, 1, 0x30, 4, 0x00010001);
    CHECK(m.a.io_window().base == 0x12000);
    CHECK(m.a.io_window().limit == 0x13fff);
    place_dev(m, 0x00000000, 0x12100);
    CHECK(m.host.write(PciSpace::Io, 0x12104, 1, 0xab) == tlm::TLM_OK_RESPONSE);
    REQUIRE(m.dev.hits.size() == 1);
    CHECK(m.dev.hits[0].bar == 1);
    CHECK(m.dev.hits[0].offset == 0x4);
    CHECK(m.dev.memory[4] == 0xab);
    CHECK(m.host.read(PciSpace::Io, 0x3f8, 1) == 0xff); // no longer in a's window
    CHECK(m.host.read(PciSpace::Io, 0x14000, 1) == 0xff);
    // Disabling I/O in a's command register stops forwarding.
    m.host.cfg_write(0, 1, 1, 0x04, 2, kMemory);
    CHECK(m.host.read(PciSpace::Io, 0x12104, 1) == 0xff);
    CHECK(m.host.status == tlm::TLM_ADDRESS_ERROR_RESPONSE);
    CHECK(m.dev.hits.size() == 1);
}

TEST_CASE("memory windows forward what they hold; a base above the limit closes them") {
    PciMachine m;
    m.program_buses();
    m.host.cfg_write(0, 1, 1, 0x20, 4, 0x80f08000); // 0x80000000-0x80ffffff
    place_dev(m, 0x80400000, 0x0);
    CHECK(m.host.write(PciSpace::Memory, 0x80400010, 4, 0x11223344) == tlm::TLM_OK_RESPONSE);
    REQUIRE(m.dev.hits.size() == 1);
    CHECK(m.dev.hits[0].bar == 0);
    CHECK(m.dev.hits[0].offset == 0x10);
    CHECK(m.host.read(PciSpace::Memory, 0x80400010, 4) == 0x11223344);
    CHECK(m.host.read(PciSpace::Memory, 0x81000000, 4) == 0xffffffff); // past the limit
    CHECK(m.host.status == tlm::TLM_ADDRESS_ERROR_RESPONSE);
    // Memory disabled in the command register.
    m.host.cfg_write(0, 1, 1, 0x04, 2, kIo);
    CHECK(m.host.read(PciSpace::Memory, 0x80400010, 4) == 0xffffffff);
    m.host.cfg_write(0, 1, 1, 0x04, 2, kIo | kMemory);
    // Base above limit: nothing forwarded.
    m.host.cfg_write(0, 1, 1, 0x20, 4, 0x80008010);
    CHECK(m.a.memory_window().empty());
    CHECK(m.host.read(PciSpace::Memory, 0x80400010, 4) == 0xffffffff);
    CHECK(m.host.read(PciSpace::Memory, 0x80000000, 4) == 0xffffffff);
}

TEST_CASE("the prefetchable window decodes 64-bit addresses") {
    PciMachine m;
    m.program_buses();
    m.host.cfg_write(0, 1, 1, 0x20, 4, 0x0000fff0); // close the memory window
    m.host.cfg_write(0, 1, 1, 0x24, 4, 0x00f10001); // 0x2_0000_0000-0x2_00ff_ffff
    m.host.cfg_write(0, 1, 1, 0x28, 4, 0x2);
    m.host.cfg_write(0, 1, 1, 0x2c, 4, 0x2);
    CHECK(m.a.prefetchable_window().base == 0x200000000);
    CHECK(m.a.prefetchable_window().limit == 0x200ffffff);
    m.host.cfg_write(1, 3, 0, 0x18, 4, 0x00100000); // dev's 64-bit BAR2 at 0x2_0010_0000
    m.host.cfg_write(1, 3, 0, 0x1c, 4, 0x2);
    m.host.cfg_write(1, 3, 0, 0x04, 2, kMemory);
    CHECK(m.host.write(PciSpace::Memory, 0x200100020, 2, 0xbeef) == tlm::TLM_OK_RESPONSE);
    REQUIRE(m.dev.hits.size() == 1);
    CHECK(m.dev.hits[0].bar == 2);
    CHECK(m.dev.hits[0].offset == 0x20);
    CHECK(m.host.read(PciSpace::Memory, 0x100100020, 2) == 0xffff); // upper bits differ
}

TEST_CASE("the ISA enable keeps the top 768 bytes of each KiB on the primary bus") {
    PciMachine m;
    CHECK(m.a.claims(PciSpace::Io, 0x3f8));
    m.host.cfg_write(0, 1, 1, 0x3e, 2, PciBridge::kControlIsa);
    CHECK_FALSE(m.a.claims(PciSpace::Io, 0x3f8));
    CHECK_FALSE(m.a.claims(PciSpace::Io, 0x100));
    CHECK(m.a.claims(PciSpace::Io, 0x0ff));
    CHECK(m.a.claims(PciSpace::Io, 0x4ff));
}

TEST_CASE("a master abort behind a bridge sets its received-master-abort bit") {
    PciMachine m;
    m.program_buses();
    CHECK(m.host.cfg_read(1, 9, 0, 0x00, 4) == 0xffffffff);
    CHECK(m.a.config_space().read(PciBridge::kSecondaryStatus, 2) == 0x2000);
    CHECK(m.b.config_space().read(PciBridge::kSecondaryStatus, 2) == 0x0000);
    CHECK(m.a.secondary().master_aborts() == 1);
    m.host.cfg_write(0, 1, 1, PciBridge::kSecondaryStatus, 2, 0x2000); // write 1 to clear
    CHECK(m.a.config_space().read(PciBridge::kSecondaryStatus, 2) == 0x0000);
}
