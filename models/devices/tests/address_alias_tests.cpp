// AddressAlias: accesses to its range reach the range it shows, through the
// system bus, in LT, AT (early completion), debug and DMI; ranges that
// overlap or wrap are refused.
#include "models/devices/address_alias.h"
#include "models/devices/ram.h"
#include "models/devices/router.h"
#include "test_initiator.h"

#include <catch2/catch.hpp>

#include <stdexcept>
#include <vector>

using namespace fireplane;
using fireplane::test::TestInitiator;

namespace {

constexpr uint64_t kRom = 0x1fff0000000, kAlias = 0x7fff0000000, kSize = 0x10000;

// initiator -> system router -> {ram at kRom, alias at kAlias -> system router}
struct Bench {
    TestInitiator ini{"ini"};
    Router bus{"bus"};
    Ram rom{"rom", RamConfig{kSize}};
    AddressAlias alias{"alias", AddressAliasConfig{kAlias, kSize, kRom}};
    Bench() {
        ini.socket.bind(bus.target_socket);
        alias.bind_initiators(bus.target_socket);
        bus.map(rom.socket, kRom, kSize, "rom");
        bus.map(alias.socket, kAlias, kSize, "alias");
        sc_core::sc_start(sc_core::SC_ZERO_TIME);
    }
};

} // namespace

TEST_CASE("address alias: reads and writes reach the range it shows", "[address_alias]") {
    Bench b;
    REQUIRE(b.ini.write(kAlias + 0x20, {1, 2, 3, 4}) == tlm::TLM_OK_RESPONSE);
    CHECK(b.ini.last_address == kAlias + 0x20); // the payload comes back as it went
    std::vector<uint8_t> d(4);
    REQUIRE(b.ini.read(kRom + 0x20, d) == tlm::TLM_OK_RESPONSE);
    CHECK(d == std::vector<uint8_t>{1, 2, 3, 4});
    CHECK(b.alias.transactions() == 1);
    std::vector<uint8_t> dbg(2);
    CHECK(b.ini.debug(tlm::TLM_READ_COMMAND, kAlias + 0x21, dbg) == 2);
    CHECK(dbg == std::vector<uint8_t>{2, 3});
    CHECK(b.alias.transactions() == 1); // debug is not counted
}

TEST_CASE("address alias: an AT request completes at BEGIN_REQ", "[address_alias]") {
    Bench b;
    std::vector<uint8_t> d{9, 8};
    REQUIRE(b.ini.write(kRom + 0x40, d) == tlm::TLM_OK_RESPONSE);
    tlm::tlm_generic_payload gp;
    std::vector<uint8_t> r(2);
    TestInitiator::setup(gp, tlm::TLM_READ_COMMAND, kAlias + 0x40, r, {}, 0);
    tlm::tlm_phase phase = tlm::BEGIN_REQ;
    sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
    CHECK(b.ini.socket->nb_transport_fw(gp, phase, delay) == tlm::TLM_COMPLETED);
    CHECK(gp.is_response_ok());
    CHECK(r == d);
    CHECK(gp.get_address() == kAlias + 0x40);
}

TEST_CASE("address alias: a DMI grant is moved into the alias's range", "[address_alias]") {
    Bench b;
    REQUIRE(b.ini.write(kRom + 0x100, {0x5a}) == tlm::TLM_OK_RESPONSE);
    tlm::tlm_dmi dmi;
    REQUIRE(b.ini.dmi(kAlias + 0x100, dmi));
    CHECK(dmi.get_start_address() == kAlias);
    CHECK(dmi.get_end_address() == kAlias + kSize - 1);
    CHECK(dmi.get_dmi_ptr()[0x100] == 0x5a);
}

TEST_CASE("address alias: empty, wrapping or self-overlapping ranges are refused",
          "[address_alias]") {
    CHECK_THROWS_AS(AddressAlias("a", AddressAliasConfig{kAlias, 0, kRom}), std::invalid_argument);
    CHECK_THROWS_AS(AddressAlias("b", AddressAliasConfig{~0ull - 4, 16, kRom}),
                    std::invalid_argument);
    CHECK_THROWS_AS(AddressAlias("c", AddressAliasConfig{kAlias, kSize, kAlias + 8}),
                    std::invalid_argument);
}
