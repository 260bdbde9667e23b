// The rig of the hierarchy_*_tests: HierarchyTiming driven directly, without
// SystemC. A FakeClient records the bus requests, completions and counter
// events, and every expected cycle is written in terms of the configuration's
// latencies (r.c.ecache_hit, ...), never as a number that only holds for
// today's defaults, with its derivation in a comment next to the check.
#pragma once

#include "models/cache/hierarchy_timing.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <array>
#include <string>
#include <vector>

namespace Catch {
template <> struct StringMaker<fireplane::TransactionType> {
    static std::string convert(fireplane::TransactionType t) {
        return std::string(fireplane::to_string(t));
    }
};
template <> struct StringMaker<fireplane::cache::StallCause> {
    static std::string convert(fireplane::cache::StallCause c) {
        return std::string(fireplane::cache::to_string(c));
    }
};
} // namespace Catch

namespace fireplane::cache::test {

using CS = MoesiState;
using EV = CacheEvent;

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

inline CacheRequest request(RequestKind kind, uint64_t pa, unsigned size, uint64_t cycle,
                            uintptr_t tag) {
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

    CacheAnswer fetch(uint64_t pa, uint64_t cycle, uintptr_t tag = 1) {
        return h.access(request(RequestKind::Fetch, pa, 4, cycle, tag));
    }
    CacheAnswer load(uint64_t pa, uint64_t cycle, unsigned size = 8, uintptr_t tag = 1) {
        return h.access(request(RequestKind::Load, pa, size, cycle, tag));
    }
    CacheAnswer store(uint64_t pa, uint64_t cycle, unsigned size = 8, uintptr_t tag = 1) {
        return h.access(request(RequestKind::Store, pa, size, cycle, tag));
    }
    CacheAnswer atomic(uint64_t pa, uint64_t cycle, uintptr_t tag = 1) {
        return h.access(request(RequestKind::Atomic, pa, 8, cycle, tag));
    }
    CacheAnswer prefetch(uint64_t pa, unsigned fcn, uint64_t cycle) {
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
inline HierarchyConfig tiny_ecache(ReplacementPolicy policy = ReplacementPolicy::Lru,
                                   uint64_t seed = 1) {
    HierarchyConfig c;
    c.ecache.geometry = CacheGeometry{1024, 2, 512, 8};
    c.ecache.policy = policy;
    c.ecache.seed = seed;
    return c;
}

// Addresses: separate 512-byte E$ blocks (all in set 0 of tiny_ecache()).
constexpr uint64_t A = 0x10000, B = 0x20000, C = 0x30000, X = 0x40000, Y = 0x50000;

} // namespace fireplane::cache::test
