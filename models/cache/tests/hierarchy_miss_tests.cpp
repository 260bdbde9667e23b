// HierarchyTiming: hits and misses of the D$ and the E$, fills and writebacks (hierarchy_rig.h).
#include "hierarchy_rig.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <string>
#include <vector>

using namespace fireplane;
using namespace fireplane::cache;
using namespace fireplane::cache::test;

// ---------------------------------------------------------------- 1. hits and misses

TEST_CASE("hierarchy: D$ hit is ready the same cycle", "[hierarchy]") {
    Rig r;
    r.warm_load(A, 0);
    const CacheAnswer res = r.load(A, 500);
    CHECK(res.done);
    CHECK(res.ready == 500);
    CHECK(res.cause == StallCause::None);
    CHECK(r.client[EV::DcRdMiss] == 0);
    CHECK(r.client[EV::EcRef] == 0);
    CHECK(r.client.bus.empty());
}

TEST_CASE("hierarchy: D$ miss, E$ hit", "[hierarchy]") {
    Rig r;
    r.warm_owned(A, 0); // in the E$, not the D$
    REQUIRE_FALSE(r.in_dcache(A));
    const CacheAnswer res = r.load(A, 500);
    CHECK(res.done);
    CHECK(res.ready == 500 + r.c.ecache_hit); // cycle + ecache_hit
    CHECK(res.cause == StallCause::DcMiss);
    CHECK(r.client[EV::DcRdMiss] == 1);
    CHECK(r.client[EV::EcRef] == 1);
    CHECK(r.client[EV::EcMisses] == 0);
    CHECK(r.client.bus.empty());
    // The E$ hit filled the D$.
    CHECK(r.in_dcache(A));
    CHECK(r.load(A, 600).ready == 600);
}

TEST_CASE("hierarchy: E$ miss goes to the bus and fills E$ and D$", "[hierarchy]") {
    Rig r;
    const CacheAnswer res = r.load(A + 8, 100, 8, 7);
    CHECK_FALSE(res.done);
    CHECK(res.cause == StallCause::EcMiss);
    // RTS for the 64-byte coherence unit at cycle + miss_detect.
    REQUIRE(r.client.bus.size() == 1);
    CHECK(r.client.bus[0].type == TransactionType::RTS);
    CHECK(r.client.bus[0].pa == A);
    CHECK(r.client.bus[0].cycle == 100 + r.c.miss_detect);
    CHECK(r.client.bus[0].mshr == 0);
    CHECK(r.client[EV::DcRdMiss] == 1);
    CHECK(r.client[EV::EcRef] == 1);
    CHECK(r.client[EV::EcMisses] == 1);
    CHECK(r.client[EV::EcRdMiss] == 1);
    CHECK(r.client.done.empty());
    CHECK(r.h.mshrs().in_use() == 1);

    r.h.fill_arrived(0, 300, false);
    // Completed at the bus fill + fill.
    REQUIRE(r.client.done.size() == 1);
    CHECK(r.client.done[0].tag == 7);
    CHECK(r.client.done[0].ready == 300 + r.c.fill);
    CHECK(r.client.done[0].cause == StallCause::EcMiss);
    CHECK(r.h.mshrs().in_use() == 0);
    CHECK(r.ec_state(A) == CS::E); // no other cache has it
    // The same load now hits the D$.
    const CacheAnswer again = r.load(A + 8, 400);
    CHECK(again.done);
    CHECK(again.ready == 400);
    CHECK(r.client[EV::DcRdMiss] == 1);
}

TEST_CASE("hierarchy: a fill another cache shares arrives S", "[hierarchy]") {
    Rig r;
    r.warm_load(A, 0, /*shared*/ true);
    CHECK(r.ec_state(A) == CS::S);
}

TEST_CASE("hierarchy: evicting a dirty E$ block writes back each dirty sub-block", "[hierarchy]") {
    Rig r(tiny_ecache());
    // Stores to two sub-blocks of block A: each misses the E$ and sends an RTO
    // (at cycle + miss_detect); the fills make both sub-blocks M.
    CHECK(r.store(A, 100).done);
    CHECK(r.store(A + 64, 101).done);
    REQUIRE(r.client.bus.size() == 2);
    CHECK(r.client.bus[0].type == TransactionType::RTO);
    CHECK(r.client.bus[0].cycle == 100 + r.c.miss_detect);
    CHECK(r.client.bus[1].type == TransactionType::RTO);
    CHECK(r.client.bus[1].pa == A + 64);
    CHECK(r.client.bus[1].cycle == 101 + r.c.miss_detect);
    r.h.fill_arrived(unsigned(r.client.bus[0].mshr), 300, false);
    r.h.fill_arrived(unsigned(r.client.bus[1].mshr), 310, false);
    CHECK(r.ec_state(A) == CS::M);
    CHECK(r.ec_state(A + 64) == CS::M);
    CHECK(r.ec_state(A + 128) == CS::I);
    CHECK(r.h.wcache().lookup(A).block_present);
    CHECK(r.h.wcache().lookup(A + 64).block_present);

    // B takes the other way; C then evicts A, the least recently used.
    r.warm_load(B, 400);
    REQUIRE_FALSE(r.load(C, 600).done);
    r.client.bus.clear();
    r.h.fill_arrived(0, 700, false);
    // One WB per dirty sub-block, sent at the fill cycle, answered by no MSHR.
    REQUIRE(r.client.bus.size() == 2);
    CHECK(r.client.bus[0].type == TransactionType::WB);
    CHECK(r.client.bus[0].pa == A);
    CHECK(r.client.bus[0].cycle == 700);
    CHECK(r.client.bus[0].mshr == -1);
    CHECK(r.client.bus[1].type == TransactionType::WB);
    CHECK(r.client.bus[1].pa == A + 64);
    CHECK(r.client[EV::EcWb] == 2);
    CHECK_FALSE(r.h.ecache().lookup(A).block_present);
    CHECK(r.ec_state(B) == CS::E);
    CHECK(r.ec_state(C) == CS::E);
    // The W$ is inclusive in the E$: A's lines left it too.
    CHECK_FALSE(r.h.wcache().lookup(A).block_present);
    CHECK_FALSE(r.h.wcache().lookup(A + 64).block_present);
}

