// HierarchyTiming::warm: what functional warming leaves in each cache, with
// no time, no counts and (without a snooping bus) no transactions.
#include "hierarchy_rig.h"

using namespace fireplane::cache;
using namespace fireplane::cache::test;

namespace {
CacheRequest warm_request(RequestKind kind, uint64_t pa, unsigned size = 8, unsigned fcn = 0) {
    CacheRequest r = request(kind, pa, size, 0, 0);
    r.prefetch_fcn = uint8_t(fcn);
    return r;
}

uint64_t counted(const FakeClient& c) {
    uint64_t n = 0;
    for (uint64_t v : c.counts)
        n += v;
    return n;
}
} // namespace

TEST_CASE("warming a load fills the E$ and D$, counting nothing", "[hierarchy][warming]") {
    Rig r;
    CHECK(r.h.warm(warm_request(RequestKind::Load, A)).repeat_shift == 5); // log2 of the D$ line
    CHECK(r.ec_state(A) == CS::E);                                         // alone: RTS gives E
    CHECK(r.in_dcache(A));
    CHECK(r.client.bus.empty());
    CHECK(counted(r.client) == 0);
    // The timed load hits at once.
    const CacheAnswer a = r.load(A, 1000);
    CHECK(a.done);
    CHECK(a.ready == 1000);
}

TEST_CASE("warming grants a repeat of the line it left the most recent of its set",
          "[hierarchy][warming]") {
    Rig r;
    // The D$: 64 KiB, 4 ways of 32-byte lines, 512 sets; the I$: 32 KiB, 256 sets.
    const CacheAnswer load = r.h.warm(warm_request(RequestKind::Load, A));
    CHECK(load.repeat_shift == 5);
    CHECK(load.repeat_set_bits == 9);
    const CacheAnswer fetch = r.h.warm(warm_request(RequestKind::Fetch, B, 4));
    CHECK(fetch.repeat_shift == 5);
    CHECK(fetch.repeat_set_bits == 8);
    CHECK(r.h.warm(warm_request(RequestKind::Fetch, B, 4)).repeat_shift == 5); // an I$ hit
    // A store that hits the D$ makes its line the most recent; one that misses leaves the D$.
    CHECK(r.h.warm(warm_request(RequestKind::Store, A + 8)).repeat_shift == 5);
    CHECK(r.h.warm(warm_request(RequestKind::Store, C)).repeat_shift == 0);
    CHECK_FALSE(r.in_dcache(C));
    // An atomic fills the D$; a prefetch and a barrier leave it as it is.
    CHECK(r.h.warm(warm_request(RequestKind::Atomic, X)).repeat_shift == 5);
    CHECK(r.h.warm(warm_request(RequestKind::Prefetch, C, 8, 0)).repeat_shift == 0);
    CHECK(r.h.warm(warm_request(RequestKind::Barrier, 0, 0)).repeat_shift == 0);
}

TEST_CASE("warming grants nothing with the first-level caches off", "[hierarchy][warming]") {
    Rig r;
    r.h.set_first_level(false, false);
    CHECK(r.h.warm(warm_request(RequestKind::Load, A)).repeat_shift == 0);
    CHECK(r.h.warm(warm_request(RequestKind::Fetch, B, 4)).repeat_shift == 0);
    CHECK(r.h.warm(warm_request(RequestKind::Load, A)).repeat_shift == 0);
}

TEST_CASE("warming grants nothing for lines of several sub-blocks", "[hierarchy][warming]") {
    // A hit says only that the addressed sub-block is valid, not the line.
    HierarchyConfig config;
    config.dcache.geometry.sub_blocks = 2;
    Rig r(config);
    CHECK(r.h.warm(warm_request(RequestKind::Load, A)).repeat_shift == 0);
    CHECK(r.h.warm(warm_request(RequestKind::Load, A)).repeat_shift == 0);
    CHECK(r.h.warm(warm_request(RequestKind::Fetch, B, 4)).repeat_shift == 5);
}

TEST_CASE("warming a fetch fills the I$ and the E$ shared", "[hierarchy][warming]") {
    Rig r;
    r.h.warm(warm_request(RequestKind::Fetch, A, 4));
    CHECK(r.ec_state(A) == CS::S); // RTSA always gives S
    CHECK(r.h.icache().lookup(A).hit);
    CHECK(r.fetch(A, 50).done);
    CHECK(r.client[EV::IcMiss] == 0);
}

TEST_CASE("warming a store owns the line and writes its bytes into the W$",
          "[hierarchy][warming]") {
    Rig r;
    r.h.warm(warm_request(RequestKind::Store, A + 8, 4));
    CHECK(r.ec_state(A) == CS::M);
    CHECK(r.h.wcache().has_bytes(A + 8, 4));
    CHECK_FALSE(r.h.wcache().has_bytes(A, 4));
    CHECK_FALSE(r.in_dcache(A)); // write-through, no allocate
    // A timed store finds the line writable: no RTO.
    CHECK(r.store(A + 16, 100).done);
    CHECK(r.client.bus.empty());
    CHECK(r.h.store_buffer().size() == 1);
}

TEST_CASE("warming an atomic owns the line and fills the D$", "[hierarchy][warming]") {
    Rig r;
    r.h.warm(warm_request(RequestKind::Atomic, A));
    CHECK(r.ec_state(A) == CS::M);
    CHECK(r.in_dcache(A));
    CHECK(counted(r.client) == 0);
}

TEST_CASE("warming prefetches follow the function table", "[hierarchy][warming]") {
    Rig r;
    r.h.warm(warm_request(RequestKind::Prefetch, A, 0, 1)); // one read: P$ only
    CHECK(r.h.pcache().lookup(A).hit);
    CHECK(r.ec_state(A) == CS::I);
    r.h.warm(warm_request(RequestKind::Prefetch, B, 0, 2)); // several writes: E$ exclusive
    CHECK(r.ec_state(B) == CS::M);
    CHECK_FALSE(r.h.pcache().lookup(B).hit);
    r.h.warm(warm_request(RequestKind::Prefetch, A, 0, 16)); // invalidate the P$ line
    CHECK_FALSE(r.h.pcache().lookup(A).hit);
}

TEST_CASE("warming evictions drop dirty victims", "[hierarchy][warming]") {
    Rig r(tiny_ecache());
    r.h.warm(warm_request(RequestKind::Store, A));
    r.h.warm(warm_request(RequestKind::Store, B));
    r.h.warm(warm_request(RequestKind::Load, C)); // LRU: A's block goes
    CHECK(r.ec_state(A) == CS::I);
    CHECK_FALSE(r.h.wcache().lookup(A).block_present); // the W$ stays inclusive
    CHECK(r.h.writebacks_pending() == 0);
    CHECK(r.client.bus.empty());
}

TEST_CASE("warming leaves a line in flight to its fill", "[hierarchy][warming]") {
    Rig r;
    REQUIRE_FALSE(r.load(A, 10).done); // the RTS is out
    r.h.warm(warm_request(RequestKind::Store, A));
    CHECK(r.ec_state(A) == CS::I); // not installed by warming
    r.fill_last(200);
    CHECK(r.ec_state(A) == CS::E);
}
