// HierarchyTiming: MSHRs: merging, upgrading and waiting (hierarchy_rig.h).
#include "hierarchy_rig.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <string>
#include <vector>

using namespace fireplane;
using namespace fireplane::cache;
using namespace fireplane::cache::test;

// ---------------------------------------------------------------- 6. MSHRs

TEST_CASE("hierarchy: misses to one pending line merge", "[hierarchy][mshr]") {
    Rig r;
    CHECK_FALSE(r.load(A, 100, 8, 1).done);
    CHECK_FALSE(r.load(A + 32, 101, 8, 2).done); // another D$ line, same 64-byte unit
    CHECK(r.prefetch(A, 0, 102).ready == 102);
    REQUIRE(r.client.bus.size() == 1); // one RTS for all three
    CHECK(r.h.mshrs().in_use() == 1);
    r.h.fill_arrived(0, 300, false);
    // Both loads complete at 300 + fill; both D$ lines are filled.
    REQUIRE(r.client.done.size() == 2);
    CHECK(r.client.done[0].tag == 1);
    CHECK(r.client.done[0].ready == 300 + r.c.fill);
    CHECK(r.client.done[1].tag == 2);
    CHECK(r.client.done[1].ready == 300 + r.c.fill);
    CHECK(r.in_dcache(A));
    CHECK(r.in_dcache(A + 32));
    CHECK(r.h.pcache().lookup(A).hit);
}

TEST_CASE("hierarchy: an exclusive prefetch waits for a pending shared one", "[hierarchy][mshr]") {
    Rig r;
    CHECK(r.prefetch(A, 0, 100).ready == 100); // RTS at 100 + miss_detect
    CHECK(r.prefetch(A, 2, 101).ready == 101); // stalls inside; the CPU goes on
    REQUIRE(r.client.bus.size() == 1);
    CHECK(r.client.bus[0].type == TransactionType::RTS);
    // The RTS fill arrives shared at 300: now the RTO goes, at 300 + miss_detect.
    r.fill_last(300, /*shared*/ true);
    CHECK(r.ec_state(A) == CS::S);
    REQUIRE(r.client.bus.size() == 2);
    CHECK(r.client.bus[1].type == TransactionType::RTO);
    CHECK(r.client.bus[1].pa == A);
    CHECK(r.client.bus[1].cycle == 300 + r.c.miss_detect);
    r.fill_last(500);
    CHECK(r.ec_state(A) == CS::M);
    CHECK(r.client.done.empty()); // prefetches complete nothing
}

TEST_CASE("hierarchy: a load upgrades a pending prefetch", "[hierarchy][mshr]") {
    Rig r;
    r.prefetch(A, 1, 100); // P$ only: RS at 100 + miss_detect
    REQUIRE(r.client.bus.size() == 1);
    CHECK(r.client.bus[0].type == TransactionType::RS);
    CHECK(r.h.mshrs()[0].prefetch);
    const CacheAnswer res = r.load(A, 101, 8, 3);
    CHECK_FALSE(res.done);
    CHECK(r.client.bus.size() == 1); // merged into the RS
    CHECK(r.h.mshrs()[0].upgraded);
    CHECK_FALSE(r.h.mshrs()[0].prefetch);
    r.h.fill_arrived(0, 300, false);
    // The load completes with the prefetch's fill: 300 + fill.
    REQUIRE(r.client.done.size() == 1);
    CHECK(r.client.done[0].tag == 3);
    CHECK(r.client.done[0].ready == 300 + r.c.fill);
    CHECK(r.client.done[0].cause == StallCause::EcMiss);
    // The line went to the D$ and, as a demand fetch, the E$; and the P$.
    CHECK(r.in_dcache(A));
    CHECK(r.ec_state(A) == CS::E);
    CHECK(r.h.pcache().lookup(A).hit);
    CHECK(r.load(A, 400).ready == 400);
}

TEST_CASE("hierarchy: a miss with every MSHR busy waits for a free one", "[hierarchy][mshr]") {
    HierarchyConfig cfg;
    cfg.mshrs = 1;
    Rig r(cfg);
    CHECK_FALSE(r.load(A, 100, 8, 1).done); // RTS A at 100 + miss_detect
    CHECK(r.h.mshrs().classify(B, MshrAccess::Shared) == MshrDecision::Full);
    CHECK_FALSE(r.load(B, 101, 8, 2).done); // no MSHR: nothing sent
    CHECK(r.client.bus.size() == 1);
    CHECK(r.h.deferred() == 1);
    // A's fill frees the entry: A completes at 300 + fill, B's RTS leaves at
    // 300 + miss_detect.
    r.h.fill_arrived(0, 300, false);
    REQUIRE(r.client.done.size() == 1);
    CHECK(r.client.done[0].ready == 300 + r.c.fill);
    REQUIRE(r.client.bus.size() == 2);
    CHECK(r.client.bus[1].type == TransactionType::RTS);
    CHECK(r.client.bus[1].pa == B);
    CHECK(r.client.bus[1].cycle == 300 + r.c.miss_detect);
    r.fill_last(500);
    REQUIRE(r.client.done.size() == 2);
    CHECK(r.client.done[1].tag == 2);
    CHECK(r.client.done[1].ready == 500 + r.c.fill);
    CHECK(r.client.done[1].cause == StallCause::EcMiss);
    CHECK(r.client[EV::EcMisses] == 2); // B counted once
}
