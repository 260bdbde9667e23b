// Spin detection (spin_detector.h): an iteration that stores nothing and
// loads the addresses the one before it loaded is spin; loops that store,
// walk memory or load nothing are work; and a core counting work stops when
// the work it was given is done, however long it spins first.
#include "instant_port.h"
#include "models/cpu/detailed_timing.h"
#include "models/cpu/spin_detector.h"
#include "sparc_asm.h"
#include "test_cpu.h"

#include <catch2/catch.hpp>

#include <cstdint>
#include <vector>

using namespace fireplane::sparc;
using cpu_test::InstantPort;
using cpu_test::TestCpu;
using fireplane::cache::CacheRequest;
using fireplane::cache::RequestKind;
namespace as = cpu_test::as;

namespace {
CacheRequest access(RequestKind kind, uint64_t va) {
    CacheRequest r;
    r.kind = kind;
    r.va = r.pa = va;
    r.size = 8;
    return r;
}

// Feeds `turns` iterations of a loop of `length` instructions closed by the
// branch at `branch`, whose first instruction makes `accesses`.
uint64_t loop(SpinDetector& d, unsigned turns, unsigned length, uint64_t branch,
              const std::vector<CacheRequest>& accesses) {
    uint64_t spin = 0;
    for (unsigned t = 0; t < turns; ++t)
        for (unsigned i = 0; i < length; ++i) {
            const bool first = i == 0, last = i + 1 == length;
            spin += d.retire(branch - 4 * (length - 1 - i), first ? accesses.data() : nullptr,
                             first ? unsigned(accesses.size()) : 0, last);
        }
    return spin;
}

// Runs `program` in the detailed model, counting work from `work`; returns
// the work left and the spin found.
struct Counted {
    int64_t work_left;
    uint64_t spin, retired;
    unsigned trap;
};
Counted count(const std::vector<uint32_t>& program, int64_t work) {
    TestCpu cpu(program);
    InstantPort port;
    DetailedTiming detailed{PipelineConfig{}, 32, port};
    cpu.core.set_timing_model(&detailed);
    cpu.core.set_work_count(&work);
    const unsigned trap = cpu.run(100000);
    return {work, cpu.core.spin_detector().spin_instructions(), cpu.core.retired(), trap};
}

constexpr unsigned kTurns = 50;
// o0 = kTurns, o2 = kData; then the loop body `body`, closed by "subcc o0, 1,
// o0; bne back; nop": an iteration of body.size() + 3 instructions.
std::vector<uint32_t> counted_loop(const std::vector<uint32_t>& body) {
    std::vector<uint32_t> p = {as::alui(as::kOr, as::o0, as::g0, int(kTurns)),
                               as::sethi(as::o2, TestCpu::kData)};
    p.insert(p.end(), body.begin(), body.end());
    p.push_back(as::alui(as::kSubcc, as::o0, as::o0, 1));
    p.push_back(as::bicc(as::kNe, false, -int(body.size()) - 1));
    p.push_back(as::kNop);
    return p;
}
} // namespace

TEST_CASE("spin: an iteration that loads what the last one did and stores nothing", "[spin]") {
    SpinDetector d;
    const std::vector<CacheRequest> poll = {access(RequestKind::Load, 0x4000)};
    // The first iteration is work: there is no iteration before it to compare.
    CHECK(loop(d, 1, 4, 0x10100, poll) == 0);
    CHECK(loop(d, 9, 4, 0x10100, poll) == 9 * 4);
    CHECK(d.spin_instructions() == 9 * 4);
    // Another loop (another closing branch) starts again from work.
    CHECK(loop(d, 1, 4, 0x10200, poll) == 0);
    CHECK(loop(d, 2, 4, 0x10200, poll) == 2 * 4);
    // Floating-point loads poll too.
    SpinDetector fp;
    CHECK(loop(fp, 5, 3, 0x10100, {access(RequestKind::FpLoad, 0x4000)}) == 4 * 3);
}

