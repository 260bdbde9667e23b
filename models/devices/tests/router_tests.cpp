// Router: decoding, address translation both ways, unmapped addresses, DMI
// translation and invalidation, AT phase routing and map validation.
#include "models/devices/ram.h"
#include "models/devices/router.h"
#include "test_initiator.h"

#include <catch2/catch.hpp>

#include <limits>
#include <stdexcept>

using namespace fireplane;
using fireplane::test::TestInitiator;

namespace {

constexpr uint64_t kBaseA = 0x0, kSizeA = 0x1000;
constexpr uint64_t kBaseB = 0x10000, kSizeB = 0x2000;

// Two RAMs behind a router; B's RAM is larger than its window, to check
// clipping.
struct RouterBench {
    Router router{"router"};
    Ram a{"a", RamConfig{kSizeA}};
    Ram b{"b", RamConfig{2 * kSizeB}};
    TestInitiator ini{"ini"};
    RouterBench() {
        ini.socket.bind(router.target_socket);
        router.map(a.socket, kBaseA, kSizeA, "a");
        router.map(b.socket, kBaseB, kSizeB, "b");
        sc_core::sc_start(sc_core::SC_ZERO_TIME);
    }
};

// An AT target that accepts requests and answers later, when the test says so.
struct AtTarget : sc_core::sc_module {
    tlm_utils::simple_target_socket<AtTarget> socket{"socket"};
    std::vector<std::pair<uint64_t, tlm::tlm_phase>> fw_calls; // local address, phase
    explicit AtTarget(sc_core::sc_module_name n) : sc_module(n) {
        socket.register_nb_transport_fw(this, &AtTarget::nb_transport_fw);
    }
    tlm::tlm_sync_enum nb_transport_fw(tlm::tlm_generic_payload& gp, tlm::tlm_phase& phase,
                                       sc_core::sc_time&) {
        fw_calls.emplace_back(gp.get_address(), phase);
        return phase == tlm::END_RESP ? tlm::TLM_COMPLETED : tlm::TLM_ACCEPTED;
    }
    tlm::tlm_sync_enum send(tlm::tlm_generic_payload& gp, tlm::tlm_phase phase) {
        sc_core::sc_time t = sc_core::SC_ZERO_TIME;
        return socket->nb_transport_bw(gp, phase, t);
    }
};

} // namespace

TEST_CASE("router: decodes to the right target with the address made local", "[router]") {
    RouterBench r;
    REQUIRE(r.ini.write(kBaseA + 0x10, {0xaa}) == tlm::TLM_OK_RESPONSE);
    CHECK(r.ini.last_address == kBaseA + 0x10);
    REQUIRE(r.ini.write(kBaseB + 0x10, {0xbb}) == tlm::TLM_OK_RESPONSE);
    CHECK(r.ini.last_address == kBaseB + 0x10); // the global address is back
    REQUIRE(r.ini.write(kBaseB + kSizeB - 1, {0xcc}) == tlm::TLM_OK_RESPONSE);

    CHECK(r.a.host_ptr()[0x10] == 0xaa);
    CHECK(r.b.host_ptr()[0x10] == 0xbb);
    CHECK(r.b.host_ptr()[kSizeB - 1] == 0xcc);
    CHECK(r.ini.read8(kBaseB + 0x10) == 0xbb);

    CHECK(r.router.windows()[0]->transactions == 1);
    CHECK(r.router.windows()[1]->transactions == 3);
}

TEST_CASE("router: unmapped addresses answer with an address error", "[router]") {
    RouterBench r;
    CHECK(r.ini.write(0x5000, {1}) == tlm::TLM_ADDRESS_ERROR_RESPONSE);
    // Crossing the end of a window is an error even though b's RAM is larger.
    CHECK(r.ini.write(kBaseB + kSizeB - 2, {1, 2, 3, 4}) == tlm::TLM_ADDRESS_ERROR_RESPONSE);
    CHECK(r.b.host_ptr()[kSizeB - 2] == 0);

    uint8_t data = 0;
    tlm::tlm_generic_payload gp;
    gp.set_command(tlm::TLM_READ_COMMAND);
    gp.set_address(0x5000);
    gp.set_data_ptr(&data);
    gp.set_data_length(1);
    gp.set_streaming_width(1);
    tlm::tlm_phase phase = tlm::BEGIN_REQ;
    sc_core::sc_time t = sc_core::SC_ZERO_TIME;
    CHECK(r.ini.socket->nb_transport_fw(gp, phase, t) == tlm::TLM_COMPLETED);
    CHECK(gp.get_response_status() == tlm::TLM_ADDRESS_ERROR_RESPONSE);

    std::vector<uint8_t> d(4);
    CHECK(r.ini.debug(tlm::TLM_READ_COMMAND, 0x5000, d) == 0);
    CHECK(r.router.unmapped_accesses() == 3);
    CHECK(r.router.windows()[1]->transactions == 0);
}

