// FwCfg: the signature read the way OpenBIOS's entry.S reads it, the items'
// widths and byte order as QEMU's sun4u stores them, reading past an item's
// end, the accesses the window refuses, and the file directory.
#include "models/devices/tests/test_initiator.h"
#include "models/sun4u/fw_cfg.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <string>
#include <vector>

using namespace fireplane;
using fireplane::test::TestInitiator;

namespace {

constexpr uint64_t kSelector = 0, kData = 1;

struct FwCfgBench {
    FwCfg fw;
    TestInitiator ini{"ini"};
    explicit FwCfgBench(const FwCfgConfig& c = FwCfgConfig{0x1fe02000510}) : fw("fw_cfg", c) {
        ini.socket.bind(fw.socket);
        sc_core::sc_start(sc_core::SC_ZERO_TIME); // elaborate
    }
    // OpenBIOS's `stha %g2, [%g5] ASI_PHYS_BYPASS_EC_E_L`: the key's low byte first.
    tlm::tlm_response_status select(uint16_t key) {
        return ini.write(kSelector, {uint8_t(key), uint8_t(key >> 8)});
    }
    // n `lduba` from the data port.
    std::vector<uint8_t> read(unsigned n) {
        std::vector<uint8_t> out;
        for (unsigned i = 0; i < n; ++i) {
            std::vector<uint8_t> b(1, 0xee);
            REQUIRE(ini.read(kData, b) == tlm::TLM_OK_RESPONSE);
            out.push_back(b[0]);
        }
        return out;
    }
    uint64_t read_le(unsigned n) {
        const std::vector<uint8_t> b = read(n);
        uint64_t v = 0;
        for (unsigned i = n; i-- > 0;)
            v = v << 8 | b[i];
        return v;
    }
    uint64_t read_be(unsigned n) {
        uint64_t v = 0;
        for (uint8_t b : read(n))
            v = v << 8 | b;
        return v;
    }
};

std::vector<uint8_t> bytes(const std::string& s) {
    return std::vector<uint8_t>(s.begin(), s.end());
}

} // namespace

TEST_CASE("fw_cfg: the signature reads QEMU as OpenBIOS's entry code reads it", "[fw_cfg]") {
    FwCfgBench b;
    REQUIRE(b.select(FwCfg::Signature) == tlm::TLM_OK_RESPONSE);
    CHECK(b.read(4) == bytes("QEMU"));
    CHECK(b.fw.selector() == 0);
    // Then the RAM size, 8 bytes little-endian, after a selector write at +0.
    b.fw.set_ram_size(0x123456789a000);
    REQUIRE(b.select(FwCfg::RamSize) == tlm::TLM_OK_RESPONSE);
    CHECK(b.read_le(8) == 0x123456789a000);
    // And the ID: version 1, the port interface without DMA.
    b.select(FwCfg::Id);
    CHECK(b.read_le(4) == 1);
    CHECK(b.fw.selects() == 3);
    CHECK(b.fw.reads() == 16);
}

TEST_CASE("fw_cfg: the selector is little-endian, a big-endian store selects another key",
          "[fw_cfg]") {
    FwCfgBench b;
    b.fw.set_cpu_count(3);
    REQUIRE(b.ini.write(kSelector, {0x00, FwCfg::NbCpus}) == tlm::TLM_OK_RESPONSE);
    CHECK(b.fw.selector() == 0x0500);
    CHECK(b.read(2) == std::vector<uint8_t>{0, 0}); // no such item
    b.select(FwCfg::NbCpus);
    CHECK(b.read_le(2) == 3);
    // The write-channel bit (0x4000) selects the same item.
    b.select(FwCfg::NbCpus | FwCfg::WriteChannel);
    CHECK(b.read_le(2) == 3);
}

