#include "hierarchy_params.h"

#include <string>

namespace fireplane::cache {

namespace {

// Wide enough for any cache a host could model; validate() says what is usable.
constexpr uint64_t kMaxValue = uint64_t(1) << 40;

using H = HierarchyConfig;

// The four geometry rows of the cache at `cache`.
void add_geometry(ParamTable<H>& t, const std::string& name, const std::string& label,
                  CacheArrayConfig H::*cache) {
    using A = CacheArrayConfig;
    using G = CacheGeometry;
    t.bytes(name + ".size", field(cache, &A::geometry, &G::size), 0, kMaxValue, label + " capacity")
        .count(name + ".ways", field(cache, &A::geometry, &G::ways), 0, kMaxValue,
               label + " associativity")
        .bytes(name + ".line", field(cache, &A::geometry, &G::line_size), 0, kMaxValue,
               label + " line (block) size")
        .count(name + ".sub_blocks", field(cache, &A::geometry, &G::sub_blocks), 0, kMaxValue,
               label + " sub-blocks per line, each with its own coherence state");
}

ParamTable<H> make_table() {
    ParamTable<H> t;
    t.choice("ecache.policy", field(&H::ecache, &CacheArrayConfig::policy),
             {{"lfsr", ReplacementPolicy::Lfsr}, {"lru", ReplacementPolicy::Lru}},
             "E$ replacement: lfsr (pseudo-random, as the real part) or lru");
    add_geometry(t, "icache", "I$", &H::icache);
    add_geometry(t, "dcache", "D$ (write-through, virtually indexed)", &H::dcache);
    add_geometry(t, "pcache", "P$ (prefetch cache, read by FP loads)", &H::pcache);
    add_geometry(t, "wcache", "W$ (write cache, per-byte valid)", &H::wcache);
    add_geometry(t, "ecache", "E$", &H::ecache);
    auto cycles = [&t](const char* name, unsigned H::*member, const char* description) {
        t.count(name, member, 0, kMaxValue, description);
    };
    t.count("ecache.seed", field(&H::ecache, &CacheArrayConfig::seed), 0, kMaxValue,
            "seed of the E$ LFSR");
    cycles("latency.ecache_hit", &H::ecache_hit,
           "cycles a load that misses the D$ and hits the E$ adds (T2.2)");
    cycles("latency.icache_miss", &H::icache_miss,
           "cycles a fetch that misses the I$ and hits the E$ adds");
    cycles("latency.miss_detect", &H::miss_detect,
           "cycles from a D$ miss to the bus request of an E$ miss");
    cycles("latency.fill", &H::fill, "cycles from the bus data to the load's register");
    cycles("latency.atomic", &H::atomic,
           "cycles of CAS/LDSTUB/SWAP once the line is owned and the store buffer is empty");
    cycles("latency.wcache_move", &H::wcache_move,
           "cycles to move one W$ line to the off-chip E$; moves do not overlap");
    cycles("store_buffer.entries", &H::store_buffer, "store buffer entries");
    cycles("store_buffer.residency", &H::store_residency,
           "cycles from a store's issue to the earliest it can leave the buffer");
    cycles("store_buffer.drain_interval", &H::drain_interval,
           "cycles between two stores leaving the store buffer");
    cycles("raw.ec_miss", &H::raw_ec_miss,
           "penalty of a load whose forwarding store misses the E$ (T3.3)");
    cycles("raw.overlap", &H::raw_overlap,
           "penalty of a load partly covered by a pending store (T3.4-T3.6)");
    cycles("raw.same_line", &H::raw_same_line,
           "penalty of a D$-missing load to a line with pending stores (T3.8-T3.9)");
    cycles("raw.past", &H::raw_past,
           "penalty of a load of a store that a younger store to its line follows (T3.10)");
    cycles("mshrs", &H::mshrs, "lines in flight on the bus at once");
    t.rule([](const H& c) { return validate(c); });
    return t;
}

} // namespace

const ParamTable<HierarchyConfig>& hierarchy_params() {
    static const ParamTable<HierarchyConfig> table = make_table();
    return table;
}

} // namespace fireplane::cache
