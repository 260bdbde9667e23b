// HierarchyTiming: instruction fetches, the I$ and its epoch (hierarchy_rig.h).
// The detailed model's fetch unit keeps the lines that hit in a line buffer
// and trusts them while the epoch stays the same, so the epoch must change
// whenever the I$ may have lost a line, that is on every I$ fill, and only
// while a fetch is answered.
#include "hierarchy_rig.h"

#include <catch2/catch.hpp>

using namespace fireplane;
using namespace fireplane::cache;
using namespace fireplane::cache::test;

TEST_CASE("hierarchy: a fetch that hits the I$ is ready the same cycle", "[hierarchy][fetch]") {
    Rig r;
    r.warm_owned(A, 0);
    REQUIRE(r.fetch(A, 200).done); // I$ miss, E$ hit: fills the I$
    r.client.clear();
    const uint64_t epoch = r.h.icache_epoch();
    const CacheAnswer res = r.fetch(A + 4, 500);
    CHECK(res.done);
    CHECK(res.ready == 500);
    CHECK(res.cause == StallCause::None);
    CHECK(r.client[EV::IcRef] == 1);
    CHECK(r.client[EV::IcMiss] == 0);
    CHECK(r.client[EV::EcRef] == 0);
    CHECK(r.h.icache_epoch() == epoch); // a hit fills nothing
}

TEST_CASE("hierarchy: an I$ miss that hits the E$ costs icache_miss and fills the I$",
          "[hierarchy][fetch]") {
    Rig r;
    r.warm_owned(A, 0);
    const uint64_t epoch = r.h.icache_epoch();
    const CacheAnswer res = r.fetch(A, 300);
    CHECK(res.done);
    CHECK(res.ready == 300 + r.c.icache_miss);
    CHECK(res.cause == StallCause::IcMiss);
    CHECK(r.client[EV::IcRef] == 1);
    CHECK(r.client[EV::IcMiss] == 1);
    CHECK(r.client[EV::EcRef] == 1);
    CHECK(r.client[EV::EcMisses] == 0);
    CHECK(r.client.bus.empty());
    CHECK(r.h.icache_epoch() == epoch + 1);
    CHECK(r.h.icache().lookup(A).hit);
}

TEST_CASE("hierarchy: an I$ miss that misses the E$ fetches the line with RTSA",
          "[hierarchy][fetch]") {
    Rig r;
    const uint64_t epoch = r.h.icache_epoch();
    const CacheAnswer res = r.fetch(A + 8, 100, 9);
    CHECK_FALSE(res.done);
    REQUIRE(r.client.bus.size() == 1);
    CHECK(r.client.bus[0].type == TransactionType::RTSA); // code: read to share always
    CHECK(r.client.bus[0].pa == A);
    CHECK(r.client.bus[0].cycle == 100 + r.c.miss_detect);
    CHECK(r.client[EV::IcMiss] == 1);
    CHECK(r.client[EV::EcMisses] == 1);
    CHECK(r.client[EV::EcRdMiss] == 0); // a load's event, not a fetch's
    CHECK(r.h.icache_epoch() == epoch); // nothing filled yet

    r.fill_last(400);
    REQUIRE(r.client.done.size() == 1);
    CHECK(r.client.done[0].tag == 9);
    CHECK(r.client.done[0].ready == 400 + r.c.fill);
    CHECK(r.client.done[0].cause == StallCause::IcMiss);
    CHECK(r.h.icache_epoch() == epoch + 1);
    CHECK(r.h.icache().lookup(A).hit);
    CHECK_FALSE(r.in_dcache(A)); // the I$ and the D$ fill apart
}

TEST_CASE("hierarchy: a fetch and a load of one line share one bus request",
          "[hierarchy][fetch][mshr]") {
    Rig r;
    CHECK_FALSE(r.fetch(A, 100, 1).done);
    CHECK_FALSE(r.load(A + 16, 101, 8, 2).done);
    REQUIRE(r.client.bus.size() == 1);
    r.fill_last(500);
    REQUIRE(r.client.done.size() == 2);
    CHECK(r.h.icache().lookup(A).hit);
    CHECK(r.in_dcache(A + 16));
}

TEST_CASE("hierarchy: data fills leave the I$ epoch alone", "[hierarchy][fetch]") {
    Rig r;
    const uint64_t epoch = r.h.icache_epoch();
    r.warm_load(A, 0);
    r.warm_owned(B, 1000);
    CHECK(r.store(A, 2000).done);
    CHECK(r.h.icache_epoch() == epoch);
}

TEST_CASE("hierarchy: an I$ fill may evict another line, and moves the epoch",
          "[hierarchy][fetch]") {
    HierarchyConfig c;
    c.icache.geometry = CacheGeometry{64, 2, 32, 1}; // one set of two 32-byte lines
    Rig r(c);
    const uint64_t lines[] = {A, B, C};
    for (unsigned i = 0; i < 3; ++i)
        r.warm_owned(lines[i], 1000 * i);
    uint64_t epoch = r.h.icache_epoch();
    for (unsigned i = 0; i < 3; ++i) {
        CHECK(r.fetch(lines[i], 5000 + 100 * i).cause == StallCause::IcMiss);
        CHECK(r.h.icache_epoch() == ++epoch);
    }
    CHECK_FALSE(r.h.icache().lookup(A).hit); // the least recently used line left
    CHECK(r.h.icache().lookup(B).hit);
    CHECK(r.h.icache().lookup(C).hit);
}