TEST_CASE("fw_cfg: items have QEMU's sun4u widths and little-endian values", "[fw_cfg]") {
    FwCfgBench b(FwCfgConfig{0, 0, true, "c"});
    struct Expect {
        uint16_t key;
        unsigned width;
        uint64_t value;
    };
    const Expect expected[] = {
        {FwCfg::Id, 4, 1},           {FwCfg::RamSize, 8, 0},         {FwCfg::Nographic, 2, 1},
        {FwCfg::NbCpus, 2, 1},       {FwCfg::MachineId, 2, 0},       {FwCfg::KernelAddr, 8, 0},
        {FwCfg::KernelSize, 8, 0},   {FwCfg::InitrdAddr, 8, 0},      {FwCfg::InitrdSize, 8, 0},
        {FwCfg::BootDevice, 2, 'c'}, {FwCfg::BootMenu, 2, 0},        {FwCfg::MaxCpus, 2, 1},
        {FwCfg::CmdlineSize, 4, 0},  {FwCfg::Sparc64Width, 2, 1024}, {FwCfg::Sparc64Height, 2, 768},
        {FwCfg::Sparc64Depth, 2, 8},
    };
    for (const Expect& e : expected) {
        INFO("key " << e.key);
        REQUIRE(b.fw.has_item(e.key));
        CHECK(b.fw.item(e.key).size() == e.width);
        REQUIRE(FwCfg::key_info(e.key) != nullptr);
        CHECK(FwCfg::key_info(e.key)->width == e.width);
        b.select(e.key);
        CHECK(b.read_le(e.width) == e.value);
    }
    CHECK(b.fw.item(FwCfg::Uuid) == std::vector<uint8_t>(16, 0));
    CHECK_FALSE(b.fw.has_item(FwCfg::CmdlineData));
    CHECK(std::string(FwCfg::key_info(FwCfg::FileDir)->name) == "file_dir");

    // A number of the wrong width is the caller's bug.
    CHECK_THROWS_WITH(b.fw.set_u32(FwCfg::RamSize, 1),
                      Catch::Contains("ram_size") && Catch::Contains("8 bytes"));
    CHECK_THROWS_AS(b.fw.set_item(FwCfg::Signature, bytes("QEM")), std::invalid_argument);
    // The directory and the file keys belong to add_file.
    CHECK_THROWS_AS(b.fw.set_item(FwCfg::FileDir, {0, 0, 0, 0}), std::invalid_argument);
    CHECK_THROWS_AS(b.fw.set_item(0x21, {1}), std::invalid_argument);
    CHECK_THROWS_AS(b.fw.set_item(FwCfg::NbCpus | FwCfg::WriteChannel, {1, 0}),
                    std::invalid_argument);
    b.fw.set_item(0x8010, {9, 8, 7}); // an arch-local key of any length
    b.select(0x8010);
    CHECK(b.read(3) == std::vector<uint8_t>{9, 8, 7});
}

TEST_CASE("fw_cfg: static parameters set machine_id, nographic and boot_device", "[fw_cfg]") {
    CHECK_THROWS_AS(FwCfg("bad", FwCfgConfig{0, 0, true, "cd"}), std::invalid_argument);
    FwCfgBench b(FwCfgConfig{0, 64, false, "d"});
    b.select(FwCfg::MachineId);
    CHECK(b.read_le(2) == 64);
    b.select(FwCfg::Nographic);
    CHECK(b.read_le(2) == 0);
    b.select(FwCfg::BootDevice);
    CHECK(b.read(2) == std::vector<uint8_t>{'d', 0});
}

TEST_CASE("fw_cfg: reading past the end gives 0, a new selection starts over", "[fw_cfg]") {
    FwCfgBench b;
    b.select(FwCfg::Signature);
    CHECK(b.read(7) == std::vector<uint8_t>{'Q', 'E', 'M', 'U', 0, 0, 0});
    CHECK(b.fw.offset() == 4);
    b.select(FwCfg::Signature);
    CHECK(b.read(2) == bytes("QE"));
    // A byte write is ignored: the item and the position stay.
    CHECK(b.ini.write(kData, {0x55}) == tlm::TLM_OK_RESPONSE);
    CHECK(b.read(2) == bytes("MU"));
    CHECK(b.fw.item(FwCfg::Signature) == bytes("QEMU"));
    // QEMU's port window reads data at either byte.
    b.select(FwCfg::Signature);
    CHECK(b.ini.read8(kSelector) == 'Q');
    CHECK(b.ini.read8(kData) == 'E');
    // A debugger sees the next byte without moving on.
    std::vector<uint8_t> d(1);
    CHECK(b.ini.debug(tlm::TLM_READ_COMMAND, kData, d) == 1);
    CHECK(d[0] == 'M');
    CHECK(b.ini.debug(tlm::TLM_READ_COMMAND, kData, d) == 1);
    CHECK(d[0] == 'M');
    d = {0x03, 0x00};
    CHECK(b.ini.debug(tlm::TLM_WRITE_COMMAND, kSelector, d) == 0);
    CHECK(b.fw.selector() == FwCfg::Signature);
}

TEST_CASE("fw_cfg: accesses the port window does not take are errors", "[fw_cfg]") {
    FwCfgBench b;
    std::vector<uint8_t> two(2), four(4);
    CHECK(b.ini.read(kSelector, two) == tlm::TLM_ADDRESS_ERROR_RESPONSE); // no 16-bit reads
    CHECK(b.ini.write(kData, {0x03, 0x00}) == tlm::TLM_ADDRESS_ERROR_RESPONSE);
    CHECK(b.ini.write(kSelector, {0x03, 0, 0, 0}) == tlm::TLM_ADDRESS_ERROR_RESPONSE);
    CHECK(b.ini.read(2, four) == tlm::TLM_ADDRESS_ERROR_RESPONSE);
    CHECK(b.ini.transport(tlm::TLM_WRITE_COMMAND, kSelector, two, {0xff, 0x00}) ==
          tlm::TLM_BYTE_ENABLE_ERROR_RESPONSE);
    CHECK(b.fw.selects() == 0);
}

