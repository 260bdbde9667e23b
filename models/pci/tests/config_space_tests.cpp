// PciConfigSpace: header reset values from the identity, write masks,
// write-1-to-clear status bits, BAR sizing, little-endian byte order, and the
// slot syntax of the machine file.
#include "models/pci/ebus.h"
#include "models/pci/pci_bridge.h"
#include "models/pci/pci_config_space.h"
#include "models/pci/pci_slot.h"

#include <catch2/catch.hpp>

using namespace fireplane;

namespace {

PciIdentity device_identity() {
    PciIdentity id;
    id.vendor = 0x1af4;
    id.device = 0x1000;
    id.revision = 0x02;
    id.class_code = 0x020000;
    id.command = 0x0002;
    id.status = 0x0280;
    return id;
}

} // namespace

TEST_CASE("a type 0 header resets to its identity") {
    PciConfigSpace c(PciHeader::Type0, device_identity());
    CHECK(c.read(0x00, 2) == 0x1af4);
    CHECK(c.read(0x02, 2) == 0x1000);
    CHECK(c.read(0x00, 4) == 0x10001af4);
    CHECK(c.read(0x04, 2) == 0x0002);
    CHECK(c.read(0x06, 2) == 0x0280);
    CHECK(c.read(0x08, 4) == 0x02000002); // revision 2, class 02:00:00
    CHECK(c.read(0x0e, 1) == 0x00);
    CHECK(c.bar_count() == 6);
    CHECK(c.read(0x10, 4) == 0); // no BARs declared
    CHECK(c.read(0x40, 4) == 0); // undeclared bytes read 0
}

TEST_CASE("the header type says type 1 and multi-function") {
    PciIdentity id = device_identity();
    id.multifunction = true;
    CHECK(PciConfigSpace(PciHeader::Type1, id).read(0x0e, 1) == 0x81);
    CHECK(PciConfigSpace(PciHeader::Type0, id).read(0x0e, 1) == 0x80);
}

TEST_CASE("read-only registers ignore writes and masks keep reserved bits") {
    PciConfigSpace c(PciHeader::Type0, device_identity());
    c.write(0x00, 4, 0xffffffff); // vendor and device IDs
    CHECK(c.read(0x00, 4) == 0x10001af4);
    c.write(0x08, 4, 0xffffffff); // revision and class
    CHECK(c.read(0x08, 4) == 0x02000002);
    c.write(0x04, 2, 0xffff); // command: only I/O, memory, master, parity, SERR, INTx disable
    CHECK(c.command() == 0x0547);
    c.write(0x04, 2, 0x0000);
    CHECK(c.command() == 0);
    c.write(0x3c, 1, 0x2b); // interrupt line: read-write
    CHECK(c.read(0x3c, 1) == 0x2b);
    c.write(0x3d, 1, 0x04); // interrupt pin: read-only
    CHECK(c.read(0x3d, 1) == 0x00);
    c.write(0x40, 4, 0xdeadbeef);
    CHECK(c.read(0x40, 4) == 0);
    c.reset();
    CHECK(c.command() == 0x0002);
    CHECK(c.read(0x3c, 1) == 0);
}

TEST_CASE("status bits are cleared by writing 1, never set by software") {
    PciConfigSpace c(PciHeader::Type0, device_identity());
    c.raise_status(PciConfigSpace::kStatus, PciConfigSpace::kStatusReceivedMasterAbort |
                                                PciConfigSpace::kStatusReceivedTargetAbort);
    CHECK(c.status() == 0x3280);
    c.write(0x06, 2, 0x0000); // writing 0 changes nothing
    CHECK(c.status() == 0x3280);
    c.write(0x06, 2, 0x2000); // clears only the master abort
    CHECK(c.status() == 0x1280);
    c.write(0x06, 2, 0xffff); // the capability bits stay, the error bits clear
    CHECK(c.status() == 0x0280);
    c.write(0x04, 4, 0x20000000); // a 32-bit write of command+status clears too
    CHECK(c.status() == 0x0280);
}

TEST_CASE("BARs size by writing all ones") {
    PciConfigSpace c(PciHeader::Type0, device_identity());
    c.declare_bar(0, {PciBarKind::Memory32, 0x1000, false});
    c.declare_bar(1, {PciBarKind::Io, 0x100, false});
    c.declare_bar(2, {PciBarKind::Memory64, 0x100000, true});
    c.declare_bar(4, {PciBarKind::Memory32, 0x10, true});
    c.reset();
    CHECK(c.read(0x10, 4) == 0x00000000);
    CHECK(c.read(0x14, 4) == 0x00000001); // I/O space indicator
    CHECK(c.read(0x18, 4) == 0x0000000c); // 64-bit, prefetchable
    CHECK(c.read(0x20, 4) == 0x00000008);
    for (unsigned at = 0x10; at <= 0x24; at += 4)
        c.write(at, 4, 0xffffffff);
    CHECK(c.read(0x10, 4) == 0xfffff000);
    CHECK(c.read(0x14, 4) == 0xffffff01);
    CHECK(c.read(0x18, 4) == 0xfff0000c);
    CHECK(c.read(0x1c, 4) == 0xffffffff); // upper half of the 64-bit BAR
    CHECK(c.read(0x20, 4) == 0xfffffff8);
    CHECK(c.read(0x24, 4) == 0); // unused

    c.write(0x10, 4, 0x80001234); // low bits below the size are dropped
    CHECK(c.bar_base(0) == 0x80001000);
    c.write(0x18, 4, 0x40000000);
    c.write(0x1c, 4, 0x00000002);
    CHECK(c.bar_base(2) == 0x240000000);
}