TEST_CASE("hierarchy: a clean E$ victim is dropped without a writeback", "[hierarchy]") {
    Rig r(tiny_ecache());
    r.warm_load(A, 0);
    r.warm_load(B, 200);
    REQUIRE_FALSE(r.load(C, 400).done);
    r.fill_last(500);
    CHECK(r.client.bus.size() == 1); // the RTS only
    CHECK(r.client[EV::EcWb] == 0);
    CHECK_FALSE(r.h.ecache().lookup(A).block_present);
}

TEST_CASE("hierarchy: E$ sub-blocks fill one at a time", "[hierarchy]") {
    Rig r(tiny_ecache());
    r.warm_load(A, 0);
    // The 512-byte block is present, but only its first 64-byte sub-block is valid.
    CHECK(r.ec_state(A) == CS::E);
    for (uint64_t sub = 1; sub < 8; ++sub) {
        const LookupResult l = r.h.ecache().lookup(A + 64 * sub);
        CHECK(l.block_present);
        CHECK_FALSE(l.hit);
        CHECK(l.state == CS::I);
    }
    // A load of another sub-block is an E$ miss for that sub-block alone,
    // RTS at 200 + miss_detect, and evicts nothing.
    REQUIRE_FALSE(r.load(A + 128, 200).done);
    CHECK(r.client[EV::EcMisses] == 1);
    REQUIRE(r.client.bus.size() == 1);
    CHECK(r.client.bus[0].type == TransactionType::RTS);
    CHECK(r.client.bus[0].pa == A + 128);
    CHECK(r.client.bus[0].cycle == 200 + r.c.miss_detect);
    r.fill_last(400);
    CHECK(r.client.bus.size() == 1); // no WB
    CHECK(r.ec_state(A) == CS::E);
    CHECK(r.ec_state(A + 128) == CS::E);
    CHECK(r.ec_state(A + 64) == CS::I);
    CHECK(r.h.ecache().valid_block_count() == 1);
}

// ---------------------------------------------------------------- 2. E$ replacement

TEST_CASE("hierarchy: E$ victims, LRU versus LFSR", "[hierarchy][replacement]") {
    // A then B fill the two (empty) ways 0 and 1, so B is the most recently used.
    // LRU evicts A for C. The LFSR (seed 1: state 0x0001) shifts out a 1 first,
    // so it takes way 1 and evicts B, the block LRU would keep.
    CHECK(Lfsr16(1).bits(1) == 1);
    for (const ReplacementPolicy p : {ReplacementPolicy::Lru, ReplacementPolicy::Lfsr}) {
        INFO("policy " << to_string(p));
        Rig r(tiny_ecache(p, 1));
        r.warm_load(A, 0);
        r.warm_load(B, 200);
        CHECK(r.h.ecache().lookup(A).way == 0);
        CHECK(r.h.ecache().lookup(B).way == 1);
        r.warm_load(C, 400);
        const bool lru = p == ReplacementPolicy::Lru;
        CHECK(r.h.ecache().lookup(A).block_present == !lru);
        CHECK(r.h.ecache().lookup(B).block_present == lru);
        CHECK(r.h.ecache().lookup(C).way == (lru ? 0u : 1u));
    }
}

TEST_CASE("hierarchy: LFSR victims are deterministic and follow the register",
          "[hierarchy][replacement]") {
    // Twelve blocks through the two-way E$: the first two take the empty ways;
    // every later fill takes the way named by one fresh LFSR bit.
    constexpr uint64_t seed = 0x1234;
    Rig r1(tiny_ecache(ReplacementPolicy::Lfsr, seed));
    Rig r2(tiny_ecache(ReplacementPolicy::Lfsr, seed));
    Lfsr16 lfsr(seed);
    std::vector<unsigned> ways;
    for (uint64_t i = 0; i < 12; ++i) {
        const uint64_t pa = 0x100000 + i * 0x10000;
        r1.warm_load(pa, i * 200);
        r2.warm_load(pa, i * 200);
        const unsigned way = r1.h.ecache().lookup(pa).way;
        CHECK(r2.h.ecache().lookup(pa).way == way);
        CHECK(way == (i < 2 ? unsigned(i) : lfsr.bits(1)));
        ways.push_back(way);
    }
    // Not LRU, which would alternate 0, 1, 0, 1, ...
    std::vector<unsigned> alternating;
    for (unsigned i = 0; i < 12; ++i)
        alternating.push_back(i % 2);
    CHECK(ways != alternating);
}