TEST_CASE("fw_cfg: the file directory lists files by name, big-endian, as QEMU does", "[fw_cfg]") {
    FwCfgBench b;
    b.select(FwCfg::FileDir);
    CHECK(b.read_be(4) == 0); // present and empty
    b.fw.add_file("etc/b", {1, 2, 3});
    b.fw.add_file("bootorder", bytes("/pci/ide\n"));
    b.fw.add_file("etc/a", {});
    const std::vector<uint8_t>& dir = b.fw.item(FwCfg::FileDir);
    REQUIRE(dir.size() == 4 + 3 * 64);

    // Read it as OpenBIOS's fw_cfg_find_file does: the count, then 64-byte entries.
    b.select(FwCfg::FileDir);
    CHECK(b.read_be(4) == 3);
    struct Entry {
        uint32_t size;
        uint16_t select;
        const char* name;
    };
    const Entry expected[] = {{9, 0x20, "bootorder"}, {0, 0x21, "etc/a"}, {3, 0x22, "etc/b"}};
    for (const Entry& e : expected) {
        INFO(e.name);
        CHECK(b.read_be(4) == e.size);
        CHECK(b.read_be(2) == e.select);
        CHECK(b.read_be(2) == 0);
        const std::vector<uint8_t> name = b.read(56);
        const std::string n(e.name);
        CHECK(std::string(name.begin(), name.begin() + long(n.size())) == n);
        CHECK(std::all_of(name.begin() + long(n.size()), name.end(),
                          [](uint8_t c) { return c == 0; }));
    }
    // The files moved up as names sorted before them came.
    b.select(0x22);
    CHECK(b.read(4) == std::vector<uint8_t>{1, 2, 3, 0});
    b.select(0x20);
    CHECK(b.read(9) == bytes("/pci/ide\n"));

    CHECK_THROWS_WITH(b.fw.add_file("etc/a", {1}), Catch::Contains("already"));
    CHECK_THROWS_AS(b.fw.add_file("", {1}), std::invalid_argument);
    CHECK_THROWS_AS(b.fw.add_file(std::string(56, 'x'), {1}), std::invalid_argument);
    b.fw.add_file(std::string(55, 'x'), {1});
    CHECK(b.fw.item(FwCfg::FileDir).size() == 4 + 4 * 64);
}

TEST_CASE("fw_cfg: the FirmwareConfig role stores what QEMU's sun4u stores", "[fw_cfg]") {
    FwCfgBench b;
    FirmwareConfig& role = b.fw;
    role.set_ram_size(uint64_t(1) << 30);
    role.set_cpu_count(4);
    role.set_kernel(0x404000, 0x123456);
    role.set_initrd(0x1000000, 0x2000);
    role.set_command_line("console=ttyS0");
    role.set_boot_item(FwCfg::Uuid, std::vector<uint8_t>(16, 0xab));

    b.select(FwCfg::RamSize);
    CHECK(b.read_le(8) == uint64_t(1) << 30);
    b.select(FwCfg::NbCpus);
    CHECK(b.read_le(2) == 4);
    b.select(FwCfg::MaxCpus);
    CHECK(b.read_le(2) == 4);
    b.select(FwCfg::KernelAddr);
    CHECK(b.read_le(8) == 0x404000);
    b.select(FwCfg::KernelSize);
    CHECK(b.read_le(4) == 0x123456); // OpenBIOS reads the size as 32 bits
    b.select(FwCfg::InitrdAddr);
    CHECK(b.read_le(8) == 0x1000000);
    b.select(FwCfg::InitrdSize);
    CHECK(b.read_le(8) == 0x2000);
    b.select(FwCfg::CmdlineSize);
    CHECK(b.read_le(4) == 14); // with its NUL
    b.select(FwCfg::CmdlineData);
    CHECK(b.read(15) == bytes(std::string("console=ttyS0\0\0", 15)));
    b.select(FwCfg::Uuid);
    CHECK(b.read(16) == std::vector<uint8_t>(16, 0xab));

    role.set_command_line("");
    b.select(FwCfg::CmdlineSize);
    CHECK(b.read_le(4) == 0);
    CHECK_FALSE(b.fw.has_item(FwCfg::CmdlineData));
    CHECK_THROWS_AS(role.set_cpu_count(0), std::invalid_argument);
}
