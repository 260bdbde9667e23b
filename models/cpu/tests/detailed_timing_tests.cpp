// The detailed timing model (detailed_timing.h) on a core over test memory,
// its caches replaced by a FakePort that records every request and answers
// as the test scripts: the fetch unit's line buffer and the I$ epoch, the
// kinds the model gives the ISS's accesses, which counters a stall's cycles
// go to, and an instruction that waits for its data.
#include "models/cpu/detailed_timing.h"
#include "models/cpu/warming_timing.h"
#include "sparc_asm.h"
#include "test_cpu.h"

#include <catch2/catch.hpp>

#include <functional>
#include <vector>

using namespace fireplane::sparc;
using cpu_test::TestCpu;
using fireplane::cache::CacheAnswer;
using fireplane::cache::CacheRequest;
using fireplane::cache::RequestKind;
using fireplane::cache::StallCause;
namespace as = cpu_test::as;

namespace {

struct FakePort : CachePort {
    FakePort() { set_next_request(next); }
    CacheRequest next;
    std::vector<CacheRequest> requests;
    // Every request completes at once by default, with no stall.
    std::function<CacheAnswer(const CacheRequest&)> answer = [](const CacheRequest& r) {
        return CacheAnswer{true, r.cycle, StallCause::None, 0};
    };
    CacheAnswer send() override {
        requests.push_back(next);
        return answer(next);
    }
    uint64_t warm() override {
        warmed.push_back(next);
        return 0;
    }
    std::vector<CacheRequest> warmed;
    std::vector<CacheRequest> of(bool fetches) const {
        std::vector<CacheRequest> out;
        for (const CacheRequest& r : requests)
            if ((r.kind == RequestKind::Fetch) == fetches) out.push_back(r);
        return out;
    }
};

struct Rig {
    TestCpu cpu;
    FakePort port;
    DetailedTiming timing{PipelineConfig{}, 32, port};

    explicit Rig(const std::vector<uint32_t>& program) : cpu(program) {
        cpu.core.set_timing_model(&timing);
    }
    uint64_t counted(Event e) const {
        return cpu.core.counters.total(e, true, true, cpu.core.counter_now());
    }
};

// Eight instructions fill one 32-byte fetch line; the program starts on one.
// A loop over two lines, three times: i0 sets the count, i1-i7 and i8-i10 are
// the body, and i9 branches back to i1.
std::vector<uint32_t> two_line_loop() {
    std::vector<uint32_t> p = {as::alui(as::kOr, as::o0, as::g0, 3)};
    for (int k = 1; k < 8; ++k)
        p.push_back(as::kNop);
    p.push_back(as::alui(as::kSubcc, as::o0, as::o0, 1)); // i8
    p.push_back(as::bicc(as::kNe, false, 1 - 9));         // i9: back to i1
    p.push_back(as::kNop);                                // i10: delay slot
    return p;
}

} // namespace

TEST_CASE("detailed: the fetch line buffer asks the I$ once per line while it keeps its lines",
          "[detailed][fetch]") {
    Rig r(two_line_loop());
    REQUIRE(r.cpu.run() == TestCpu::kStopTrap);
    const auto fetches = r.port.of(true);
    REQUIRE(fetches.size() == 2); // line 0, then line 1; the loop finds both in the buffer
    CHECK(fetches[0].pa == TestCpu::at(0));
    CHECK(fetches[1].pa == TestCpu::at(8));
    // IC_ref counts every fetched line: the caches count those they are asked
    // for, the model those it finds in the buffer, here the loop's second and
    // third passes over both lines.
    CHECK(r.counted(Event::IcRef) == 4);
}

TEST_CASE("detailed: a new I$ epoch empties the line buffer", "[detailed][fetch]") {
    Rig r(two_line_loop());
    uint32_t epoch = 0;
    r.port.answer = [&epoch](const CacheRequest& q) {
        // Every fetch fills the I$ (a miss): the I$ may have lost any line.
        if (q.kind == RequestKind::Fetch) ++epoch;
        return CacheAnswer{true, q.cycle, StallCause::None, epoch};
    };
    REQUIRE(r.cpu.run() == TestCpu::kStopTrap);
    // Each line change asks again: 0, 1, (0, 1) twice; the stop trap stays in line 1.
    CHECK(r.port.of(true).size() == 6);
}

