// MemoryController: exact AT phase timing, bank serialisation and overlap,
// the response channel, LT/AT agreement, timing-only requests, data, errors.
// Each TEST_CASE elaborates its own design (one process per test case).
#include "core/stats/stats.h"
#include "models/fireplane/memory_controller.h"
#include "scripted_initiator.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <memory>
#include <stdexcept>

using namespace fireplane;
using fireplane::test::ScriptedInitiator;
using sc_core::SC_NS;
using sc_core::sc_time;

namespace {

const sc_time kLatency(50, SC_NS);
const sc_time kBankBusy(30, SC_NS);

sc_time ns(double v) {
    return sc_time(v, SC_NS);
}

// 64 KiB, 2 banks interleaved every 64 bytes: offsets 0, 128, ... are bank 0
// and 64, 192, ... bank 1.
MemoryControllerConfig test_config() {
    MemoryControllerConfig c;
    c.size = 64 * 1024;
    c.latency = kLatency;
    c.bank_busy = kBankBusy;
    return c;
}

// A controller and a scripted initiator bound to it.
struct Bench {
    MemoryController mc;
    ScriptedInitiator ini;
    explicit Bench(const char* name = "mc", MemoryControllerConfig c = test_config())
        : mc(name, c), ini((std::string(name) + "_ini").c_str()) {
        ini.socket.bind(mc.socket);
    }
};

double stat(const std::string& name) {
    const auto* e = StatsRegistry::current().find(name);
    REQUIRE(e != nullptr);
    return e->value();
}

} // namespace

TEST_CASE("memory: an AT read is accepted at arrival and answered after the latency", "[memory]") {
    Bench b;
    auto& r = b.ini.read(ns(10), 0x0);
    r.annotate = ns(5); // arrives at 15ns
    sc_core::sc_start();

    CHECK(r.fw_status == tlm::TLM_ACCEPTED);
    REQUIRE(r.got_end_req);
    CHECK(r.end_req == ns(15));
    REQUIRE(r.got_begin_resp);
    CHECK(r.begin_resp == ns(15) + kLatency);
    CHECK(r.status == tlm::TLM_OK_RESPONSE);
    CHECK(b.ini.violations == 0);
    CHECK(b.mc.reads() == 1);
    CHECK(b.mc.writes() == 0);
    CHECK(b.mc.bank_accesses(0) == 1);
    CHECK(b.mc.bank_accesses(1) == 0);
    CHECK(b.mc.bank_free_at(0) == ns(15) + kLatency + kBankBusy);
}

TEST_CASE("memory: two requests to one bank are serialised by bank_busy", "[memory]") {
    Bench b;
    auto& first = b.ini.read(ns(0), 0x0);
    auto& second = b.ini.add(ns(0), tlm::TLM_WRITE_COMMAND, 0x80, 64); // bank 0 too
    REQUIRE(b.mc.bank_of(0x0) == b.mc.bank_of(0x80));
    sc_core::sc_start();

    CHECK(first.end_req == ns(0));
    CHECK(first.begin_resp == ns(50));
    // The bank is free again at 50 + 30 = 80ns: END_REQ is withheld till then.
    REQUIRE(second.got_end_req);
    CHECK(second.end_req == ns(80));
    CHECK(second.begin_resp == ns(130));
    CHECK(b.ini.violations == 0);
    CHECK(b.mc.bank_conflict_stall_ps() == 80000);
    CHECK(b.mc.bank_accesses(0) == 2);

    // The same numbers through the statistics registry.
    CHECK(stat("mc.reads") == 1);
    CHECK(stat("mc.writes") == 1);
    CHECK(stat("mc.bank0.accesses") == 2);
    CHECK(stat("mc.bank1.accesses") == 0);
    CHECK(stat("mc.bank_conflict_stall") == 80000);
    CHECK(StatsRegistry::current().find("mc.bank_conflict_stall")->unit == "ps");
}

TEST_CASE("memory: requests to different banks overlap", "[memory]") {
    Bench b;
    auto& first = b.ini.read(ns(0), 0x0);
    auto& second = b.ini.read(ns(0), 0x40); // bank 1
    REQUIRE(b.mc.bank_of(0x0) != b.mc.bank_of(0x40));
    sc_core::sc_start();

    CHECK(first.end_req == ns(0));
    CHECK(second.end_req == ns(0));
    CHECK(first.begin_resp == ns(50));
    CHECK(second.begin_resp == ns(50));
    CHECK(b.mc.bank_conflict_stall_ps() == 0);
    CHECK(b.mc.bank_accesses(0) == 1);
    CHECK(b.mc.bank_accesses(1) == 1);
    CHECK(b.ini.violations == 0);
}

