// AxiLiteBridge and AxiLiteChecker against a Verilated AXI4-Lite register
// block (blocks/axil_regs.sv): reads, writes, byte strobes, back-to-back
// transfers, error responses, the clock's cost in SystemC time, and the
// checker catching two blocks that break the protocol on purpose.
#include "models/rtl/axi_lite_bridge.h"
#include "models/rtl/axi_lite_checker.h"

#include "Vaxil_regs.h"
#include "Vaxil_regs_double_b.h"
#include "Vaxil_regs_exokay.h"

#include "models/devices/tests/test_initiator.h"

#include <catch2/catch.hpp>

#include <chrono>
#include <cstdio>
#include <functional>
#include <vector>

using namespace fireplane;
using namespace fireplane::rtl;
using fireplane::test::TestInitiator;
using sc_core::SC_NS;
using sc_core::sc_time;

namespace {

constexpr uint64_t kIdAddress = 15 * 4; // the last of 16 registers: read-only
constexpr uint32_t kId = 0xf1be0001;

// The block behind a bridge, with a checker on the pins; `script` runs in a
// thread (the bridge waits through the block's cycles), then the run stops.
template <class Block> struct Bench : sc_core::sc_module {
    TestInitiator ini{"ini"};
    RtlClock clock;
    AxiLiteBridge bridge;
    Block block{"block"};
    AxiLiteChecker checker;
    std::function<void(Bench&)> script;

    Bench(std::function<void(Bench&)> s, bool free_running)
        : sc_module(sc_core::sc_module_name("bench")),
          clock("clock", RtlClockConfig{sc_time(10, SC_NS), 2, free_running}),
          bridge("bridge", AxiLiteBridgeConfig{0, 0x1000, 1000}, clock),
          checker("checker", bridge.pins, clock), script(std::move(s)) {
        ini.socket.bind(bridge.socket);
        clock.bind(block);
        bridge.pins.bind_slave(block);
        SC_HAS_PROCESS(Bench);
        SC_THREAD(run);
    }
    void run() {
        script(*this);
        sc_core::sc_stop();
    }
    // Little-endian lanes: the bytes of a 32-bit register value at `address`.
    tlm::tlm_response_status write32(uint64_t address, uint32_t v) {
        return ini.write(address,
                         {uint8_t(v), uint8_t(v >> 8), uint8_t(v >> 16), uint8_t(v >> 24)});
    }
    uint32_t read32(uint64_t address, tlm::tlm_response_status* status = nullptr) {
        std::vector<uint8_t> d(4, 0xee);
        const tlm::tlm_response_status s = ini.read(address, d);
        if (status) *status = s;
        return uint32_t(d[0]) | uint32_t(d[1]) << 8 | uint32_t(d[2]) << 16 | uint32_t(d[3]) << 24;
    }
};

template <class Block>
void simulate(std::function<void(Bench<Block>&)> script, bool free_running = false) {
    Bench<Block> bench(std::move(script), free_running);
    sc_core::sc_start();
}

// The checker's reports are counted, not thrown, in the tests that want them.
void count_violations_only() {
    sc_core::sc_report_handler::set_actions("rtl/axi_lite_checker", sc_core::SC_LOG);
}

} // namespace

TEST_CASE("a word written through the bridge reads back, the ID register reads its value") {
    simulate<Vaxil_regs>([](Bench<Vaxil_regs>& b) {
        CHECK(b.write32(4, 0x11223344) == tlm::TLM_OK_RESPONSE);
        CHECK(b.read32(4) == 0x11223344);
        CHECK(b.read32(kIdAddress) == kId);
        CHECK(b.read32(8) == 0); // reset cleared it
        CHECK(b.bridge.transfers() == 4);
        CHECK(b.checker.violations() == 0);
    });
}

