// Randomized coherence stress: many hierarchies hammer a few shared lines
// with loads, stores, atomics, prefetches and fetches at random times, with
// the bus's invariant checker on after every broadcast. At the end every
// request has completed, nothing is left in flight, and the shadow data model
// holds: each write found the latest version, and the owner (or memory) and
// every valid copy hold the last version written. Seeded and deterministic.
#include "coherence_bench.h"

#include <catch2/catch.hpp>

#include <random>

using namespace fireplane;
using namespace fireplane::test;
using C = MoesiState;
using K = cache::RequestKind;

namespace {

// Three blocks in one E$ set (2 ways: evictions, writebacks), two sub-blocks
// of one block, and a line elsewhere.
const std::vector<uint64_t> kLines = {0x10000, 0x10040, 0x410000, 0x810000, 0x20000, 0x20040};

// Loads, stores, atomics, prefetches, FP loads, fetches and barriers to kLines
// (either D$ alias), up to 40 cycles apart.
RandomRequest pick_request(std::mt19937_64& rng) {
    static const unsigned kFcns[] = {0, 1, 2, 3, 17};
    auto pick = [&rng](uint64_t n) { return rng() % n; };
    RandomRequest q{K::Load, 0, 0};
    q.idle = unsigned(pick(40));
    q.pa = kLines[pick(kLines.size())] + 8 * pick(8);
    q.va = q.pa | (pick(2) << 13);
    const uint64_t r = pick(100);
    q.kind = r < 35   ? K::Load
             : r < 65 ? K::Store
             : r < 75 ? K::Atomic
             : r < 85 ? K::Prefetch
             : r < 90 ? K::FpLoad
             : r < 95 ? K::Fetch
                      : K::Barrier;
    q.fcn = kFcns[pick(5)];
    return q;
}

void stress(unsigned n, uint64_t seed, unsigned requests) {
    BenchOptions o;
    o.cpus = n;
    std::vector<std::unique_ptr<RandomCpu>> drivers;
    CoherenceBench b(o, [&](CoherenceBench& bench) {
        for (unsigned i = 0; i < n; ++i)
            drivers.push_back(std::make_unique<RandomCpu>(("driver" + std::to_string(i)).c_str(),
                                                          *bench.cpus[i], seed * 1000 + i, requests,
                                                          bench.period, pick_request));
    });
    sc_core::sc_start();
    for (unsigned i = 0; i < n; ++i) {
        INFO("cpu " << i);
        CHECK(drivers[i]->completed == requests + 1); // no request lost, no deadlock
        const auto& t = b.caches[i]->timing();
        CHECK(t.mshrs().in_use() == 0);
        CHECK(t.writebacks_pending() == 0);
        CHECK(t.deferred() == 0);
        for (size_t e = 0; e < t.store_buffer().size(); ++e)
            CHECK(t.store_buffer().at(e).drains_at != cache::kUnknownCycle);
    }
    CHECK(b.bus->in_flight() == 0);
    b.bus->check_drained();

    for (const std::string& e : b.data.errors)
        FAIL_CHECK(e);
    for (uint64_t line : kLines) {
        INFO("line " << line << " last written version " << b.data.golden[line]);
        std::vector<C> states;
        int owner = -1;
        for (unsigned i = 0; i < n; ++i) {
            states.push_back(b.state(i, line));
            if (is_owner(states.back())) owner = int(i);
        }
        CHECK(check_line_invariants(states).empty());
        if (owner >= 0)
            CHECK(b.data.of(unsigned(owner), line) == b.data.golden[line]);
        else
            CHECK(b.data.memory[line] == b.data.golden[line]);
        for (unsigned i = 0; i < n; ++i)
            if (is_valid(states[i])) CHECK(b.data.of(i, line) == b.data.golden[line]);
    }
    // The run exercised the interesting paths.
    CHECK(b.bus->invariant_checks() > uint64_t(n) * requests / 10);
    CHECK(b.bus->c2c_transfers() > 0);
    CHECK(b.bus->upgrades() > 0);
    CHECK(b.bus->transactions(TransactionType::WB) > 0);
    CHECK(b.data.golden.size() == kLines.size());
}

} // namespace

TEST_CASE("stress: 2 caches and seed 4 with short runs") {
    stress(2, 4, 50);
}

TEST_CASE("stress: 8 caches and seed 1") {
    stress(8, 1, 6000);
}

TEST_CASE("stress: 12 caches and seed 2") {
    stress(12, 2, 4000);
}

TEST_CASE("stress: 3 caches and seed 3 with long runs") {
    stress(3, 3, 20000);
}