TEST_CASE("detailed: the ISS's accesses become loads, stores, FP loads and atomics", "[detailed]") {
    Rig r({
        as::mem(as::kLdx, as::o1, as::sp, 8),
        as::mem(as::kStx, as::o1, as::sp, 16),
        as::mema(as::kCasxa, as::o3, as::sp, as::o2, 0x80),
        as::mem(0x23, 2, as::sp, 24), // lddf [%sp + 24], %f2
        as::mem(as::kLdstub, as::o4, as::sp, 32),
    });
    REQUIRE(r.cpu.run() == TestCpu::kStopTrap);
    const auto data = r.port.of(false);
    const uint64_t sp = TestCpu::kStack - 256;
    REQUIRE(data.size() == 5); // an atomic's load and store are one request
    CHECK(data[0].kind == RequestKind::Load);
    CHECK(data[0].pa == sp + 8);
    CHECK(data[0].size == 8);
    CHECK(data[1].kind == RequestKind::Store);
    CHECK(data[2].kind == RequestKind::Atomic);
    CHECK(data[2].pa == sp);
    CHECK(data[3].kind == RequestKind::FpLoad);
    CHECK(data[4].kind == RequestKind::Atomic);
    CHECK(data[4].size == 1);
    for (const CacheRequest& q : data)
        CHECK_FALSE(q.io);
}

TEST_CASE("detailed: a stall's cycles go to the counters of its cause", "[detailed][counters]") {
    struct Case {
        uint32_t insn;
        RequestKind kind; // the request that stalls
        StallCause cause;
        Event first, second; // the counters it adds to (second may equal first)
    };
    const Case cases[] = {
        {as::mem(as::kLdx, as::o1, as::sp, 8), RequestKind::Load, StallCause::DcMiss,
         Event::ReDcMiss, Event::ReDcMiss},
        {as::mem(as::kLdx, as::o1, as::sp, 8), RequestKind::Load, StallCause::EcMiss,
         Event::ReDcMiss, Event::ReEcMiss},
        {as::mem(as::kLdx, as::o1, as::sp, 8), RequestKind::Load, StallCause::Raw, Event::ReRawMiss,
         Event::ReRawMiss},
        {as::mem(as::kStx, as::o1, as::sp, 8), RequestKind::Store, StallCause::StoreQueue,
         Event::RstallStoreQ, Event::RstallStoreQ},
        {as::kNop, RequestKind::Fetch, StallCause::IcMiss, Event::Dispatch0IcMiss,
         Event::Dispatch0IcMiss},
    };
    constexpr uint64_t kStall = 20;
    for (const Case& c : cases) {
        INFO("cause " << fireplane::cache::to_string(c.cause));
        Rig r({c.insn});
        bool stalled = false;
        r.port.answer = [&](const CacheRequest& q) {
            if (q.kind != c.kind || stalled) return CacheAnswer{true, q.cycle};
            stalled = true;
            return CacheAnswer{true, q.cycle + kStall, c.cause};
        };
        REQUIRE(r.cpu.run() == TestCpu::kStopTrap);
        REQUIRE(stalled);
        CHECK(r.counted(c.first) == kStall);
        CHECK(r.counted(c.second) == kStall);
    }
}

TEST_CASE("detailed: an instruction that waits for its data completes on resume",
          "[detailed][wait]") {
    Rig r({as::mem(as::kLdx, as::o1, as::sp, 8), as::alui(as::kAdd, as::o2, as::o1, 1)});
    r.port.answer = [](const CacheRequest& q) {
        if (q.kind == RequestKind::Load) return CacheAnswer{}; // the bus must answer
        return CacheAnswer{true, q.cycle};
    };
    CHECK(r.cpu.run() == 0); // the core stopped after the load
    REQUIRE(r.timing.waiting());
    const uint64_t asked = r.port.of(false).at(0).cycle;
    const uint64_t before = r.cpu.core.cycles();
    r.timing.resume(r.cpu.core, CacheAnswer{true, asked + 300, StallCause::EcMiss});
    CHECK_FALSE(r.timing.waiting());
    CHECK(r.cpu.core.cycles() == before + 300);
    CHECK(r.counted(Event::ReEcMiss) == 300);
    r.cpu.core.complete_deferred();
    CHECK(r.cpu.run() == TestCpu::kStopTrap);
}

