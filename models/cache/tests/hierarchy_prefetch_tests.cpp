// HierarchyTiming: the PREFETCH variants (hierarchy_rig.h).
#include "hierarchy_rig.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <string>
#include <vector>

using namespace fireplane;
using namespace fireplane::cache;
using namespace fireplane::cache::test;

// ---------------------------------------------------------------- 7. prefetch variants

TEST_CASE("hierarchy: each PREFETCH function fills its caches", "[hierarchy][prefetch]") {
    struct Case {
        unsigned fcn;
        TransactionType type;
        bool pcache;
        CS ecache; // I: the E$ is not allocated
    };
    const Case cases[] = {
        {0, TransactionType::RTS, true, CS::E},   // several reads: P$ and E$
        {1, TransactionType::RS, true, CS::I},    // one read: P$ only
        {2, TransactionType::RTO, false, CS::M},  // several writes: E$ exclusive
        {3, TransactionType::RTO, false, CS::M},  // one write: E$ exclusive
        {17, TransactionType::RTS, false, CS::E}, // read to E$ only
    };
    for (const Case& k : cases) {
        INFO("fcn " << k.fcn);
        Rig r;
        const CacheAnswer res = r.prefetch(A, k.fcn, 100);
        CHECK(res.done);
        CHECK(res.ready == 100);
        REQUIRE(r.client.bus.size() == 1);
        CHECK(r.client.bus[0].type == k.type);
        CHECK(r.client.bus[0].cycle == 100 + r.c.miss_detect); // cycle + miss_detect
        r.fill_last(300);
        CHECK(r.h.pcache().lookup(A).hit == k.pcache);
        CHECK(r.ec_state(A) == k.ecache);
        CHECK(r.h.ecache().lookup(A).block_present == (k.ecache != CS::I));
        CHECK_FALSE(r.in_dcache(A));
        CHECK(r.client.done.empty());
    }
}

TEST_CASE("hierarchy: PREFETCH fcn 4 does nothing", "[hierarchy][prefetch]") {
    Rig r;
    const CacheAnswer res = r.prefetch(A, 4, 100);
    CHECK(res.done);
    CHECK(res.ready == 100);
    CHECK(r.client.bus.empty());
    CHECK(r.client[EV::EcRef] == 0);
    CHECK(r.h.mshrs().in_use() == 0);
    CHECK(r.h.deferred() == 0);
}

TEST_CASE("hierarchy: PREFETCH of a line already in the E$ sends nothing",
          "[hierarchy][prefetch]") {
    Rig r;
    r.warm_load(A, 0);
    CHECK(r.prefetch(A, 0, 100).ready == 100); // fills the P$ from the E$
    CHECK(r.prefetch(A, 2, 101).ready == 101); // E is writable already
    CHECK(r.client.bus.empty());
    CHECK(r.h.pcache().lookup(A).hit);
}

TEST_CASE("hierarchy: exclusive PREFETCH with a dirty E$ victim writes it back",
          "[hierarchy][prefetch]") {
    Rig r(tiny_ecache());
    r.warm_owned(A, 0);   // way 0, M
    r.warm_owned(B, 200); // way 1, M; A is now least recently used
    r.prefetch(C, 2, 500);
    REQUIRE(r.client.bus.size() == 1);
    CHECK(r.client.bus[0].type == TransactionType::RTO);
    CHECK(r.client.bus[0].cycle == 500 + r.c.miss_detect);
    r.fill_last(700);
    REQUIRE(r.client.bus.size() == 2);
    CHECK(r.client.bus[1].type == TransactionType::WB);
    CHECK(r.client.bus[1].pa == A);
    CHECK(r.client.bus[1].cycle == 700);
    CHECK(r.client.bus[1].mshr == -1);
    CHECK(r.client[EV::EcWb] == 1);
    CHECK(r.ec_state(C) == CS::M);
    CHECK(r.ec_state(B) == CS::M);
    CHECK_FALSE(r.h.ecache().lookup(A).block_present);
}
