// HierarchyTiming: atomics and draining MEMBARs (hierarchy_rig.h).
#include "hierarchy_rig.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <string>
#include <vector>

using namespace fireplane;
using namespace fireplane::cache;
using namespace fireplane::cache::test;

// ---------------------------------------------------------------- 5. atomics

TEST_CASE("hierarchy: an atomic waits for the store buffer to drain", "[hierarchy][atomic]") {
    Rig r;
    const HierarchyConfig& c = r.c;
    r.warm_owned(A, 0);
    r.warm_owned(X, 200);
    // An empty buffer: cycle + atomic.
    CHECK(r.atomic(A, 50).ready == 50 + c.atomic);
    // Two stores at 100 drain at 100 + store_residency (the first to drain)
    // and drain_interval after it (max(100 + store_residency, previous drain
    // + drain_interval)). An atomic the same cycle finds the second still
    // pending (drain_interval >= 1), so it starts when that one leaves and is
    // ready atomic cycles later.
    r.store(X, 100);
    r.store(X + 8, 100);
    const uint64_t last = 100 + c.store_residency + c.drain_interval;
    REQUIRE(r.h.store_buffer().youngest().drains_at == last);
    const CacheAnswer res = r.atomic(A, 100);
    CHECK(res.done);
    CHECK(res.ready == last + c.atomic);
    CHECK(res.cause == StallCause::None);
    CHECK(r.ec_state(A) == CS::M);
    CHECK(r.in_dcache(A));
    CHECK(r.client.bus.empty());
}

TEST_CASE("hierarchy: a draining MEMBAR waits for the store buffer", "[hierarchy][barrier]") {
    Rig r;
    const HierarchyConfig& c = r.c;
    r.warm_owned(X, 0);
    // Nothing pending: the barrier costs nothing.
    CHECK(r.h.access(request(RequestKind::Barrier, 0, 0, 150, 1)).ready == 150);
    // Two stores at 200: the barrier ends when the second has left
    // (200 + store_residency, then drain_interval later).
    r.store(X, 200);
    r.store(X + 8, 200);
    const CacheAnswer res = r.h.access(request(RequestKind::Barrier, 0, 0, 201, 1));
    CHECK(res.done);
    CHECK(res.ready == 200 + c.store_residency + c.drain_interval);
    // A store whose line is still on its way: the barrier waits for the fill.
    const CacheAnswer miss_store = r.store(Y, 300);
    CHECK(miss_store.done);
    CHECK_FALSE(r.h.access(request(RequestKind::Barrier, 0, 0, 301, 7)).done);
    r.fill_last(500);
    REQUIRE(r.client.done.size() == 1);
    CHECK(r.client.done[0].tag == 7);
    // The store drains at the fill (its residency has passed), the barrier with it.
    CHECK(r.client.done[0].ready == 500);
}

TEST_CASE("hierarchy: stores and atomics invalidate the P$", "[hierarchy][atomic]") {
    Rig r;
    r.prefetch(A, 0, 0); // P$ and E$
    r.fill_last(100);
    r.prefetch(B, 0, 200);
    r.fill_last(300);
    REQUIRE(r.h.pcache().lookup(A).hit);
    REQUIRE(r.h.pcache().lookup(B).hit);
    REQUIRE(r.ec_state(A) == CS::E);
    r.client.clear();
    // The line is writable (E): the atomic goes on at once, cycle + atomic.
    CHECK(r.atomic(A, 400).ready == 400 + r.c.atomic);
    CHECK_FALSE(r.h.pcache().lookup(A).hit);
    CHECK(r.ec_state(A) == CS::M);
    CHECK(r.store(B, 500).ready == 500);
    CHECK_FALSE(r.h.pcache().lookup(B).hit);
    CHECK(r.client.bus.empty());
}

TEST_CASE("hierarchy: an atomic to a line not in the E$ sends an RTO and waits",
          "[hierarchy][atomic]") {
    Rig r;
    const CacheAnswer res = r.atomic(A, 100, 5);
    CHECK_FALSE(res.done);
    CHECK(r.h.deferred() == 1);
    REQUIRE(r.client.bus.size() == 1);
    CHECK(r.client.bus[0].type == TransactionType::RTO);
    CHECK(r.client.bus[0].cycle == 100 + r.c.miss_detect); // cycle + miss_detect
    CHECK(r.client[EV::EcRef] == 1);
    CHECK(r.client[EV::EcMisses] == 1);
    r.fill_last(300);
    // Owned at 300, then the atomic: 300 + atomic.
    REQUIRE(r.client.done.size() == 1);
    CHECK(r.client.done[0].tag == 5);
    CHECK(r.client.done[0].ready == 300 + r.c.atomic);
    CHECK(r.h.deferred() == 0);
    CHECK(r.ec_state(A) == CS::M);
    CHECK(r.client[EV::EcMisses] == 1); // the re-run counts nothing
}

TEST_CASE("hierarchy: an atomic to a shared line upgrades it", "[hierarchy][atomic]") {
    Rig r;
    r.warm_load(A, 0, /*shared*/ true);
    CHECK_FALSE(r.atomic(A, 100).done);
    REQUIRE(r.client.bus.size() == 1);
    CHECK(r.client.bus[0].type == TransactionType::RTO);
    CHECK(r.client[EV::EcWriteHitRto] == 1);
    CHECK(r.client[EV::EcMisses] == 0);
    r.fill_last(250);
    REQUIRE(r.client.done.size() == 1);
    CHECK(r.client.done[0].ready == 250 + r.c.atomic); // owned at the fill, then the atomic
}