TEST_CASE("detailed: an instruction rewritten in memory is timed as the new one",
          "[detailed][pipeline]") {
    // A loop of two trips whose first body instruction the first trip
    // overwrites with `replacement`: the second trip must time the new word,
    // not the facts the decoded slot carried for the old one.
    const auto cycles_with = [](uint32_t replacement) {
        const unsigned target = 5;
        Rig r({
            as::sethi(as::o3, replacement),                         // i0
            as::alui(as::kOr, as::o3, as::o3, replacement & 0x3ff), // i1
            as::sethi(as::o4, uint32_t(TestCpu::at(target))),       // i2
            as::alui(as::kOr, as::o4, as::o4, int(TestCpu::at(target) & 0x3ff)),
            as::movi(as::o0, 2),                       // i4
            as::alui(as::kOr, as::o5, as::g0, 7),      // i5: the target
            as::mem(as::kStw, as::o3, as::o4, 0),      // i6: rewrites i5
            as::alui(as::kSubcc, as::o0, as::o0, 1),   // i7
            as::bicc(as::kNe, false, int(target) - 8), // i8: back to i5
            as::kNop,                                  // i9
        });
        REQUIRE(r.cpu.run() == TestCpu::kStopTrap);
        CHECK(r.cpu.core.r[as::o3] == replacement);
        return r.cpu.core.cycles();
    };
    const uint64_t alu = cycles_with(as::alui(as::kXor, as::o5, as::o5, 3));
    const uint64_t divide = cycles_with(as::alui(as::kUdivx, as::o5, as::o5, 3));
    // The divide blocks dispatch for 69 cycles (pipeline_config.h); the xor not at all.
    CHECK(divide >= alu + 60);
}

namespace {
// The warming model over the detailed one, as sampled simulation runs it.
struct WarmRig {
    TestCpu cpu;
    FakePort port;
    DetailedTiming timing{PipelineConfig{}, 32, port};
    WarmingTiming warming{timing};

    explicit WarmRig(const std::vector<uint32_t>& program) : cpu(program) {
        cpu.core.set_timing_model(&warming);
    }
};
} // namespace

TEST_CASE("warming: each line entered and each access reach the caches, refined, uncounted",
          "[detailed][warming]") {
    std::vector<uint32_t> program = two_line_loop();
    program.insert(program.begin() + 1, as::mema(as::kCasxa, as::o3, as::sp, as::o2, 0x80));
    program.insert(program.begin() + 2, as::mem(0x23, 2, as::sp, 24)); // lddf
    program[11] = as::bicc(as::kNe, false, 1 - 11);                    // back to i1
    WarmRig r(program);
    REQUIRE(r.cpu.run() == TestCpu::kStopTrap);
    CHECK(r.port.requests.empty()); // nothing timed
    std::vector<CacheRequest> fetches, data;
    for (const CacheRequest& q : r.port.warmed)
        (q.kind == RequestKind::Fetch ? fetches : data).push_back(q);
    // Lines 0 and 1 on every pass (no line buffer: only a change of line
    // sends a fetch): 0, 1, then (0, 1) twice more; the stop trap stays in line 1.
    CHECK(fetches.size() == 6);
    REQUIRE(data.size() == 6); // three passes of one atomic and one FP load
    CHECK(data[0].kind == RequestKind::Atomic);
    CHECK(data[1].kind == RequestKind::FpLoad);
    // One cycle per instruction (CPI 1 until told otherwise), and no event counted.
    CHECK(r.cpu.core.cycles() == r.cpu.core.retired());
    CHECK(r.cpu.core.counters.total(Event::IcRef, true, true, r.cpu.core.counter_now()) == 0);
}

TEST_CASE("warming: time goes at the CPI it is given", "[detailed][warming]") {
    WarmRig r(two_line_loop());
    r.warming.set_cpi(2.5);
    REQUIRE(r.cpu.run() == TestCpu::kStopTrap);
    const double cpi = double(r.cpu.core.cycles()) / double(r.cpu.core.retired());
    CHECK(cpi == Approx(2.5).margin(1.0 / double(r.cpu.core.retired())));
}

TEST_CASE("warming: the predictor learns a loop's branch before the detailed model runs it",
          "[detailed][warming]") {
    // A loop of 40 passes: warmed for the first, then detailed.
    std::vector<uint32_t> p = {as::alui(as::kOr, as::o0, as::g0, 40)};
    p.push_back(as::alui(as::kSubcc, as::o0, as::o0, 1)); // i1
    p.push_back(as::bicc(as::kNe, false, -1));            // i2: back to i1
    p.push_back(as::kNop);
    const auto mispredicted = [&](bool warm_first) {
        TestCpu cpu(p);
        FakePort port;
        DetailedTiming detailed{PipelineConfig{}, 32, port};
        WarmingTiming warming{detailed};
        cpu.core.set_timing_model(warm_first ? static_cast<TimingModel*>(&warming) : &detailed);
        if (warm_first) {
            cpu.core.run(60, ~uint64_t(0)); // 20 passes warming
            detailed.restart();
            cpu.core.set_timing_model(&detailed);
        }
        cpu.run();
        return cpu.core.counters.total(Event::IuStatBrMissTaken, true, true,
                                       cpu.core.counter_now());
    };
    CHECK(mispredicted(false) >= 1); // a cold predictor misses the first passes
    CHECK(mispredicted(true) == 0);  // the warmed one knows the branch is taken
}
