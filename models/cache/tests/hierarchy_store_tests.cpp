// HierarchyTiming: the store buffer, the W$ and its moves to the E$ (hierarchy_rig.h).
#include "hierarchy_rig.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <string>
#include <vector>

using namespace fireplane;
using namespace fireplane::cache;
using namespace fireplane::cache::test;

// ---------------------------------------------------------------- 3. W$ and drain rate

TEST_CASE("hierarchy: stores to one line coalesce in one W$ line", "[hierarchy][wcache]") {
    Rig r;
    const HierarchyConfig& c = r.c;
    r.warm_owned(A, 0);
    // Each store drains at max(enqueued + store_residency, previous drain +
    // drain_interval). Nothing has drained before the first: 100 +
    // store_residency. The others enter one cycle after the previous one,
    // which leaves at or after its own enqueued + store_residency, so
    // drain_interval (at least 1) decides: drain_interval apart.
    const uint64_t first = 100 + c.store_residency;
    const struct {
        uint64_t pa;
        unsigned size;
        uint64_t cycle, drains;
    } stores[] = {{A, 8, 100, first},
                  {A + 8, 8, 101, first + c.drain_interval},
                  {A + 16, 4, 102, first + 2 * c.drain_interval}};
    for (const auto& s : stores) {
        CHECK(r.store(s.pa, s.cycle, s.size).ready == s.cycle);
        CHECK(r.h.store_buffer().youngest().drains_at == s.drains);
    }
    // One W$ line holding bytes 0..19 (8 + 8 + 4), no move to the E$.
    CHECK(r.h.wcache().valid_block_count() == 1);
    CHECK(r.h.wcache().byte_mask(A) == 0xfffff);
    CHECK(r.h.activity().wcache_moves == 0);
    CHECK(r.ec_state(A) == CS::M);
    CHECK(r.client.bus.empty());
}

TEST_CASE("hierarchy: a store stays store_residency cycles in the buffer", "[hierarchy][wcache]") {
    const unsigned default_residency = HierarchyConfig{}.store_residency;
    for (const unsigned residency : {default_residency, 1u, 20u}) {
        INFO("store_residency " << residency);
        HierarchyConfig cfg;
        cfg.store_residency = residency;
        Rig r(cfg);
        const HierarchyConfig& c = r.c;
        r.warm_owned(A, 0); // in the E$ (M), not the D$
        // Nothing drained before: the store leaves at 100 + store_residency.
        const uint64_t drain = 100 + c.store_residency;
        CHECK(r.store(A, 100).ready == 100);
        CHECK(r.h.store_buffer().youngest().drains_at == drain);
        // The cycle before, a load of its bytes is forwarded from the buffer
        // (with a residency of 0 the store is never there to forward from).
        if (c.store_residency > 0) {
            const CacheAnswer fwd = r.load(A, drain - 1);
            CHECK(fwd.ready == drain - 1);
            CHECK(fwd.cause == StallCause::None);
            CHECK(r.client[EV::DcRdMiss] == 1); // forwarded, though the D$ misses
            CHECK(r.client[EV::EcRef] == 0);
        }
        // At the drain it has left: the same load misses the D$ and hits the E$.
        const CacheAnswer gone = r.load(A, drain);
        CHECK(r.h.store_buffer().empty());
        CHECK(gone.ready == drain + c.ecache_hit);
        CHECK(gone.cause == StallCause::DcMiss);
        CHECK(r.client[EV::EcRef] == 1);
        // A store long after the previous drain is held by store_residency
        // alone, not by drain_interval.
        CHECK(r.store(A + 8, 500).ready == 500);
        CHECK(r.h.store_buffer().youngest().drains_at == 500 + c.store_residency);
    }
}