TEST_CASE("memory: the next BEGIN_RESP waits until the initiator ends the previous one",
          "[memory]") {
    // Two initiators, two controllers: one ends responses with a later
    // END_RESP call, the other with TLM_UPDATED and an annotated delay.
    Bench accept("mc_a");
    accept.ini.response = ScriptedInitiator::Response::AcceptThenEnd;
    accept.ini.end_resp_after = ns(10);
    Bench update("mc_u");
    update.ini.response = ScriptedInitiator::Response::UpdateEndResp;
    update.ini.end_resp_after = ns(7);
    for (Bench* b : {&accept, &update}) {
        b->ini.read(ns(0), 0x0);
        b->ini.read(ns(0), 0x40);
    }
    sc_core::sc_start();

    CHECK(accept.ini.requests[0].begin_resp == ns(50));
    CHECK(accept.ini.requests[1].begin_resp == ns(60));
    CHECK(update.ini.requests[0].begin_resp == ns(50));
    CHECK(update.ini.requests[1].begin_resp == ns(57));
    CHECK(accept.ini.violations == 0);
    CHECK(update.ini.violations == 0);
}

TEST_CASE("memory: b_transport gives the same timing as the AT path", "[memory]") {
    // The script never blocks on END_REQ except behind a busy bank, so the
    // two paths see the same arrivals and must give the same answers.
    Bench at("mc_at");
    Bench lt("mc_lt");
    lt.ini.use_b_transport = true;
    for (Bench* b : {&at, &lt}) {
        b->ini.read(ns(0), 0x000);                              // bank 0: 0..50
        b->ini.add(ns(10), tlm::TLM_WRITE_COMMAND, 0x080, 64);  // bank 0: 80..130
        b->ini.read(ns(90), 0x040);                             // bank 1: 90..140
        b->ini.read(ns(95), 0x100).annotate = ns(5);            // bank 0: 160..210
        b->ini.add(ns(200), tlm::TLM_WRITE_COMMAND, 0x1c0, 64); // bank 1: 200..250
    }
    sc_core::sc_start();

    const sc_time expected[] = {ns(50), ns(130), ns(140), ns(210), ns(250)};
    REQUIRE(at.ini.requests.size() == 5);
    for (size_t i = 0; i < 5; ++i) {
        INFO("request " << i);
        CHECK(at.ini.requests[i].begin_resp == expected[i]);
        CHECK(lt.ini.requests[i].begin_resp == expected[i]);
        CHECK(lt.ini.requests[i].status == tlm::TLM_OK_RESPONSE);
    }
    CHECK(at.mc.bank_conflict_stall_ps() == lt.mc.bank_conflict_stall_ps());
    CHECK(lt.mc.bank_conflict_stall_ps() == 70000 + 60000);
    for (unsigned bank = 0; bank < 2; ++bank) {
        CHECK(at.mc.bank_accesses(bank) == lt.mc.bank_accesses(bank));
        CHECK(at.mc.bank_free_at(bank) == lt.mc.bank_free_at(bank));
    }
    CHECK(at.mc.reads() == 3);
    CHECK(lt.mc.reads() == 3);
    CHECK(lt.mc.writes() == 2);
    CHECK(at.ini.violations == 0);
}

TEST_CASE("memory: timing-only requests leave storage alone and cost the same time", "[memory]") {
    Bench timing("mc_t");
    Bench data("mc_d");
    std::fill_n(timing.mc.host_ptr(), 256, 0x5a);
    // The same script, with and without data pointers.
    timing.ini.add(ns(0), tlm::TLM_WRITE_COMMAND, 0x0, 64);
    timing.ini.read(ns(0), 0x80);
    data.ini.add(ns(0), tlm::TLM_WRITE_COMMAND, 0x0, 64, std::vector<uint8_t>(64, 0x11));
    data.ini.add(ns(0), tlm::TLM_READ_COMMAND, 0x80, 64, std::vector<uint8_t>(64));
    sc_core::sc_start();

    const uint8_t* m = timing.mc.host_ptr();
    CHECK(std::all_of(m, m + 256, [](uint8_t v) { return v == 0x5a; }));
    CHECK(timing.ini.requests[0].status == tlm::TLM_OK_RESPONSE);
    CHECK(timing.ini.requests[1].status == tlm::TLM_OK_RESPONSE);
    CHECK(timing.mc.timing_only() == 2);
    CHECK(data.mc.timing_only() == 0);
    CHECK(data.mc.host_ptr()[0] == 0x11); // the data path did write
    for (size_t i = 0; i < 2; ++i) {
        CHECK(timing.ini.requests[i].begin_resp == data.ini.requests[i].begin_resp);
        CHECK(timing.ini.requests[i].end_req == data.ini.requests[i].end_req);
    }
    CHECK(timing.ini.requests[1].begin_resp == ns(130)); // the bank conflict still counts
}

