// HierarchyTiming driven directly, without SystemC: a FakeClient records the
// bus requests, completions and counter events, and every expected cycle is
// written in terms of the configuration's latencies (r.c.ecache_hit, ...),
// never as a number that only holds for today's defaults, with its derivation
// in a comment next to the check.
#include "hierarchy_timing.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <array>
#include <string>
#include <vector>

using namespace fireplane::cache;
using fireplane::TransactionType;
using CS = CoherenceState;
using EV = CacheEvent;

namespace Catch {
template <> struct StringMaker<TransactionType> {
    static std::string convert(TransactionType t) { return std::string(fireplane::to_string(t)); }
};
template <> struct StringMaker<StallCause> {
    static std::string convert(StallCause c) {
        static const char* const names[] = {"None", "StoreQueue", "DcMiss", "EcMiss", "Raw"};
        return names[unsigned(c)];
    }
};
} // namespace Catch

namespace {

struct BusRequest {
    TransactionType type;
    uint64_t pa;
    uint64_t cycle;
    int mshr;
};

struct Completion {
    uintptr_t tag;
    uint64_t ready;
    StallCause cause;
};

class FakeClient : public HierarchyClient {
public:
    std::vector<BusRequest> bus;
    std::vector<Completion> done;
    std::array<uint64_t, size_t(EV::kCount)> counts{};

    void bus_request(TransactionType type, uint64_t pa, uint64_t cycle, int mshr) override {
        bus.push_back({type, pa, cycle, mshr});
    }
    void completed(uintptr_t tag, uint64_t ready, StallCause cause) override {
        done.push_back({tag, ready, cause});
    }
    void count(CacheEvent e, uint64_t n) override { counts[size_t(e)] += n; }

    uint64_t operator[](CacheEvent e) const { return counts[size_t(e)]; }
    void clear() {
        bus.clear();
        done.clear();
        counts.fill(0);
    }
};

CacheRequest request(RequestKind kind, uint64_t pa, unsigned size, uint64_t cycle, uintptr_t tag) {
    CacheRequest r;
    r.kind = kind;
    r.va = r.pa = pa; // identity-mapped: the D$ key is the PA
    r.size = size;
    r.cycle = cycle;
    r.tag = tag;
    return r;
}

// One hierarchy and the client that watches it.
struct Rig {
    FakeClient client;
    HierarchyTiming h;
    const HierarchyConfig& c;

    explicit Rig(const HierarchyConfig& config = {}) : h(config, client), c(h.config()) {}

    CacheResult load(uint64_t pa, uint64_t cycle, unsigned size = 8, uintptr_t tag = 1) {
        return h.access(request(RequestKind::Load, pa, size, cycle, tag));
    }
    CacheResult store(uint64_t pa, uint64_t cycle, unsigned size = 8, uintptr_t tag = 1) {
        return h.access(request(RequestKind::Store, pa, size, cycle, tag));
    }
    CacheResult atomic(uint64_t pa, uint64_t cycle, uintptr_t tag = 1) {
        return h.access(request(RequestKind::Atomic, pa, 8, cycle, tag));
    }
    CacheResult prefetch(uint64_t pa, unsigned fcn, uint64_t cycle) {
        CacheRequest r = request(RequestKind::Prefetch, pa, 0, cycle, 0);
        r.prefetch_fcn = fcn;
        return h.access(r);
    }
    // Answers the most recent bus request at `cycle`.
    void fill_last(uint64_t cycle, bool shared = false) {
        REQUIRE_FALSE(client.bus.empty());
        REQUIRE(client.bus.back().mshr >= 0);
        h.fill_arrived(unsigned(client.bus.back().mshr), cycle, shared);
    }
    // Puts pa's sub-block in the E$ (E, or S when shared) and the D$ through a
    // load miss, then forgets what the client saw.
    void warm_load(uint64_t pa, uint64_t cycle, bool shared = false) {
        REQUIRE_FALSE(load(pa, cycle, 8, 0).done);
        fill_last(cycle + 100, shared);
        client.clear();
    }
    // Puts pa's sub-block in the E$ in M, not in the D$ (PREFETCH fcn 2).
    void warm_owned(uint64_t pa, uint64_t cycle) {
        prefetch(pa, 2, cycle);
        fill_last(cycle + 100);
        client.clear();
    }
    CS ec_state(uint64_t pa) const { return h.ecache().state(pa); }
    bool in_dcache(uint64_t pa) const { return h.dcache().lookup(h.dcache_key(pa, pa)).hit; }
};

// An E$ of one set: two ways of one 512-byte block (8 x 64-byte sub-blocks),
// so every block competes with every other.
HierarchyConfig tiny_ecache(ReplacementPolicy policy = ReplacementPolicy::Lru, uint64_t seed = 1) {
    HierarchyConfig c;
    c.ecache.geometry = CacheGeometry{1024, 2, 512, 8};
    c.ecache.policy = policy;
    c.ecache.seed = seed;
    return c;
}

// Addresses: separate 512-byte E$ blocks (all in set 0 of tiny_ecache()).
constexpr uint64_t A = 0x10000, B = 0x20000, C = 0x30000, X = 0x40000, Y = 0x50000;

} // namespace

// ---------------------------------------------------------------- 1. hits and misses