TEST_CASE("a BAR claims only when the command register enables its space") {
    PciConfigSpace c(PciHeader::Type0, PciIdentity{});
    c.declare_bar(0, {PciBarKind::Memory32, 0x1000, false});
    c.declare_bar(1, {PciBarKind::Io, 0x100, false});
    c.reset();
    c.write(0x10, 4, 0x80000000);
    c.write(0x14, 4, 0x0400);
    CHECK_FALSE(c.bar_claiming(PciSpace::Memory, 0x80000010));
    CHECK_FALSE(c.bar_claiming(PciSpace::Io, 0x410));
    c.write(0x04, 2, PciConfigSpace::kCommandMemory);
    CHECK(c.bar_claiming(PciSpace::Memory, 0x80000fff) == 0u);
    CHECK_FALSE(c.bar_claiming(PciSpace::Memory, 0x80001000));
    CHECK_FALSE(c.bar_claiming(PciSpace::Io, 0x410));
    c.write(0x04, 2, PciConfigSpace::kCommandIo);
    CHECK(c.bar_claiming(PciSpace::Io, 0x4ff) == 1u);
    CHECK_FALSE(c.bar_claiming(PciSpace::Io, 0x3ff));
    CHECK_FALSE(c.bar_claiming(PciSpace::Memory, 0x80000010));
    CHECK_FALSE(c.bar_claiming(PciSpace::Memory, 0x400)); // I/O BAR, not memory
}

TEST_CASE("configuration bytes are little-endian and accesses must be aligned") {
    PciConfigSpace c(PciHeader::Type0, device_identity());
    CHECK(c.byte(0) == 0xf4);
    CHECK(c.byte(1) == 0x1a);
    CHECK(c.read(0x02, 1) == 0x00);
    CHECK(c.read(0x03, 1) == 0x10);
    c.write(0x3c, 2, 0xff2b); // line is writable, pin is not
    CHECK(c.byte(0x3c) == 0x2b);
    CHECK(PciConfigSpace::valid(0x3c, 4));
    CHECK(PciConfigSpace::valid(0x3e, 2));
    CHECK_FALSE(PciConfigSpace::valid(0x3d, 2));
    CHECK_FALSE(PciConfigSpace::valid(0x3e, 4));
    CHECK_FALSE(PciConfigSpace::valid(0x00, 3));
    CHECK_FALSE(PciConfigSpace::valid(0x00, 8));
    c.write(0x3d, 2, 0xffff); // ignored
    CHECK(c.byte(0x3c) == 0x2b);
}

TEST_CASE("a type 1 header has bus numbers and window registers with their masks") {
    PciConfigSpace c(PciHeader::Type1, pci_bridge_identity(PciBridgeConfig{}));
    CHECK(c.read(0x00, 4) == 0x5000108e);
    CHECK(c.read(0x08, 4) == 0x06040011);
    CHECK(c.read(0x0e, 1) == 0x01);
    CHECK(c.read(0x04, 2) == 0x0002); // memory enabled, as the Simba
    CHECK(c.read(0x06, 2) == 0x02a0);
    CHECK(c.bar_count() == 2);
    c.write(0x18, 4, 0x00030201); // primary 1, secondary 2, subordinate 3
    CHECK(c.read(0x18, 4) == 0x00030201);
    CHECK(c.read(0x1c, 2) == 0x0101); // 32-bit I/O addressing, base = limit = 0
    c.write(0x1c, 2, 0xffff);
    CHECK(c.read(0x1c, 2) == 0xf1f1); // the type nibbles are read-only
    c.write(0x20, 4, 0xffffffff);
    CHECK(c.read(0x20, 4) == 0xfff0fff0);
    CHECK(c.read(0x24, 4) == 0x00010001); // 64-bit prefetchable
    c.write(0x3e, 2, 0xffff);
    CHECK(c.read(0x3e, 2) == 0x006f);
}

TEST_CASE("the ebus resets as QEMU's") {
    PciConfigSpace c(PciHeader::Type0, ebus_identity(false));
    CHECK(c.read(0x00, 4) == 0x1000108e);
    CHECK(c.read(0x04, 2) == 0x0006); // bus master, memory space
    CHECK(c.read(0x08, 4) == 0x06800001);
}

TEST_CASE("slots are device.function") {
    CHECK(parse_pci_slot("1.1").has_value());
    CHECK(parse_pci_slot("1.1")->device == 1);
    CHECK(parse_pci_slot("31.7")->device == 31);
    CHECK(parse_pci_slot("31.7")->function == 7);
    CHECK(parse_pci_slot("0.0")->device == 0);
    CHECK_FALSE(parse_pci_slot("32.0"));
    CHECK_FALSE(parse_pci_slot("1.8"));
    CHECK_FALSE(parse_pci_slot("1"));
    CHECK_FALSE(parse_pci_slot("1."));
    CHECK_FALSE(parse_pci_slot(".1"));
    CHECK_FALSE(parse_pci_slot("a.b"));
    CHECK_FALSE(parse_pci_slot("1.1.1"));
    CHECK_FALSE(parse_pci_slot("100.1"));
    CHECK_FALSE(parse_pci_slot(""));
}