TEST_CASE("hierarchy: stores drain one per drain_interval and a full buffer stalls the next",
          "[hierarchy][wcache]") {
    HierarchyConfig cfg;
    cfg.store_buffer = 2;
    cfg.drain_interval = 5;
    Rig r(cfg);
    const HierarchyConfig& c = r.c;
    r.warm_owned(A, 0);
    // A store drains at max(enqueued + store_residency, previous drain +
    // drain_interval). The first, with nothing drained before it, at
    // 100 + store_residency.
    const uint64_t d0 = 100 + c.store_residency;
    CHECK(r.store(A, 100).ready == 100);
    CHECK(r.h.store_buffer().youngest().drains_at == d0);
    // The second enters at d0, the cycle the first leaves, so it finds a free
    // entry; it drains at max(d0 + store_residency, d0 + drain_interval).
    CHECK(r.store(A + 8, d0).ready == d0);
    REQUIRE(r.h.store_buffer().size() == 1); // the first has left
    const uint64_t d1 = d0 + std::max(c.store_residency, c.drain_interval);
    // The third, one cycle later, waits for the second: d1 + drain_interval
    // (d1 >= d0 + store_residency, so d1 + drain_interval >= d0 + 1 + store_residency).
    CHECK(r.store(A + 16, d0 + 1).ready == d0 + 1);
    const uint64_t d2 = d1 + c.drain_interval;
    CHECK(r.h.store_buffer().at(0).drains_at == d1);
    CHECK(r.h.store_buffer().at(1).drains_at == d2);
    // At d0 + 2 both entries are pending (d1 >= d0 + drain_interval = d0 + 5):
    // the store waits for the oldest to leave at d1, then drains at
    // max(d1 + store_residency, d2 + drain_interval).
    const CacheAnswer res = r.store(A + 24, d0 + 2);
    CHECK(res.done);
    CHECK(res.ready == d1);
    CHECK(res.cause == StallCause::StoreQueue);
    REQUIRE(r.h.store_buffer().size() == 2);
    CHECK(r.h.store_buffer().youngest().enqueued == d1);
    CHECK(r.h.store_buffer().youngest().drains_at ==
          std::max(d1 + c.store_residency, d2 + c.drain_interval));
}

TEST_CASE("hierarchy: a store behind a full buffer of unfetched lines waits for the fill",
          "[hierarchy][wcache]") {
    HierarchyConfig cfg;
    cfg.store_buffer = 2;
    Rig r(cfg);
    r.warm_owned(A, 0);
    CHECK(r.store(B, 100).done); // misses the E$: RTO at 112, drain unknown
    CHECK(r.store(A, 101).done); // writable, but stores leave in order
    CHECK(r.h.store_buffer().at(1).drains_at == kUnknownCycle);
    const CacheAnswer res = r.store(A + 8, 102, 8, 9);
    CHECK_FALSE(res.done);
    CHECK(res.cause == StallCause::StoreQueue);
    CHECK(r.client[EV::DcWrMiss] == 2); // the waiting store counts when it enters the buffer

    // RTO fill at 300: B's line is writable from then, so B (the first store
    // to drain) leaves at max(100 + store_residency, 300), and A behind it at
    // max(101 + store_residency, B's drain + drain_interval). The waiting
    // store enters as B leaves and is ready then.
    r.fill_last(300);
    const HierarchyConfig& c = r.c;
    const uint64_t b_drain = std::max<uint64_t>(100 + c.store_residency, 300);
    const uint64_t a_drain =
        std::max<uint64_t>(101 + c.store_residency, b_drain + c.drain_interval);
    REQUIRE(r.client.done.size() == 1);
    CHECK(r.client.done[0].tag == 9);
    CHECK(r.client.done[0].ready == b_drain);
    CHECK(r.client.done[0].cause == StallCause::StoreQueue);
    CHECK(r.client[EV::DcWrMiss] == 3); // counted once, by the re-run
    REQUIRE(r.h.store_buffer().size() == 2);
    CHECK(r.h.store_buffer().oldest().drains_at == a_drain);
    CHECK(r.h.store_buffer().youngest().enqueued == b_drain);
    CHECK(r.h.store_buffer().youngest().drains_at ==
          std::max(b_drain + c.store_residency, a_drain + c.drain_interval));
}

