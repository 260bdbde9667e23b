// CacheArray: hits, misses and evictions; sub-block states; writeback
// reporting; invalidation; LFSR determinism; W$ per-byte valid bits.
#include "models/cache/cache_array.h"

#include <catch2/catch.hpp>

#include <set>
#include <stdexcept>
#include <vector>

using namespace fireplane;
using namespace fireplane::cache;
using CS = fireplane::MoesiState;

namespace {

CacheArray dcache() {
    return CacheArray({kDcacheGeometry, ReplacementPolicy::Lru});
}
CacheArray ecache(ReplacementPolicy p = ReplacementPolicy::Lru, uint64_t seed = 1) {
    return CacheArray({kEcacheGeometry, p, seed});
}
CacheArray wcache() {
    return CacheArray({kWcacheGeometry, ReplacementPolicy::Lru, 1, true});
}

constexpr uint64_t kDcacheWay = 16 * 1024;       // stride that maps to the same D$ set
constexpr uint64_t kEcacheWay = 4 * 1024 * 1024; // same for the E$

// Miss, allocate, fill with `s`: what the timing model does on a miss.
BlockInfo fill(CacheArray& c, uint64_t pa, CS s) {
    REQUIRE_FALSE(c.lookup(pa).block_present);
    BlockInfo victim = c.allocate(pa);
    c.set_state(pa, s);
    return victim;
}

} // namespace

TEST_CASE("array: bad configurations are rejected with the reason", "[array]") {
    CHECK_THROWS_WITH(CacheArray({CacheGeometry{4096, 3, 32, 1}}),
                      Catch::Contains("associativity 3 is not a power of two"));
    CHECK_THROWS_AS(CacheArray({CacheGeometry{}}), std::invalid_argument);
    // Byte masks are 64 bits wide, so byte-valid lines are at most 64 bytes.
    CHECK_THROWS_WITH(CacheArray({CacheGeometry{4096, 4, 128, 1}, ReplacementPolicy::Lru, 1, true}),
                      Catch::Contains("at most 64 bytes"));
    CHECK_NOTHROW(CacheArray({CacheGeometry{4096, 4, 128, 1}, ReplacementPolicy::Lru, 1, false}));
    CHECK_NOTHROW(CacheArray({CacheGeometry{4096, 4, 32, 1}, ReplacementPolicy::Lru, 1, true}));
}

TEST_CASE("array: miss, allocate, fill, hit", "[array]") {
    CacheArray c = dcache();
    const uint64_t pa = 0x12345;
    LookupResult r = c.lookup(pa);
    CHECK_FALSE(r.hit);
    CHECK_FALSE(r.block_present);
    CHECK(r.set == 0x11a);
    CHECK(r.state == CS::I);

    const BlockInfo victim = c.allocate(pa);
    CHECK_FALSE(victim.valid); // an empty way was used
    CHECK(victim.set == 0x11a);
    CHECK(victim.way == 0);
    // Allocated but not yet filled: the tag is there, the data is not.
    r = c.lookup(pa);
    CHECK(r.block_present);
    CHECK_FALSE(r.hit);
    CHECK(r.state == CS::I);

    CHECK(c.set_state(pa, CS::S) == CS::I);
    r = c.lookup(pa);
    CHECK(r.hit);
    CHECK(r.way == 0);
    CHECK(r.state == CS::S);
    // Any byte of the line hits; the neighbouring line does not.
    CHECK(c.lookup(0x12340).hit);
    CHECK(c.lookup(0x1235f).hit);
    CHECK_FALSE(c.lookup(0x12360).hit);
    CHECK_FALSE(c.lookup(pa + kDcacheWay).hit); // same set, other tag
    CHECK(c.valid_block_count() == 1);
}