TEST_CASE("router: DMI ranges come back in global addresses, clipped to the window", "[router]") {
    RouterBench r;
    tlm::tlm_dmi dmi;
    REQUIRE(r.ini.dmi(kBaseB + 0x10, dmi));
    CHECK(dmi.get_start_address() == kBaseB);
    CHECK(dmi.get_end_address() == kBaseB + kSizeB - 1); // not the RAM's 2*kSizeB
    CHECK(dmi.get_dmi_ptr() == r.b.host_ptr());
    REQUIRE(r.ini.write(kBaseB + 0x20, {0x77}) == tlm::TLM_OK_RESPONSE);
    CHECK(dmi.get_dmi_ptr()[0x20] == 0x77);

    tlm::tlm_dmi dmi_a;
    REQUIRE(r.ini.dmi(kBaseA, dmi_a));
    CHECK(dmi_a.get_end_address() == kBaseA + kSizeA - 1);

    // A refused request describes the unmapped hole around the address.
    tlm::tlm_dmi hole;
    CHECK_FALSE(r.ini.dmi(0x5000, hole));
    CHECK(hole.get_start_address() == kBaseA + kSizeA);
    CHECK(hole.get_end_address() == kBaseB - 1);
    tlm::tlm_dmi above;
    CHECK_FALSE(r.ini.dmi(kBaseB + kSizeB, above));
    CHECK(above.get_start_address() == kBaseB + kSizeB);
    CHECK(above.get_end_address() == std::numeric_limits<uint64_t>::max());
}

TEST_CASE("router: debug transport is translated and clipped to the window", "[router]") {
    RouterBench r;
    std::vector<uint8_t> w{1, 2, 3, 4, 5, 6, 7, 8};
    CHECK(r.ini.debug(tlm::TLM_WRITE_COMMAND, kBaseB + kSizeB - 4, w) == 4);
    CHECK(r.b.host_ptr()[kSizeB - 1] == 4);
    CHECK(r.b.host_ptr()[kSizeB] == 0); // past the window, inside the RAM: untouched
    std::vector<uint8_t> back(2);
    CHECK(r.ini.debug(tlm::TLM_READ_COMMAND, kBaseB + kSizeB - 2, back) == 2);
    CHECK(back == std::vector<uint8_t>{3, 4});
}

namespace {

// Two initiators and an AT target behind a router; ini1 has sent a read that
// the target accepted (END_REQ), so the response is still to come.
struct AtBench {
    Router router{"router"};
    AtTarget target{"target"};
    TestInitiator ini0{"ini0"}, ini1{"ini1"};
    uint8_t data = 0;
    tlm::tlm_generic_payload gp;
    tlm::tlm_phase phase = tlm::BEGIN_REQ;
    sc_core::sc_time t = sc_core::SC_ZERO_TIME;

    AtBench() {
        ini0.socket.bind(router.target_socket);
        ini1.socket.bind(router.target_socket);
        router.map(target.socket, 0x4000, 0x100, "target");
        sc_core::sc_start(sc_core::SC_ZERO_TIME);

        gp.set_command(tlm::TLM_READ_COMMAND);
        gp.set_address(0x4010);
        gp.set_data_ptr(&data);
        gp.set_data_length(1);
        gp.set_streaming_width(1);
        REQUIRE(ini1.socket->nb_transport_fw(gp, phase, t) == tlm::TLM_ACCEPTED);
        REQUIRE(target.fw_calls.size() == 1);
        CHECK(target.fw_calls[0].first == 0x10); // local address at the target

        ini1.bw_answer = tlm::TLM_ACCEPTED;
        CHECK(target.send(gp, tlm::END_REQ) == tlm::TLM_ACCEPTED);
        CHECK(gp.get_address() == 0x10); // the target still holds the request
    }