TEST_CASE("each RTL cycle takes one period of SystemC time, and an idle block's clock stops") {
    simulate<Vaxil_regs>([](Bench<Vaxil_regs>& b) {
        // A transfer ends at its last rising edge; a stopped clock starts with
        // its low half, so its first edge is half a period away.
        const sc_time start = sc_core::sc_time_stamp();
        b.write32(0, 1); // 20 ns of reset first; AW and W, then B a cycle after both: 3 cycles
        CHECK(b.clock.cycles() == 2 + 3);
        CHECK(sc_core::sc_time_stamp() - start == sc_time(45, SC_NS)); // edges at 25, 35, 45
        b.read32(0); // AR, then R: 2 cycles, the clock still running
        CHECK(b.clock.cycles() == 7);
        CHECK(sc_core::sc_time_stamp() - start == sc_time(65, SC_NS));
        sc_core::wait(sc_time(1, sc_core::SC_MS)); // idle: not one cycle
        CHECK(b.clock.cycles() == 7);
        CHECK(b.checker.edges() == 7);
        // The caller's annotated delay passes before the block sees the access.
        tlm::tlm_generic_payload gp;
        std::vector<uint8_t> d(4);
        TestInitiator::setup(gp, tlm::TLM_READ_COMMAND, 0, d, {}, 0);
        sc_time delay(100, SC_NS);
        const sc_time before = sc_core::sc_time_stamp();
        b.ini.socket->b_transport(gp, delay);
        CHECK(delay == sc_core::SC_ZERO_TIME);
        CHECK(sc_core::sc_time_stamp() - before == sc_time(115, SC_NS)); // edges at +105, +115
    });
}

TEST_CASE("a free-running clock ticks while the block is idle, and transfers follow its edges") {
    simulate<Vaxil_regs>(
        [](Bench<Vaxil_regs>& b) {
            sc_core::wait(sc_time(1, sc_core::SC_US)); // idle: 100 cycles of 10 ns
            CHECK(b.clock.cycles() == 100);
            const uint64_t before = b.clock.cycles();
            CHECK(b.write32(12, 0xcafe0123) == tlm::TLM_OK_RESPONSE);
            CHECK(b.read32(12) == 0xcafe0123);
            CHECK(b.read32(kIdAddress) == kId);
            CHECK(b.clock.cycles() - before == 3 + 2 + 2); // the same cycles as a gated clock
            CHECK(sc_core::sc_time_stamp() == sc_time(1065, SC_NS)); // at the last rising edge
            CHECK(b.checker.violations() == 0);
            CHECK(b.checker.edges() == b.clock.cycles());
        },
        /*free_running=*/true);
}

TEST_CASE("byte strobes: partial writes and byte enables change only their lanes") {
    simulate<Vaxil_regs>([](Bench<Vaxil_regs>& b) {
        b.write32(8, 0xffffffff);
        CHECK(b.ini.write(9, {0x5a}) == tlm::TLM_OK_RESPONSE);        // lane 1
        CHECK(b.ini.write(10, {0x01, 0x02}) == tlm::TLM_OK_RESPONSE); // lanes 2-3
        CHECK(b.read32(8) == 0x02015aff);
        std::vector<uint8_t> data{0xa0, 0xa1, 0xa2, 0xa3};
        const std::vector<uint8_t> enables{0xff, 0x00, 0xff, 0x00};
        CHECK(b.ini.transport(tlm::TLM_WRITE_COMMAND, 8, data, enables) == tlm::TLM_OK_RESPONSE);
        CHECK(b.read32(8) == 0x02a25aa0);
        std::vector<uint8_t> one(1);
        CHECK(b.ini.read(11, one) == tlm::TLM_OK_RESPONSE); // a byte read takes its lane
        CHECK(one[0] == 0x02);
        CHECK(b.checker.violations() == 0);
    });
}

TEST_CASE("back-to-back: a 32-byte payload is eight transfers each way") {
    simulate<Vaxil_regs>([](Bench<Vaxil_regs>& b) {
        std::vector<uint8_t> out(32), in(32, 0);
        for (unsigned i = 0; i < 32; ++i)
            out[i] = uint8_t(3 * i + 1);
        CHECK(b.ini.write(0x00, out) == tlm::TLM_OK_RESPONSE); // registers 0-7
        CHECK(b.ini.read(0x00, in) == tlm::TLM_OK_RESPONSE);
        CHECK(in == out);
        CHECK(b.bridge.transfers() == 16);
        CHECK(b.clock.cycles() == 2 + 8 * 3 + 8 * 2);
        CHECK(b.checker.violations() == 0);
    });
}

TEST_CASE("errors: SLVERR and DECERR from the block, address and burst errors at the bridge") {
    simulate<Vaxil_regs>([](Bench<Vaxil_regs>& b) {
        CHECK(b.write32(kIdAddress, 0) == tlm::TLM_GENERIC_ERROR_RESPONSE); // SLVERR: read-only
        CHECK(b.read32(kIdAddress) == kId);
        tlm::tlm_response_status s;
        b.read32(0x40, &s); // past the 16 registers: the block's DECERR
        CHECK(s == tlm::TLM_ADDRESS_ERROR_RESPONSE);
        CHECK(b.write32(0x80, 1) == tlm::TLM_ADDRESS_ERROR_RESPONSE);
        CHECK(b.bridge.errors() == 3);
        const uint64_t cycles = b.clock.cycles();
        b.read32(0x1000, &s); // outside the bridge's window: no cycles at all
        CHECK(s == tlm::TLM_ADDRESS_ERROR_RESPONSE);
        std::vector<uint8_t> d(4);
        CHECK(b.ini.read(2, d) == tlm::TLM_BURST_ERROR_RESPONSE); // two half words
        CHECK(b.clock.cycles() == cycles);
        CHECK(b.checker.violations() == 0);
    });
}