TEST_CASE("hierarchy: a store to a line whose RTO is in flight joins it, counted once",
          "[hierarchy][wcache]") {
    SECTION("E$ miss") {
        Rig r;
        const HierarchyConfig& c = r.c;
        CHECK(r.store(A, 100).done); // RTO at 100 + miss_detect
        CHECK(r.store(A + 8, 101).done);
        REQUIRE(r.client.bus.size() == 1); // the second store sends nothing
        CHECK(r.client.bus[0].type == TransactionType::RTO);
        CHECK(r.client.bus[0].cycle == 100 + c.miss_detect);
        CHECK(r.client[EV::EcRef] == 1);
        CHECK(r.client[EV::EcMisses] == 1);
        CHECK(r.client[EV::EcWriteHitRto] == 0);
        CHECK(r.client[EV::DcWrMiss] == 2);
        CHECK(r.h.store_buffer().at(1).drains_at == kUnknownCycle);
        // The fill at 300 lets both go: the first (nothing drained before it)
        // at max(100 + store_residency, 300), the second drain_interval later
        // at the earliest.
        r.fill_last(300);
        const uint64_t first = std::max<uint64_t>(100 + c.store_residency, 300);
        REQUIRE(r.h.store_buffer().size() == 2);
        CHECK(r.h.store_buffer().at(0).drains_at == first);
        CHECK(r.h.store_buffer().at(1).drains_at ==
              std::max<uint64_t>(101 + c.store_residency, first + c.drain_interval));
        CHECK(r.ec_state(A) == CS::M);
        CHECK(r.client.bus.size() == 1);
        CHECK(r.client[EV::EcRef] == 1);
        CHECK(r.client[EV::EcMisses] == 1);
    }
    SECTION("upgrade of a shared line") {
        Rig r;
        r.warm_load(A, 0, /*shared*/ true);
        CHECK(r.store(A, 100).done); // RTO: the line is valid but not writable
        CHECK(r.store(A + 8, 101).done);
        REQUIRE(r.client.bus.size() == 1);
        CHECK(r.client.bus[0].type == TransactionType::RTO);
        CHECK(r.client[EV::EcRef] == 1);
        CHECK(r.client[EV::EcWriteHitRto] == 1);
        CHECK(r.client[EV::EcMisses] == 0);
    }
}

TEST_CASE("hierarchy: striding stores are bounded by the W$-to-E$ move", "[hierarchy][wcache]") {
    // A W$ of one set of four 64-byte lines: the fifth line evicts one.
    HierarchyConfig cfg;
    cfg.wcache.geometry = CacheGeometry{256, 4, 64, 1};
    Rig r(cfg);
    for (uint64_t i = 0; i < 8; ++i)
        r.warm_owned(A + 64 * i, i * 200); // eight sub-blocks of one E$ block, all M
    std::vector<uint64_t> drains;
    for (uint64_t i = 0; i < 8; ++i) {
        CHECK(r.store(A + 64 * i, 1000 + i).ready == 1000 + i);
        drains.push_back(r.h.store_buffer().youngest().drains_at);
    }
    // Issued one a cycle, the stores leave drain_interval apart from
    // 1000 + store_residency (max(enqueued + store_residency, previous drain +
    // drain_interval), the second term deciding from the second store on).
    // Lines 0-3 fill empty W$ ways. Line 4 evicts line 0 and leaves on time,
    // its move holding the W$-to-E$ path for wcache_move cycles from its drain.
    // Each later line evicts another and waits for the previous move, which
    // takes longer than drain_interval.
    const HierarchyConfig& c = r.c;
    REQUIRE(c.wcache_move > c.drain_interval); // else the moves would not be the bound
    std::vector<uint64_t> expected;
    for (uint64_t i = 0; i < 5; ++i)
        expected.push_back(1000 + c.store_residency + i * c.drain_interval);
    for (uint64_t i = 5; i < 8; ++i)
        expected.push_back(expected.back() + c.wcache_move);
    CHECK(drains == expected);
    for (size_t i = 5; i < 8; ++i)
        CHECK(drains[i] - drains[i - 1] == r.c.wcache_move);
    CHECK(r.h.activity().wcache_moves == 4);
    CHECK_FALSE(r.h.wcache().lookup(A).block_present);
    CHECK(r.h.wcache().lookup(A + 64 * 7).block_present);
    CHECK(r.client.bus.empty()); // the moves stay on chip
}