TEST_CASE("spin: loops that store, walk memory or load nothing are work", "[spin]") {
    SpinDetector d;
    const std::vector<CacheRequest> store = {access(RequestKind::Load, 0x4000),
                                             access(RequestKind::Store, 0x4008)};
    CHECK(loop(d, 10, 4, 0x10100, store) == 0);
    // A CAS that fails still stores, as far as the detector knows: work.
    CHECK(loop(d, 10, 4, 0x10200, {access(RequestKind::Atomic, 0x4000)}) == 0);
    // A loop of registers only waits for nothing.
    CHECK(loop(d, 10, 4, 0x10300, {}) == 0);
    // A walk over an array loads other addresses each time.
    uint64_t spin = 0;
    for (uint64_t t = 0; t < 10; ++t) {
        const CacheRequest a = access(RequestKind::Load, 0x4000 + 8 * t);
        spin += d.retire(0x10400, &a, 1, false) + d.retire(0x10404, nullptr, 0, true);
    }
    CHECK(spin == 0);
    CHECK(d.spin_instructions() == 0);
}

TEST_CASE("spin: forget_loop starts from work again, keeping the count", "[spin]") {
    SpinDetector d;
    const std::vector<CacheRequest> poll = {access(RequestKind::Load, 0x4000)};
    REQUIRE(loop(d, 3, 2, 0x10100, poll) == 2 * 2);
    d.forget_loop();
    CHECK(loop(d, 1, 2, 0x10100, poll) == 0);
    CHECK(loop(d, 1, 2, 0x10100, poll) == 2);
    CHECK(d.spin_instructions() == 3 * 2);
}

TEST_CASE("spin: only branches close loops", "[spin]") {
    CHECK(SpinDetector::is_branch(as::bicc(as::kNe, false, -2)));
    CHECK(SpinDetector::is_branch(as::bpcc(as::kNe, false, as::kXcc, true, -2)));
    CHECK(SpinDetector::is_branch(as::bpr(as::kRnz, false, as::o1, -2)));
    CHECK(SpinDetector::is_branch(as::fbfcc(as::kNe, false, -2)));
    CHECK_FALSE(SpinDetector::is_branch(as::call(-2)));
    CHECK_FALSE(SpinDetector::is_branch(as::jmpl(as::g0, as::o7, 8)));
    CHECK_FALSE(SpinDetector::is_branch(as::sethi(as::o2, 0x40000)));
    CHECK_FALSE(SpinDetector::is_branch(as::kNop));
}

TEST_CASE("spin: a core counts its work and stops when it is done", "[spin][work]") {
    // A poll of one word (spin), a store loop and a walk (work): three
    // instructions of loop control and a nop in the delay slot around each body.
    const auto poll = counted_loop({as::mem(as::kLdx, as::o1, as::o2, 0)});
    const auto store = counted_loop({as::mem(as::kStx, as::o0, as::o2, 0)});
    const auto walk =
        counted_loop({as::mem(as::kLdx, as::o1, as::o2, 0), as::alui(as::kAdd, as::o2, as::o2, 8)});

    // Two instructions of set-up, kTurns iterations, the stop trap (not retired).
    const Counted p = count(poll, 1'000'000);
    REQUIRE(p.trap == TestCpu::kStopTrap);
    const uint64_t iteration = 4;
    CHECK(p.retired == 2 + kTurns * iteration);
    // Each iteration (the delay slot, the load, subcc, bne) spins but the
    // first, which has none before it, and the last, whose branch is not taken.
    CHECK(p.spin == (kTurns - 2) * iteration);
    CHECK(p.work_left == int64_t(1'000'000 - (p.retired - p.spin)));

    for (const auto* program : {&store, &walk}) {
        const Counted c = count(*program, 1'000'000);
        REQUIRE(c.trap == TestCpu::kStopTrap);
        CHECK(c.spin == 0);
        CHECK(c.work_left == int64_t(1'000'000 - c.retired));
    }

    // Given less work than the poll's set-up and first iteration, the core
    // stops as it is done, at an instruction boundary, before the trap.
    const Counted early = count(poll, 5);
    CHECK(early.trap == 0);
    CHECK(early.work_left == 0);
    CHECK(early.retired == 5);
    // An iteration counts as work until it closes: with less work left than
    // an iteration, the core stops in it, spinning or not ...
    const Counted in_loop = count(poll, 2 + int64_t(iteration) + 1);
    CHECK(in_loop.trap == 0);
    CHECK(in_loop.retired == 2 + iteration + 1);
    // ... and with more than an iteration's worth left, spinning costs none:
    // the poll runs to its end on the work of its first and last iterations.
    const int64_t work = 2 + 2 * int64_t(iteration);
    const Counted all = count(poll, work + int64_t(iteration));
    CHECK(all.trap == TestCpu::kStopTrap);
    CHECK(all.retired == 2 + kTurns * iteration);
    CHECK(all.work_left == int64_t(iteration));
}