TEST_CASE("array: a D$ set fills its ways in order, then evicts the LRU", "[array]") {
    CacheArray c = dcache();
    const uint64_t a = 0x40020; // set 1
    std::vector<uint64_t> pas;
    for (int i = 0; i < 6; ++i)
        pas.push_back(a + i * kDcacheWay);

    for (unsigned i = 0; i < 4; ++i) {
        const BlockInfo v = fill(c, pas[i], CS::E);
        CHECK_FALSE(v.valid);
        CHECK(v.way == i);
    }
    CHECK(c.replacement().lru_order(1) == std::vector<unsigned>{3, 2, 1, 0});

    // Fifth block: evicts pas[0], the least recently used.
    BlockInfo v = fill(c, pas[4], CS::S);
    REQUIRE(v.valid);
    CHECK(v.base == pas[0]);
    CHECK(v.way == 0);
    CHECK(v.states[0] == CS::E);
    CHECK_FALSE(v.needs_writeback());
    CHECK_FALSE(c.lookup(pas[0]).hit);
    for (int i = 1; i <= 4; ++i)
        CHECK(c.lookup(pas[i]).hit);

    // lookup() is a pure query: looking at pas[1] does not save it ...
    CHECK(c.lookup(pas[1]).hit);
    // ... but touching it does, so pas[2] goes next.
    const LookupResult r1 = c.lookup(pas[1]);
    c.touch(r1.set, r1.way);
    v = fill(c, pas[5], CS::S);
    CHECK(v.base == pas[2]);
    CHECK(c.lookup(pas[1]).hit);
    CHECK_FALSE(c.lookup(pas[2]).hit);
    // Other sets were never disturbed.
    CHECK(c.valid_block_count() == 4);
}

TEST_CASE("array: E$ sub-block states are independent within a block", "[array]") {
    CacheArray c = ecache();
    const uint64_t base = 0x7654200; // 512-byte aligned
    c.allocate(base);
    c.set_state(base + 0 * 64, CS::M);
    c.set_state(base + 3 * 64 + 17, CS::S);
    c.set_state(base + 7 * 64 + 63, CS::Os);

    const CS expected[8] = {CS::M, CS::I, CS::I, CS::S, CS::I, CS::I, CS::I, CS::Os};
    for (unsigned sb = 0; sb < 8; ++sb) {
        INFO("sub-block " << sb);
        const LookupResult r = c.lookup(base + sb * 64 + 5);
        CHECK(r.block_present);
        CHECK(r.sub_block == sb);
        CHECK(r.state == expected[sb]);
        CHECK(r.hit == (expected[sb] != CS::I));
    }
    // Changing one sub-block leaves its neighbours alone.
    CHECK(c.set_state(base + 3 * 64, CS::E) == CS::S);
    CHECK(c.invalidate(base) == CS::M);
    CHECK(c.state(base) == CS::I);
    CHECK(c.state(base + 3 * 64) == CS::E);
    CHECK(c.state(base + 7 * 64) == CS::Os);
    CHECK(c.lookup(base).block_present); // other sub-blocks still valid
}

TEST_CASE("array: eviction reports the dirty sub-blocks for writeback", "[array]") {
    CacheArray c = ecache();
    const uint64_t a = 0x100000, b = a + kEcacheWay, d = a + 2 * kEcacheWay;
    c.allocate(a);
    c.set_state(a + 0 * 64, CS::M);
    c.set_state(a + 1 * 64, CS::E);
    c.set_state(a + 2 * 64, CS::O);
    c.set_state(a + 3 * 64, CS::S);
    c.set_state(a + 5 * 64, CS::Os);
    fill(c, b, CS::S); // a is now the LRU way

    const BlockInfo v = c.allocate(d);
    REQUIRE(v.valid);
    CHECK(v.base == a);
    CHECK(v.tag == kEcacheGeometry.tag(a));
    CHECK(v.set == kEcacheGeometry.set_index(a));
    CHECK(v.sub_blocks == 8);
    CHECK(v.dirty_mask() == 0b100101); // M, O, Os
    CHECK(v.valid_mask() == 0b101111);
    CHECK(v.needs_writeback());
    CHECK(v.states[5] == CS::Os);
    // The new block starts with every sub-block I in the victim's way.
    for (unsigned sb = 0; sb < 8; ++sb)
        CHECK(c.state(d + sb * 64) == CS::I);
    CHECK(c.lookup(d).way == v.way);
    CHECK_FALSE(c.lookup(a).block_present);

    // A clean victim needs no writeback.
    const BlockInfo clean = c.allocate(a);
    CHECK(clean.base == b);
    CHECK(clean.dirty_mask() == 0);
    CHECK(clean.valid_mask() == 0b1);
}