TEST_CASE("hierarchy: D$ hit is ready the same cycle", "[hierarchy]") {
    Rig r;
    r.warm_load(A, 0);
    const CacheResult res = r.load(A, 500);
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
    const CacheResult res = r.load(A, 500);
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
    const CacheResult res = r.load(A + 8, 100, 8, 7);
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
    const CacheResult again = r.load(A + 8, 400);
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
            const CacheResult fwd = r.load(A, drain - 1);
            CHECK(fwd.ready == drain - 1);
            CHECK(fwd.cause == StallCause::None);
            CHECK(r.client[EV::DcRdMiss] == 1); // forwarded, though the D$ misses
            CHECK(r.client[EV::EcRef] == 0);
        }
        // At the drain it has left: the same load misses the D$ and hits the E$.
        const CacheResult gone = r.load(A, drain);
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
    const CacheResult res = r.store(A + 24, d0 + 2);
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
    const CacheResult res = r.store(A + 8, 102, 8, 9);
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
    const CacheResult res = r.load(A, 102);
    CHECK(res.done);
    CHECK(res.ready == 102); // forwarded, no penalty
    CHECK(res.cause == StallCause::None);
}

TEST_CASE("hierarchy: RAW forward refused while the store's line misses the E$",
          "[hierarchy][raw]") {
    RawRig r;
    r.store(B, 101); // B misses the E$: RTO, drain unknown
    REQUIRE(r.h.store_buffer().youngest().drains_at == kUnknownCycle);
    const CacheResult res = r.load(B, 102);
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
    const CacheResult res = r.load(A + 4, 102, 4);
    CHECK(res.done);
    CHECK(res.ready == r.drain(1) + r.c.raw_overlap); // store's drain + raw_overlap, then a D$ hit
    CHECK(res.cause == StallCause::Raw);
}

TEST_CASE("hierarchy: RAW overlap, D$ miss", "[hierarchy][raw]") {
    RawRig r;
    r.store(C, 101, 8);
    REQUIRE(r.h.store_buffer().youngest().drains_at == r.drain(1));
    const CacheResult res = r.load(C, 102, 4);
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
    const CacheResult res = r.load(A, 103);
    CHECK(res.done);
    CHECK(res.ready == r.drain(2) + r.c.raw_past); // last store's drain + raw_past, then a D$ hit
    CHECK(res.cause == StallCause::Raw);
}

TEST_CASE("hierarchy: RAW same line, D$ hit", "[hierarchy][raw]") {
    RawRig r;
    r.store(A, 101);
    r.store(A + 8, 102);
    const CacheResult res = r.load(A + 16, 103);
    CHECK(res.done);
    CHECK(res.ready == 103); // no penalty while the D$ hits (T3.7)
    CHECK(res.cause == StallCause::None);
}

TEST_CASE("hierarchy: RAW same line, D$ miss", "[hierarchy][raw]") {
    RawRig r;
    r.store(C, 101);     // drains at drain(1)
    r.store(C + 8, 102); // drains at drain(2)
    REQUIRE(r.h.store_buffer().youngest().drains_at == r.drain(2));
    const CacheResult res = r.load(C + 16, 103);
    CHECK(res.done);
    // last store's drain + raw_same_line, then a D$ miss that hits the E$
    CHECK(res.ready == r.drain(2) + r.c.raw_same_line + r.c.ecache_hit);
    CHECK(res.cause == StallCause::Raw);
}

TEST_CASE("hierarchy: RAW no hazard for another line", "[hierarchy][raw]") {
    RawRig r;
    r.warm_load(Y, 0);
    r.store(A, 101); // pending until drain(1)
    const CacheResult res = r.load(Y, 102);
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
    const CacheResult res = r.load(A + 4, 101, 4, 6);
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
    const CacheResult res = r.atomic(A, 100);
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
    const CacheResult res = r.h.access(request(RequestKind::Barrier, 0, 0, 201, 1));
    CHECK(res.done);
    CHECK(res.ready == 200 + c.store_residency + c.drain_interval);
    // A store whose line is still on its way: the barrier waits for the fill.
    const CacheResult miss_store = r.store(Y, 300);
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
    const CacheResult res = r.atomic(A, 100, 5);
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
    const CacheResult res = r.load(A, 101, 8, 3);
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
        const CacheResult res = r.prefetch(A, k.fcn, 100);
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
    const CacheResult res = r.prefetch(A, 4, 100);
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

// ---------------------------------------------------------------- 8. validation

TEST_CASE("hierarchy: validate rejects impossible geometries, naming the cache",
          "[hierarchy][config]") {
    CHECK(validate(HierarchyConfig{}) == "");
    CHECK(validate(tiny_ecache()) == "");

    HierarchyConfig c;
    c.ecache.geometry.sub_blocks = 4; // 128-byte sub-blocks
    CHECK_THAT(validate(c), Catch::StartsWith("ecache: ") &&
                                Catch::Contains("sub-blocks must be the coherence unit"));

    c = HierarchyConfig{};
    c.dcache.geometry.size = 48 * 1024;
    CHECK_THAT(validate(c), Catch::StartsWith("dcache: ") &&
                                Catch::Contains("cache size 49152 is not a power of two"));

    c = HierarchyConfig{};
    c.ecache.geometry.ways = 3;
    CHECK_THAT(validate(c), Catch::StartsWith("ecache: ") && Catch::Contains("associativity 3"));

    c = HierarchyConfig{};
    c.wcache.geometry = CacheGeometry{2048, 4, 32, 1};
    CHECK_THAT(validate(c), Catch::StartsWith("wcache: "));

    c = HierarchyConfig{};
    c.icache.geometry = CacheGeometry{32 * 1024, 4, 1024, 1}; // longer than a 512-byte E$ block
    CHECK_THAT(validate(c), Catch::StartsWith("icache: ") && Catch::Contains("E$ block"));

    c = HierarchyConfig{};
    c.store_buffer = 0;
    CHECK_THAT(validate(c), Catch::StartsWith("store_buffer: "));
    c = HierarchyConfig{};
    c.mshrs = 0;
    CHECK_THAT(validate(c), Catch::StartsWith("mshrs: "));
}