TEST_CASE("memory: data requests read back what was written", "[memory]") {
    Bench at("mc_at");
    Bench lt("mc_lt");
    lt.ini.use_b_transport = true;
    std::vector<uint8_t> pattern(64);
    for (size_t i = 0; i < pattern.size(); ++i)
        pattern[i] = uint8_t(3 * i + 1);
    for (Bench* b : {&at, &lt}) {
        b->ini.add(ns(0), tlm::TLM_WRITE_COMMAND, 0x1240, 64, pattern);
        b->ini.add(ns(300), tlm::TLM_READ_COMMAND, 0x1240, 64, std::vector<uint8_t>(64));
        // A byte-enabled write of every other byte, then the whole line again.
        auto& be = b->ini.add(ns(600), tlm::TLM_WRITE_COMMAND, 0x1240, 4, {9, 9, 9, 9});
        be.byte_enables = {0xff, 0x00};
        b->ini.add(ns(900), tlm::TLM_READ_COMMAND, 0x1240, 4, std::vector<uint8_t>(4));
    }
    sc_core::sc_start();

    for (Bench* b : {&at, &lt}) {
        INFO(b->mc.name());
        CHECK(b->ini.requests[1].data == pattern);
        CHECK(b->ini.requests[3].data == std::vector<uint8_t>{9, pattern[1], 9, pattern[3]});
        for (const auto& r : b->ini.requests)
            CHECK(r.status == tlm::TLM_OK_RESPONSE);
        CHECK(b->mc.host_ptr()[0x1240 + 63] == pattern[63]);
    }
}

TEST_CASE("memory: out-of-range requests get an address error and use no bank", "[memory]") {
    Bench at("mc_at");
    Bench lt("mc_lt");
    lt.ini.use_b_transport = true;
    const uint64_t size = test_config().size;
    for (Bench* b : {&at, &lt}) {
        b->ini.read(ns(0), size - 32);                                     // crosses the end
        b->ini.read(ns(0), size);                                          // unmapped
        b->ini.add(ns(0), tlm::TLM_WRITE_COMMAND, 0, unsigned(size) + 64); // oversized
        b->ini.add(ns(0), tlm::TLM_WRITE_COMMAND, ~uint64_t(0) - 8, 64,
                   std::vector<uint8_t>(64, 0xee)); // wraps
        b->ini.read(ns(0), 0x0);                    // still served at once
    }
    sc_core::sc_start();

    for (size_t i = 0; i < 4; ++i) {
        INFO("request " << i);
        CHECK(at.ini.requests[i].fw_status == tlm::TLM_COMPLETED);
        CHECK_FALSE(at.ini.requests[i].got_end_req);
        CHECK(at.ini.requests[i].status == tlm::TLM_ADDRESS_ERROR_RESPONSE);
        CHECK(lt.ini.requests[i].status == tlm::TLM_ADDRESS_ERROR_RESPONSE);
        CHECK(lt.ini.requests[i].begin_resp == ns(0)); // no time annotated
    }
    CHECK(at.ini.requests[4].begin_resp == ns(50));
    CHECK(lt.ini.requests[4].begin_resp == ns(50));
    for (Bench* b : {&at, &lt}) {
        CHECK(b->mc.address_errors() == 4);
        CHECK(b->mc.reads() == 1);
        CHECK(b->mc.writes() == 0);
        CHECK(b->mc.bank_accesses(0) + b->mc.bank_accesses(1) == 1);
    }
    CHECK(at.ini.violations == 0);
}

