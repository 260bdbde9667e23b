#include "register_cpu.h"

#include "config/units.h"
#include "factory/model_factory.h"
#include "sparc_cpu.h"

#include <functional>
#include <string>
#include <vector>

namespace fireplane {

namespace {

using sparc::SparcCpuConfig;

// One row per numeric parameter of the CPU's timing models: its YAML name,
// kind, default, description, and where it goes in SparcCpuConfig.
struct TimingParam {
    std::string name;
    ParamKind kind;
    std::string default_value;
    std::string description;
    std::function<void(SparcCpuConfig&, uint64_t)> apply;
};

// The four geometry rows of one cache.
void add_geometry(std::vector<TimingParam>& rows, const std::string& cache,
                  const std::string& label, cache::CacheArrayConfig cache::HierarchyConfig::*member,
                  const cache::CacheGeometry& d) {
    auto geometry = [member](SparcCpuConfig& c) -> cache::CacheGeometry& {
        return (c.caches.*member).geometry;
    };
    rows.push_back({cache + ".size", ParamKind::Bytes, units::format_bytes(d.size),
                    label + " capacity",
                    [geometry](SparcCpuConfig& c, uint64_t v) { geometry(c).size = v; }});
    rows.push_back({cache + ".ways", ParamKind::Int, std::to_string(d.ways),
                    label + " associativity",
                    [geometry](SparcCpuConfig& c, uint64_t v) { geometry(c).ways = unsigned(v); }});
    rows.push_back({cache + ".line", ParamKind::Bytes, units::format_bytes(d.line_size),
                    label + " line (block) size", [geometry](SparcCpuConfig& c, uint64_t v) {
                        geometry(c).line_size = unsigned(v);
                    }});
    rows.push_back(
        {cache + ".sub_blocks", ParamKind::Int, std::to_string(d.sub_blocks),
         label + " sub-blocks per line, each with its own coherence state",
         [geometry](SparcCpuConfig& c, uint64_t v) { geometry(c).sub_blocks = unsigned(v); }});
}

// Defaults come from SparcCpuConfig's, so they are written once.
#define CYCLES_PARAM(name, field, text)                                                            \
    {                                                                                              \
        name, ParamKind::Int, std::to_string(SparcCpuConfig{}.field), text,                        \
            [](SparcCpuConfig& c, uint64_t v) { c.field = decltype(c.field)(v); }                  \
    }

const std::vector<TimingParam>& timing_params() {
    static const std::vector<TimingParam> kParams = [] {
        using cache::HierarchyConfig;
        std::vector<TimingParam> rows;
        add_geometry(rows, "icache", "I$", &HierarchyConfig::icache, cache::kIcacheGeometry);
        add_geometry(rows, "dcache", "D$ (write-through, virtually indexed)",
                     &HierarchyConfig::dcache, cache::kDcacheGeometry);
        add_geometry(rows, "pcache", "P$ (prefetch cache, read by FP loads)",
                     &HierarchyConfig::pcache, cache::kPcacheGeometry);
        add_geometry(rows, "wcache", "W$ (write cache, per-byte valid)", &HierarchyConfig::wcache,
                     cache::kWcacheGeometry);
        add_geometry(rows, "ecache", "E$", &HierarchyConfig::ecache, cache::kEcacheGeometry);
        const std::vector<TimingParam> cycles = {
            CYCLES_PARAM("ecache.seed", caches.ecache.seed, "seed of the E$ LFSR"),
            CYCLES_PARAM("latency.ecache_hit", caches.ecache_hit,
                         "cycles a load that misses the D$ and hits the E$ adds (T2.2)"),
            CYCLES_PARAM("latency.icache_miss", caches.icache_miss,
                         "cycles a fetch that misses the I$ and hits the E$ adds"),
            CYCLES_PARAM("latency.miss_detect", caches.miss_detect,
                         "cycles from a D$ miss to the bus request of an E$ miss"),
            CYCLES_PARAM("latency.fill", caches.fill,
                         "cycles from the bus data to the load's register"),
            CYCLES_PARAM("latency.atomic", caches.atomic,
                         "cycles of CAS/LDSTUB/SWAP once the line is owned and the store "
                         "buffer is empty"),
            CYCLES_PARAM("latency.wcache_move", caches.wcache_move,
                         "cycles to move one W$ line to the off-chip E$; moves do not overlap"),
            CYCLES_PARAM("store_buffer.entries", caches.store_buffer, "store buffer entries"),
            CYCLES_PARAM("store_buffer.residency", caches.store_residency,
                         "cycles from a store's issue to the earliest it can leave the buffer"),
            CYCLES_PARAM("store_buffer.drain_interval", caches.drain_interval,
                         "cycles between two stores leaving the store buffer"),
            CYCLES_PARAM("raw.ec_miss", caches.raw_ec_miss,
                         "penalty of a load whose forwarding store misses the E$ (T3.3)"),
            CYCLES_PARAM("raw.overlap", caches.raw_overlap,
                         "penalty of a load partly covered by a pending store (T3.4-T3.6)"),
            CYCLES_PARAM("raw.same_line", caches.raw_same_line,
                         "penalty of a D$-missing load to a line with pending stores "
                         "(T3.8-T3.9)"),
            CYCLES_PARAM("raw.past", caches.raw_past,
                         "penalty of a load of a store that a younger store to its line "
                         "follows (T3.10)"),
            CYCLES_PARAM("mshrs", caches.mshrs, "lines in flight on the bus at once"),
            CYCLES_PARAM("fixed.load", fixed.load_cycles, "fixed model: cycles of a load"),
            CYCLES_PARAM("fixed.store", fixed.store_cycles, "fixed model: cycles of a store"),
            CYCLES_PARAM("fixed.atomic", fixed.atomic_cycles, "fixed model: cycles of an atomic"),
        };
        rows.insert(rows.end(), cycles.begin(), cycles.end());
        return rows;
    }();
    return kParams;
}

#undef CYCLES_PARAM

// The parameter a validate() sentence is about: it starts with the cache or
// field name ("ecache: ...", "store_residency: ...").
std::string blamed_param(const std::string& why, const Params& p) {
    static const std::pair<const char*, const char*> kFields[] = {
        {"store_buffer", "store_buffer.entries"},
        {"store_residency", "store_buffer.residency"},
        {"drain_interval", "store_buffer.drain_interval"},
        {"mshrs", "mshrs"},
    };
    const std::string head = why.substr(0, why.find(':'));
    for (const auto& [field, param] : kFields)
        if (head == field) return param;
    // A cache's geometry: the field the configuration set, else its size.
    for (const char* field : {".sub_blocks", ".line", ".ways", ".size"})
        if (p.has(head + field) && p.location(head + field).file != kDefaultOrigin)
            return head + field;
    return p.has(head + ".size") ? head + ".size" : "clock";
}

std::vector<ParamSpec> cpu_params() {
    std::vector<ParamSpec> specs = {
        {"clock", ParamKind::Frequency, "900MHz", "core clock"},
        {"agent_id", ParamKind::Int, "-1",
         "Safari agent ID on the Fireplane bus (0-23); -1 numbers CPUs in file order"},
        {"ecache.policy",
         ParamKind::Enum,
         "lfsr",
         "E$ replacement: lfsr (pseudo-random, as the real part) or lru",
         {"lfsr", "lru"}},
    };
    for (const TimingParam& t : timing_params())
        specs.push_back({t.name, t.kind, t.default_value, t.description});
    return specs;
}

std::unique_ptr<sc_core::sc_module> create_cpu(const char* name, const Params& p) {
    SparcCpuConfig c;
    c.clock_hz = p.get_hz("clock");
    if (c.clock_hz == 0) p.fail("clock", "the CPU clock must be greater than 0");
    static unsigned next_automatic_id = 0;
    const int64_t id = p.get_int("agent_id");
    if (id < -1 || id > 23) p.fail("agent_id", "CPU agent IDs are 0 to 23 (or -1 for automatic)");
    c.agent_id = id < 0 ? next_automatic_id++ : unsigned(id);
    for (const TimingParam& t : timing_params()) {
        const int64_t v =
            t.kind == ParamKind::Bytes ? int64_t(p.get_bytes(t.name)) : p.get_int(t.name);
        if (v < 0 || v > int64_t(1) << 40) p.fail(t.name, "out of range");
        t.apply(c, uint64_t(v));
    }
    c.caches.ecache.policy = *cache::parse_replacement_policy(p.get_string("ecache.policy"));
    const std::string why = cache::validate(c.caches);
    if (!why.empty()) p.fail(blamed_param(why, p), why);
    return std::make_unique<sparc::SparcCpu>(name, c);
}

} // namespace

void register_cpu_models(ModelFactory& factory) {
    factory.add({"sparc_cpu",
                 "UltraSPARC IIICu processor: SPARC V9 ISS with functional, fixed and detailed "
                 "timing (pipeline, I$/D$/P$/W$/E$, store buffer, MSHRs, Fireplane bus port)",
                 cpu_params(), create_cpu});
}

} // namespace fireplane
