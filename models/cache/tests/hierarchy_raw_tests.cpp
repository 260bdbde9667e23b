// HierarchyTiming: read-after-write forwarding and its penalties (Table 3) (hierarchy_rig.h).
#include "hierarchy_rig.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <string>
#include <vector>

using namespace fireplane;
using namespace fireplane::cache;
using namespace fireplane::cache::test;

// ---------------------------------------------------------------- 4. read after write

namespace {
// Warming leaves no timing state behind (it never touches the store buffer),
// so its cycles do not matter. drain_interval 10 keeps stores in the buffer
// long enough to look at. A store to X first drains at x_drain = 100 +
// store_residency (nothing drained before it); the stores the tests then
// issue one a cycle from 101 each leave drain_interval after the previous
// one (max(enqueued + store_residency, previous drain + drain_interval), the
// second term deciding): the n-th at drain(n) = x_drain + n * drain_interval.
// A is in the D$ and the E$ (E); C and X are in the E$ only (M).
struct RawRig : Rig {
    static HierarchyConfig config() {
        HierarchyConfig c;
        c.drain_interval = 10;
        return c;
    }
    uint64_t x_drain = 0;
    RawRig() : Rig(config()) {
        warm_load(A, 0);
        warm_owned(C, 200);
        warm_owned(X, 400);
        REQUIRE(store(X, 100).ready == 100);
        x_drain = 100 + c.store_residency;
        REQUIRE(h.store_buffer().at(0).drains_at == x_drain);
        client.clear();
    }
    uint64_t drain(unsigned n) const { return x_drain + n * c.drain_interval; }
};
} // namespace

TEST_CASE("hierarchy: RAW forward", "[hierarchy][raw]") {
    RawRig r;
    r.store(A, 101);
    REQUIRE(r.h.store_buffer().youngest().drains_at == r.drain(1)); // still pending at 102
    const CacheAnswer res = r.load(A, 102);
    CHECK(res.done);
    CHECK(res.ready == 102); // forwarded, no penalty
    CHECK(res.cause == StallCause::None);
}

TEST_CASE("hierarchy: RAW forward refused while the store's line misses the E$",
          "[hierarchy][raw]") {
    RawRig r;
    r.store(B, 101); // B misses the E$: RTO, drain unknown
    REQUIRE(r.h.store_buffer().youngest().drains_at == kUnknownCycle);
    const CacheAnswer res = r.load(B, 102);
    CHECK(res.done);
    // cycle + raw_ec_miss (T3.3: 13 with the issue cycle)
    CHECK(res.ready == 102 + r.c.raw_ec_miss);
    CHECK(res.cause == StallCause::Raw);
    CHECK(r.client[EV::DcRdMiss] == 1);
}

TEST_CASE("hierarchy: RAW overlap, D$ hit", "[hierarchy][raw]") {
    RawRig r;
    r.store(A, 101, 8);
    REQUIRE(r.h.store_buffer().youngest().drains_at == r.drain(1));
    const CacheAnswer res = r.load(A + 4, 102, 4);
    CHECK(res.done);
    CHECK(res.ready == r.drain(1) + r.c.raw_overlap); // store's drain + raw_overlap, then a D$ hit
    CHECK(res.cause == StallCause::Raw);
}

TEST_CASE("hierarchy: RAW overlap, D$ miss", "[hierarchy][raw]") {
    RawRig r;
    r.store(C, 101, 8);
    REQUIRE(r.h.store_buffer().youngest().drains_at == r.drain(1));
    const CacheAnswer res = r.load(C, 102, 4);
    CHECK(res.done);
    // store's drain + raw_overlap, then a D$ miss that hits the E$
    CHECK(res.ready == r.drain(1) + r.c.raw_overlap + r.c.ecache_hit);
    CHECK(res.cause == StallCause::Raw);
    CHECK(r.client[EV::DcRdMiss] == 1);
    CHECK(r.client[EV::EcRef] == 1);
}

TEST_CASE("hierarchy: RAW past hazard", "[hierarchy][raw]") {
    RawRig r;
    r.store(A, 101);     // drains at drain(1)
    r.store(A + 8, 102); // drains at drain(2): the last store to the line
    REQUIRE(r.h.store_buffer().youngest().drains_at == r.drain(2));
    const CacheAnswer res = r.load(A, 103);
    CHECK(res.done);
    CHECK(res.ready == r.drain(2) + r.c.raw_past); // last store's drain + raw_past, then a D$ hit
    CHECK(res.cause == StallCause::Raw);
}

TEST_CASE("hierarchy: RAW same line, D$ hit", "[hierarchy][raw]") {
    RawRig r;
    r.store(A, 101);
    r.store(A + 8, 102);
    const CacheAnswer res = r.load(A + 16, 103);
    CHECK(res.done);
    CHECK(res.ready == 103); // no penalty while the D$ hits (T3.7)
    CHECK(res.cause == StallCause::None);
}

TEST_CASE("hierarchy: RAW same line, D$ miss", "[hierarchy][raw]") {
    RawRig r;
    r.store(C, 101);     // drains at drain(1)
    r.store(C + 8, 102); // drains at drain(2)
    REQUIRE(r.h.store_buffer().youngest().drains_at == r.drain(2));
    const CacheAnswer res = r.load(C + 16, 103);
    CHECK(res.done);
    // last store's drain + raw_same_line, then a D$ miss that hits the E$
    CHECK(res.ready == r.drain(2) + r.c.raw_same_line + r.c.ecache_hit);
    CHECK(res.cause == StallCause::Raw);
}

TEST_CASE("hierarchy: RAW no hazard for another line", "[hierarchy][raw]") {
    RawRig r;
    r.warm_load(Y, 0);
    r.store(A, 101); // pending until drain(1)
    const CacheAnswer res = r.load(Y, 102);
    CHECK(res.done);
    CHECK(res.ready == 102);
    CHECK(res.cause == StallCause::None);
}

TEST_CASE("hierarchy: RAW overlap on a line missing the E$ keeps its penalty", "[hierarchy][raw]") {
    // The store's drain is unknown while its RTO is in flight, so the load
    // waits for it. At the RTO fill (300) the store, the first to drain, leaves
    // at max(100 + store_residency, 300); the load then completes by the rule
    // of the case whose drain is known: max(load cycle, drain) + raw_overlap,
    // then the D$ misses (the RTO filled only the E$) and the E$ hits.
    Rig r;
    const HierarchyConfig& c = r.c;
    r.store(A, 100, 8); // RTO at 100 + miss_detect
    REQUIRE(r.client.bus.size() == 1);
    CHECK(r.client.bus[0].type == TransactionType::RTO);
    CHECK(r.client.bus[0].cycle == 100 + c.miss_detect);
    const CacheAnswer res = r.load(A + 4, 101, 4, 6);
    CHECK_FALSE(res.done);
    CHECK(res.cause == StallCause::Raw);
    CHECK(r.h.deferred() == 1);
    r.fill_last(300);
    const uint64_t drain = std::max<uint64_t>(100 + c.store_residency, 300);
    REQUIRE(r.client.done.size() == 1);
    CHECK(r.client.done[0].tag == 6);
    CHECK(r.client.done[0].cause == StallCause::Raw);
    CHECK(r.client.done[0].ready == std::max<uint64_t>(101, drain) + c.raw_overlap + c.ecache_hit);
    CHECK(r.h.deferred() == 0);
}