TEST_CASE("memory: a request spanning both banks waits for and occupies both", "[memory]") {
    Bench b;
    b.ini.use_b_transport = true;
    b.ini.read(ns(0), 0x40); // bank 1: 0..50, free at 80
    b.ini.add(ns(0), tlm::TLM_WRITE_COMMAND, 0x0, 128, std::vector<uint8_t>(128, 7));
    b.ini.read(ns(0), 0x0); // bank 0 waits for the wide write
    sc_core::sc_start();

    CHECK(b.ini.requests[0].begin_resp == ns(50));
    CHECK(b.ini.requests[1].begin_resp == ns(130)); // bank 0 was free, bank 1 was not
    CHECK(b.ini.requests[2].begin_resp == ns(210));
    CHECK(b.mc.bank_accesses(0) == 2);
    CHECK(b.mc.bank_accesses(1) == 2);
    CHECK(b.mc.host_ptr()[127] == 7);
}

TEST_CASE("memory: banks interleave on the physical address", "[memory]") {
    MemoryControllerConfig c = test_config();
    c.base = 0x40; // offset 0 is physical 0x40: bank 1
    c.banks = 4;
    c.interleave = 256;
    MemoryController mc("mc", c);
    CHECK(mc.bank_of(0x0) == 0);   // physical 0x40
    CHECK(mc.bank_of(0xbf) == 0);  // physical 0xff
    CHECK(mc.bank_of(0xc0) == 1);  // physical 0x100
    CHECK(mc.bank_of(0x3bf) == 3); // physical 0x3ff
    CHECK(mc.bank_of(0x3c0) == 0); // physical 0x400 wraps to bank 0

    MemoryControllerConfig d = test_config();
    d.base = 0x40;
    MemoryController shifted("shifted", d);
    CHECK(shifted.bank_of(0x0) == 1);
    CHECK(shifted.bank_of(0x40) == 0);
}

TEST_CASE("memory: an initiator may complete a transaction at END_REQ", "[memory]") {
    Bench b;
    b.ini.response = ScriptedInitiator::Response::CompleteAtEndReq;
    auto& first = b.ini.read(ns(0), 0x0);
    auto& second = b.ini.read(ns(0), 0x80);
    sc_core::sc_start();

    CHECK(first.got_end_req);
    CHECK(second.got_end_req);
    CHECK(second.end_req == ns(80)); // the bank was still reserved by the first
    CHECK_FALSE(first.got_begin_resp);
    CHECK_FALSE(second.got_begin_resp);
    CHECK(b.ini.violations == 0);
}

TEST_CASE("memory: debug transport has no timing or statistics and is clipped", "[memory]") {
    Bench b;
    sc_core::sc_start(sc_core::SC_ZERO_TIME);
    std::vector<uint8_t> w{1, 2, 3, 4};
    tlm::tlm_generic_payload gp;
    gp.set_command(tlm::TLM_WRITE_COMMAND);
    gp.set_address(0x20);
    gp.set_data_ptr(w.data());
    gp.set_data_length(4);
    CHECK(b.ini.socket->transport_dbg(gp) == 4);
    CHECK(b.mc.host_ptr()[0x23] == 4);

    std::vector<uint8_t> r(8, 0xee);
    gp.set_command(tlm::TLM_READ_COMMAND);
    gp.set_data_ptr(r.data());
    gp.set_data_length(8);
    gp.set_address(test_config().size - 2);
    CHECK(b.ini.socket->transport_dbg(gp) == 2);
    gp.set_address(test_config().size);
    CHECK(b.ini.socket->transport_dbg(gp) == 0);
    gp.set_data_ptr(nullptr);
    gp.set_address(0);
    CHECK(b.ini.socket->transport_dbg(gp) == 0);

    CHECK(b.mc.reads() == 0);
    CHECK(b.mc.writes() == 0);
    CHECK(b.mc.bank_free_at(0) == sc_core::SC_ZERO_TIME);
}

TEST_CASE("memory: impossible configurations are rejected", "[memory]") {
    MemoryControllerConfig c = test_config();
    c.size = 0;
    CHECK_THROWS_AS(MemoryController("a", c), std::invalid_argument);
    c = test_config();
    c.banks = 0;
    CHECK_THROWS_AS(MemoryController("b", c), std::invalid_argument);
    c = test_config();
    c.interleave = 0;
    CHECK_THROWS_AS(MemoryController("c", c), std::invalid_argument);
    c = test_config();
    c.base = ~uint64_t(0) - 10;
    CHECK_THROWS_WITH(MemoryController("d", c), Catch::Contains("wraps"));
}