TEST_CASE("array: invalidation frees ways, which are then preferred", "[array]") {
    CacheArray c = dcache();
    const uint64_t a = 0x80040;
    for (int i = 0; i < 4; ++i)
        fill(c, a + i * kDcacheWay, CS::S);
    // Way 2 is neither LRU nor MRU; invalidating it makes it the next victim.
    const uint64_t w2 = a + 2 * kDcacheWay;
    CHECK(c.invalidate(w2) == CS::S);
    CHECK_FALSE(c.lookup(w2).block_present); // last valid sub-block: the tag goes
    CHECK(c.valid_block_count() == 3);
    const BlockInfo v = c.allocate(a + 9 * kDcacheWay);
    CHECK_FALSE(v.valid);
    CHECK(v.way == 2);

    // Invalidating an absent block is a harmless no-op (snoop miss).
    CHECK(c.invalidate(0xdead000) == CS::I);
    // A block allocated but not yet filled keeps its tag when invalidated.
    CHECK(c.invalidate(a + 9 * kDcacheWay) == CS::I);
    CHECK(c.lookup(a + 9 * kDcacheWay).block_present);
    // set_state(I) is invalidate().
    c.set_state(a + 9 * kDcacheWay, CS::M);
    CHECK(c.set_state(a + 9 * kDcacheWay, CS::I) == CS::M);
    CHECK_FALSE(c.lookup(a + 9 * kDcacheWay).block_present);
}

TEST_CASE("array: invalidate_block drops the whole block", "[array]") {
    CacheArray c = ecache();
    const uint64_t a = 0x2000000;
    c.allocate(a);
    c.set_state(a + 64, CS::M);
    c.set_state(a + 128, CS::S);
    fill(c, a + 512, CS::E); // the next block stays
    CHECK(c.invalidate_block(a + 300));
    CHECK_FALSE(c.lookup(a + 64).block_present);
    CHECK_FALSE(c.lookup(a + 128).block_present);
    CHECK(c.lookup(a + 512).hit);
    CHECK(c.valid_block_count() == 1);
    CHECK_FALSE(c.invalidate_block(a)); // absent: nothing to drop
    c.invalidate_block(a + 512);

    fill(c, a, CS::E);
    fill(c, a + 512, CS::E);
    c.invalidate_all();
    CHECK(c.valid_block_count() == 0);
}

TEST_CASE("array: misuse is reported, not silently absorbed", "[array]") {
    CacheArray c = dcache();
    CHECK_THROWS_AS(c.set_state(0x1000, CS::S), std::logic_error);
    c.allocate(0x1000);
    CHECK_THROWS_AS(c.allocate(0x1010), std::logic_error); // same line
    CHECK_THROWS_AS(c.touch(kDcacheGeometry.sets(), 0), std::out_of_range);
    CHECK_THROWS_AS(c.block(0, 4), std::out_of_range);
    // Byte masks exist only when asked for.
    CHECK_THROWS_AS(c.write_bytes(0x1000, 4), std::logic_error);
    CHECK_THROWS_AS(c.full(0x1000), std::logic_error);
}