TEST_CASE("the checker catches a block that answers a write twice") {
    count_violations_only();
    simulate<Vaxil_regs_double_b>([](Bench<Vaxil_regs_double_b>& b) {
        b.write32(0, 7);
        CHECK(b.checker.violations() == 0); // the second B is still waiting for an edge
        b.read32(0);
        CHECK(b.checker.violations() >= 1);
        CHECK_THAT(b.checker.first_violation(),
                   Catch::Contains("cycle 6: BVALID: a write response without a write"));
    });
}

TEST_CASE("the checker catches EXOKAY on an AXI4-Lite read") {
    count_violations_only();
    simulate<Vaxil_regs_exokay>([](Bench<Vaxil_regs_exokay>& b) {
        tlm::tlm_response_status s;
        b.read32(0, &s);
        CHECK(s == tlm::TLM_GENERIC_ERROR_RESPONSE); // not OKAY, so not data
        CHECK(b.checker.violations() == 1);
        CHECK_THAT(b.checker.first_violation(),
                   Catch::Contains("RRESP: EXOKAY is not an AXI4-Lite response"));
    });
}

TEST_CASE("by default a protocol violation stops the run with an exception") {
    bool thrown = false;
    try {
        simulate<Vaxil_regs_exokay>([](Bench<Vaxil_regs_exokay>& b) { b.read32(0); });
    } catch (const sc_core::sc_report& r) {
        thrown = true;
        CHECK_THAT(std::string(r.what()), Catch::Contains("EXOKAY"));
    }
    CHECK(thrown);
}

namespace {

// A bridge whose pins no block answers: every transfer waits for nothing.
struct Unanswered : sc_core::sc_module {
    TestInitiator ini{"ini"};
    RtlClock clock{"clock", RtlClockConfig{sc_time(10, SC_NS), 2, false}};
    AxiLiteBridge bridge{"bridge", AxiLiteBridgeConfig{0, 0x1000, 5}, clock};
    Unanswered() : sc_module(sc_core::sc_module_name("silent")) {
        ini.socket.bind(bridge.socket);
        SC_HAS_PROCESS(Unanswered);
        SC_THREAD(run);
    }
    void run() {
        std::vector<uint8_t> d(4, 0);
        ini.write(8, d);
    }
};

} // namespace

TEST_CASE("a block that never answers stops the run after timeout_cycles, naming the channel") {
    sc_core::sc_report_handler::set_actions("rtl/hung", sc_core::SC_THROW);
    Unanswered bench;
    bool thrown = false;
    try {
        sc_core::sc_start();
    } catch (const sc_core::sc_report& r) {
        thrown = true;
        CHECK_THAT(std::string(r.what()),
                   Catch::Contains("bridge: cycle 7: no AW and W handshake for address 0x8 "
                                   "within 5 cycles: the block is hung"));
    }
    CHECK(thrown);
    CHECK(bench.clock.cycles() == 2 + 5); // the reset, then five edges of waiting
}

// Not a test (hidden from ctest): the host cost of a bridged transfer, for
// scripts/bench and docs. `rtl_tests "[.bench]"`.
TEST_CASE("cost of bridged transfers", "[.bench]") {
    simulate<Vaxil_regs>([](Bench<Vaxil_regs>& b) {
        constexpr unsigned kTransfers = 100000;
        const auto start = std::chrono::steady_clock::now();
        for (unsigned i = 0; i < kTransfers / 2; ++i) {
            b.write32(4 * (i % 15), i);
            b.read32(4 * (i % 15));
        }
        const double s =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        std::printf("%u transfers, %llu RTL cycles: %.3f us per transfer, %.1f ns per cycle\n",
                    kTransfers, static_cast<unsigned long long>(b.clock.cycles()),
                    s / kTransfers * 1e6, s / double(b.clock.cycles()) * 1e9);
        CHECK(b.checker.violations() == 0);
    });
}
