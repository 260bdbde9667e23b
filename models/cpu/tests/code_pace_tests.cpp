// Warming's pace by code (code_pace.h): the table gives a region's measured
// CPI once it has enough instructions, and the fallback before; older
// measurements fade; the probe gives an instruction the cycles up to the
// next retirement, less idle time; and warming charges each region of a
// program what the detailed model measured for it.
#include "instant_port.h"
#include "models/cpu/code_pace.h"
#include "models/cpu/detailed_timing.h"
#include "models/cpu/warming_timing.h"
#include "sparc_asm.h"
#include "test_cpu.h"

#include <catch2/catch.hpp>

#include <vector>

using namespace fireplane::sparc;
using cpu_test::InstantPort;
using cpu_test::TestCpu;
namespace as = cpu_test::as;

namespace {
constexpr uint64_t kOne = uint64_t(1) << CodePace::kFraction; // CPI 1, fixed point
} // namespace

TEST_CASE("code pace: a region's CPI once measured enough, the fallback before", "[pace]") {
    CodePace pace;
    const uint64_t region = CodePace::region(0x10040);
    CHECK(region == CodePace::region(0x1007c)); // 16 instructions a region
    CHECK(region != CodePace::region(0x10080));
    pace.record(region, 30, CodePace::kMinInstructions - 1);
    CHECK(pace.cpi(region, 7 * kOne) == 7 * kOne);
    const uint64_t before = pace.generation();
    pace.record(region, 2, 1); // 32 cycles over 16 instructions
    CHECK(pace.generation() != before);
    CHECK(pace.cpi(region, 7 * kOne) == 2 * kOne);
    CHECK(pace.cpi(region + 1, 7 * kOne) == 7 * kOne); // another region: never measured
    CHECK(pace.regions() == 1);
}

TEST_CASE("code pace: older measurements fade", "[pace]") {
    CodePace pace;
    pace.record(5, 10 * CodePace::kHalveAt, CodePace::kHalveAt - 1); // CPI about 10
    pace.record(5, 1, 1);                                            // halves here
    CHECK(pace.cpi(5, kOne) == Approx(10 * kOne).epsilon(0.01));
    // As many instructions at CPI 1 as the table holds now: the new code weighs half.
    for (uint64_t i = 0; i < CodePace::kHalveAt / 2 - 1; ++i)
        pace.record(5, 1, 1);
    CHECK(double(pace.cpi(5, kOne)) / kOne == Approx(5.5).epsilon(0.02));
}

TEST_CASE("code pace: the probe gives each instruction its cycles up to the next, less idle time",
          "[pace]") {
    CodePace pace;
    PaceProbe probe;
    probe.attach(&pace);
    const uint64_t a = 0x10000, b = 0x20000;
    // Three instructions in region a (3, then 2 of 7 cycles once 5 idle are
    // taken out, then 11), then one in b that never ends: not measured.
    probe.retiring(a, 100, 0);
    probe.retiring(a + 4, 103, 0);
    probe.retiring(a + 8, 110, 5);
    probe.retiring(b, 121, 5);
    probe.stop();
    for (int i = 0; i < 13; ++i) { // enough instructions at CPI 1 to use the region
        probe.retiring(a, 200 + i, 5);
        probe.retiring(a + 4, 201 + i, 5);
        probe.stop();
    }
    // 16 instructions: 3 + 2 + 11 + 13 * 1 = 29 cycles.
    CHECK(pace.cpi(CodePace::region(a), 0) == (29 * kOne + 8) / 16);
    CHECK(pace.cpi(CodePace::region(b), 99) == 99);
    probe.attach(nullptr);
    CHECK_FALSE(probe.attached());
}

TEST_CASE("code pace: warming charges each region what the detailed model measured for it",
          "[pace][warming]") {
    // A loop of divides (slow), then, in a region of its own, a loop of xors (fast).
    std::vector<uint32_t> p = {
        as::alui(as::kOr, as::o0, as::g0, 30), as::alui(as::kUdivx, as::o5, as::o5, 3), // i1
        as::alui(as::kSubcc, as::o0, as::o0, 1), as::bicc(as::kNe, false, -2), // back to i1
        as::kNop};
    while (p.size() < 16)
        p.push_back(as::kNop);
    p.push_back(as::alui(as::kOr, as::o0, as::g0, 30)); // i16: the next region
    p.push_back(as::alui(as::kXor, as::o4, as::o4, 3)); // i17
    p.push_back(as::alui(as::kSubcc, as::o0, as::o0, 1));
    p.push_back(as::bicc(as::kNe, false, -2)); // back to i17
    p.push_back(as::kNop);
    const uint64_t slow = CodePace::region(TestCpu::at(1)),
                   fast = CodePace::region(TestCpu::at(17));
    REQUIRE(slow != fast);

    CodePace pace;
    PaceProbe probe;
    probe.attach(&pace);
    uint64_t detailed_cycles = 0;
    {
        TestCpu cpu(p);
        InstantPort port;
        DetailedTiming detailed{PipelineConfig{}, 32, port};
        detailed.set_pace_probe(&probe);
        cpu.core.set_timing_model(&detailed);
        REQUIRE(cpu.run() == TestCpu::kStopTrap);
        probe.stop();
        detailed_cycles = cpu.core.cycles();
    }
    CHECK(pace.cpi(slow, 0) > 10 * pace.cpi(fast, 0)); // a divide blocks dispatch for ~69 cycles

    TestCpu cpu(p);
    InstantPort port;
    DetailedTiming detailed{PipelineConfig{}, 32, port};
    WarmingTiming warming{detailed};
    warming.set_pace(&pace);
    cpu.core.set_timing_model(&warming);
    REQUIRE(cpu.run() == TestCpu::kStopTrap);
    // Only the first instructions and the stop trap go at the fallback (CPI 1).
    CHECK(double(cpu.core.cycles()) == Approx(double(detailed_cycles)).epsilon(0.05));
    // Without the table, the same run at one CPI is as long as the instructions.
    warming.set_pace(nullptr);
    TestCpu plain(p);
    plain.core.set_timing_model(&warming);
    REQUIRE(plain.run() == TestCpu::kStopTrap);
    CHECK(plain.core.cycles() < detailed_cycles / 5);
}