TEST_CASE("array: iteration visits exactly the blocks present", "[array]") {
    CacheArray c = ecache();
    const std::set<uint64_t> bases = {0x0, 0x200, 0x400000, 0x800000 + 0x200, 0x7ffe00};
    for (uint64_t b : bases)
        fill(c, b + 64, CS::E);
    std::set<uint64_t> seen;
    uint64_t last_set = 0;
    c.for_each_valid_block([&](const BlockInfo& blk) {
        CHECK(blk.valid);
        CHECK(blk.set >= last_set); // set-major order
        last_set = blk.set;
        CHECK(blk.states[1] == CS::E);
        CHECK(blk.valid_mask() == 0b10);
        seen.insert(blk.base);
    });
    CHECK(seen == bases);
    CHECK(c.valid_block_count() == bases.size());
}

TEST_CASE("array: the whole E$ fills before anything is evicted", "[array]") {
    CacheArray c = ecache(ReplacementPolicy::Lfsr, 3);
    const uint64_t blocks = kEcacheGeometry.lines();
    for (uint64_t i = 0; i < blocks; ++i)
        REQUIRE_FALSE(c.allocate(i * 512).valid);
    CHECK(c.valid_block_count() == blocks);
    CHECK(c.allocate(blocks * 512).valid); // the first conflict evicts
}

TEST_CASE("array: LFSR replacement is deterministic for a seed and uses every way", "[array]") {
    // The same stream of conflicting E$ misses twice with one seed, once with another.
    auto run = [](uint64_t seed) {
        CacheArray c = ecache(ReplacementPolicy::Lfsr, seed);
        std::vector<uint64_t> evicted;
        uint64_t x = 12345;
        for (int i = 0; i < 2000; ++i) {
            x = x * 6364136223846793005u + 1442695040888963407u;
            const uint64_t pa = 0x1000 + ((x >> 40) % 16) * kEcacheWay; // one set, 16 tags
            if (c.lookup(pa).block_present) continue;
            const BlockInfo v = c.allocate(pa);
            evicted.push_back(v.valid ? v.base * 2 + v.way : 1);
        }
        return evicted;
    };
    const auto a = run(77);
    CHECK(a == run(77));
    CHECK(a != run(78));
    std::set<uint64_t> ways;
    for (uint64_t e : a)
        if (e != 1) ways.insert(e & 1);
    CHECK(ways == std::set<uint64_t>{0, 1});
}

TEST_CASE("array: W$ byte masks merge and detect a full line", "[array][wcache]") {
    CacheArray w = wcache();
    const uint64_t line = 0x3000c0; // 64-byte aligned
    w.allocate(line);
    w.set_state(line, CS::M);
    CHECK(w.byte_mask(line) == 0);
    CHECK(w.write_bytes(line + 0, 8) == 0xff);
    CHECK(w.write_bytes(line + 4, 4) == 0xff); // overlap merges
    CHECK(w.write_bytes(line + 56, 8) == 0xff000000000000ffull);
    CHECK(w.write_bytes(line + 9, 1) == 0xff000000000002ffull);
    CHECK(w.has_bytes(line + 4, 4));
    CHECK(w.has_bytes(line + 9, 1));
    CHECK_FALSE(w.has_bytes(line + 8, 2));
    CHECK_FALSE(w.full(line));
    for (unsigned off = 8; off < 56; off += 8)
        w.write_bytes(line + off, 8);
    CHECK(w.full(line + 17)); // any address in the line
    CHECK(w.byte_mask(line) == ~uint64_t{0});

    // Ranges must stay inside one line and be non-empty.
    CHECK_THROWS_AS(w.write_bytes(line + 60, 8), std::invalid_argument);
    CHECK_THROWS_AS(w.write_bytes(line, 0), std::invalid_argument);
    CHECK_THROWS_AS(w.write_bytes(line + 64, 4), std::logic_error); // next line is absent
    CHECK(w.byte_mask(line + 64) == 0);

    // The mask goes with the victim and a new block starts empty.
    const uint64_t way = 2 * 1024 / 4; // 512 bytes per W$ way
    for (int i = 1; i < 4; ++i)
        fill(w, line + i * way, CS::M);
    const BlockInfo v = w.allocate(line + 4 * way);
    REQUIRE(v.valid);
    CHECK(v.base == line);
    CHECK(v.byte_mask == ~uint64_t{0});
    CHECK(w.byte_mask(line + 4 * way) == 0);
    CHECK_FALSE(w.full(line + 4 * way));
}