    // Both calls went back to ini1, with the global address; none to ini0.
    void check_backward_calls() {
        CHECK(gp.get_address() == 0x4010);
        REQUIRE(ini1.bw_calls.size() == 2);
        CHECK(ini1.bw_calls[0].address == 0x4010);
        CHECK(ini1.bw_calls[0].phase == tlm::END_REQ);
        CHECK(ini1.bw_calls[1].address == 0x4010);
        CHECK(ini1.bw_calls[1].phase == tlm::BEGIN_RESP);
        CHECK(ini0.bw_calls.empty());
    }

    // The transaction has ended, so the payload can start a new one, from the
    // other initiator this time.
    void check_payload_reusable() {
        phase = tlm::BEGIN_REQ;
        CHECK(ini0.socket->nb_transport_fw(gp, phase, t) == tlm::TLM_ACCEPTED);
        CHECK(target.send(gp, tlm::BEGIN_RESP) == tlm::TLM_COMPLETED);
        REQUIRE(ini0.bw_calls.size() == 1);
        CHECK(ini0.bw_calls[0].address == 0x4010);
        CHECK(ini1.bw_calls.size() == 2);
    }
};

} // namespace

TEST_CASE("router: AT response returns to its initiator, which completes on BEGIN_RESP",
          "[router]") {
    AtBench b;
    b.ini1.bw_answer = tlm::TLM_COMPLETED;
    CHECK(b.target.send(b.gp, tlm::BEGIN_RESP) == tlm::TLM_COMPLETED);
    b.check_backward_calls();
    b.check_payload_reusable();
}

TEST_CASE("router: AT response returns to its initiator, which ends it with END_RESP", "[router]") {
    AtBench b;
    CHECK(b.target.send(b.gp, tlm::BEGIN_RESP) == tlm::TLM_ACCEPTED);
    b.phase = tlm::END_RESP;
    CHECK(b.ini1.socket->nb_transport_fw(b.gp, b.phase, b.t) == tlm::TLM_COMPLETED);
    REQUIRE(b.target.fw_calls.size() == 2);
    CHECK(b.target.fw_calls[1].first == 0x10);
    CHECK(b.target.fw_calls[1].second == tlm::END_RESP);
    b.check_backward_calls();
    b.check_payload_reusable();
}

TEST_CASE("router: DMI invalidations reach every initiator in global addresses", "[router]") {
    Router router("router");
    AtTarget low("low"), high("high");
    TestInitiator ini0("ini0"), ini1("ini1");
    ini0.socket.bind(router.target_socket);
    ini1.socket.bind(router.target_socket);
    router.map(low.socket, 0x0, 0x1000, "low");
    router.map(high.socket, 0x8000, 0x1000, "high");
    sc_core::sc_start(sc_core::SC_ZERO_TIME);

    high.socket->invalidate_direct_mem_ptr(0x10, 0x1f);
    high.socket->invalidate_direct_mem_ptr(0, std::numeric_limits<uint64_t>::max());
    for (TestInitiator* ini : {&ini0, &ini1}) {
        REQUIRE(ini->invalidations.size() == 2);
        CHECK(ini->invalidations[0] == std::make_pair<uint64_t, uint64_t>(0x8010, 0x801f));
        CHECK(ini->invalidations[1] == std::make_pair<uint64_t, uint64_t>(0x8000, 0x8fff));
    }
}

TEST_CASE("router: bad windows are rejected by map()", "[router]") {
    Router router("router");
    Ram a("a", RamConfig{0x1000}), b("b", RamConfig{0x1000});
    router.map(a.socket, 0x1000, 0x1000, "ram_a");

    CHECK_THROWS_WITH(router.map(b.socket, 0x1800, 0x1000, "ram_b"),
                      Catch::Contains("'ram_b' [0x1800, 0x27ff]") &&
                          Catch::Contains("overlaps 'ram_a' [0x1000, 0x1fff]"));
    CHECK_THROWS_AS(router.map(b.socket, 0x0, 0x1001, "ram_b"), std::invalid_argument);
    CHECK_THROWS_WITH(router.map(b.socket, 0x8000, 0, "ram_b"), Catch::Contains("size 0"));
    CHECK_THROWS_WITH(router.map(b.socket, ~uint64_t(0xfff), 0x2000, "ram_b"),
                      Catch::Contains("wraps"));
    CHECK_THROWS_WITH(router.map(b.socket, 0x8000, 0x1000, "ram_a"),
                      Catch::Contains("already mapped"));
    CHECK(router.windows().size() == 1);
    CHECK_NOTHROW(router.map(b.socket, 0x2000, 0x1000, "ram_b")); // adjacent is fine
    CHECK(router.windows().size() == 2);
}