TEST_CASE("array: a store's write allocates, touches and sets bytes in one call",
          "[array][wcache]") {
    CacheArray w = wcache();
    const uint64_t line = 0x4000;
    const uint64_t way = 2 * 1024 / 4;        // 512 bytes per W$ way
    CHECK_FALSE(w.write(line + 8, 8, CS::M)); // allocated into an empty way: no victim
    CHECK(w.state(line) == CS::M);
    CHECK(w.byte_mask(line) == 0xff00);
    CHECK_FALSE(w.write(line, 4, CS::O)); // present: the state stays, the bytes add
    CHECK(w.state(line) == CS::M);
    CHECK(w.byte_mask(line) == 0xff0f);
    for (int i = 1; i < 4; ++i)
        CHECK_FALSE(w.write(line + i * way, 8, CS::M));
    CHECK_FALSE(w.write(line, 1, CS::M));     // a hit makes it the most recent ...
    CHECK(w.write(line + 4 * way, 8, CS::M)); // ... so the victim is line + way
    CHECK(w.lookup(line).block_present);
    CHECK_FALSE(w.lookup(line + way).block_present);
    CHECK(w.byte_mask(line + 4 * way) == 0xff);
    CHECK_THROWS_AS(w.write(line + 60, 8, CS::M), std::invalid_argument);
    CacheArray d = dcache();
    CHECK_THROWS_AS(d.write(line, 8, CS::M), std::logic_error); // no byte masks

    CacheArray e = ecache();
    CHECK_FALSE(e.set_state_if_present(0x1000, CS::M));
    CHECK_FALSE(e.lookup(0x1000).block_present);
    fill(e, 0x1000, CS::S);
    CHECK(e.set_state_if_present(0x1000, CS::M));
    CHECK(e.state(0x1000) == CS::M);
    CHECK_THROWS_AS(e.set_state_if_present(0x1000, CS::I), std::logic_error);
}

TEST_CASE("array: byte masks follow line size and sub-block invalidation", "[array][wcache]") {
    // 32-byte lines: full means the low 32 bits.
    CacheArray small({CacheGeometry{1024, 2, 32, 1}, ReplacementPolicy::Lru, 1, true});
    small.allocate(0x40);
    small.write_bytes(0x40, 16);
    CHECK_FALSE(small.full(0x40));
    CHECK(small.write_bytes(0x50, 16) == 0xffffffffu);
    CHECK(small.full(0x40));

    // Two 32-byte sub-blocks: invalidating one clears only its bytes.
    CacheArray sect({CacheGeometry{2048, 4, 64, 2}, ReplacementPolicy::Lru, 1, true});
    sect.allocate(0x100);
    sect.set_state(0x100, CS::M);
    sect.set_state(0x120, CS::M);
    sect.write_bytes(0x11c, 8); // straddles the sub-blocks
    CHECK(sect.byte_mask(0x100) == 0xff0000000ull);
    CHECK(sect.invalidate(0x120) == CS::M);
    CHECK(sect.byte_mask(0x100) == 0xf0000000ull);
}

TEST_CASE("array: the array is plain data that copies as a checkpoint", "[array]") {
    CacheArray c = ecache(ReplacementPolicy::Lfsr, 5);
    fill(c, 0x1000, CS::M);
    const CacheArray snapshot = c;
    c.set_state(0x1000, CS::S);
    fill(c, 0x2000, CS::E);
    c.allocate(0x1000 + kEcacheWay);
    c.allocate(0x1000 + 2 * kEcacheWay); // consumes LFSR bits
    CHECK(snapshot.state(0x1000) == CS::M);
    CHECK_FALSE(snapshot.lookup(0x2000).block_present);
    CHECK(snapshot.valid_block_count() == 1);
    CHECK(snapshot.replacement().lfsr_state() != c.replacement().lfsr_state());
}
