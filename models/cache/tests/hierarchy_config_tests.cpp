// HierarchyTiming: validation of a configuration (hierarchy_rig.h).
#include "hierarchy_rig.h"
#include "models/cache/hierarchy_params.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <string>
#include <vector>

using namespace fireplane;
using namespace fireplane::cache;
using namespace fireplane::cache::test;

// ---------------------------------------------------------------- 8. validation

namespace {
// "param: message", or "" when the configuration validates.
std::string problem_of(const HierarchyConfig& c) {
    const auto p = validate(c);
    return p ? p->param + ": " + p->message : "";
}
} // namespace

TEST_CASE("hierarchy: validate names the parameter that makes a configuration impossible",
          "[hierarchy][config]") {
    CHECK(problem_of(HierarchyConfig{}) == "");
    CHECK(problem_of(tiny_ecache()) == "");

    HierarchyConfig c;
    c.ecache.geometry.sub_blocks = 4; // 128-byte sub-blocks
    CHECK_THAT(problem_of(c), Catch::StartsWith("ecache.sub_blocks: ") &&
                                  Catch::Contains("sub-blocks must be the coherence unit"));

    c = HierarchyConfig{};
    c.dcache.geometry.size = 48 * 1024;
    CHECK_THAT(problem_of(c), Catch::StartsWith("dcache.size: ") &&
                                  Catch::Contains("cache size 49152 is not a power of two"));

    c = HierarchyConfig{};
    c.ecache.geometry.ways = 3;
    CHECK_THAT(problem_of(c),
               Catch::StartsWith("ecache.ways: ") && Catch::Contains("associativity 3"));

    c = HierarchyConfig{};
    c.wcache.geometry = CacheGeometry{2048, 4, 32, 1};
    CHECK_THAT(problem_of(c), Catch::StartsWith("wcache.line: "));

    c = HierarchyConfig{};
    c.icache.geometry = CacheGeometry{32 * 1024, 4, 1024, 1}; // longer than a 512-byte E$ block
    CHECK_THAT(problem_of(c), Catch::StartsWith("icache.line: ") && Catch::Contains("E$ block"));

    c = HierarchyConfig{};
    c.ecache.geometry.size = uint64_t(2) << 30;
    CHECK_THAT(problem_of(c), Catch::StartsWith("ecache.size: ") && Catch::Contains("1 GiB"));

    c = HierarchyConfig{};
    c.store_buffer = 0;
    CHECK_THAT(problem_of(c), Catch::StartsWith("store_buffer.entries: "));
    c = HierarchyConfig{};
    c.mshrs = 0;
    CHECK_THAT(problem_of(c), Catch::StartsWith("mshrs: "));
    c = HierarchyConfig{};
    c.drain_interval = 0;
    CHECK_THAT(problem_of(c), Catch::StartsWith("store_buffer.drain_interval: "));
}

TEST_CASE("hierarchy: its parameter table names what validate blames", "[hierarchy][config]") {
    // Every parameter validate() can blame is one of the table's rows.
    std::vector<std::string> names;
    for (const ParamSpec& spec : hierarchy_params().specs())
        names.push_back(spec.name);
    for (const char* blamed :
         {"ecache.sub_blocks", "dcache.size", "ecache.ways", "wcache.line", "icache.line",
          "store_buffer.entries", "mshrs", "store_buffer.drain_interval", "store_buffer.residency"})
        CHECK(std::find(names.begin(), names.end(), blamed) != names.end());
    // The table's defaults are HierarchyConfig's.
    auto default_of = [](const std::string& name) {
        for (const ParamSpec& spec : hierarchy_params().specs())
            if (spec.name == name) return spec.default_value;
        return std::string("?");
    };
    CHECK(default_of("ecache.size") == "8MiB");
    CHECK(default_of("ecache.policy") == "lfsr");
    CHECK(default_of("icache.line") == "32B");
    CHECK(default_of("latency.ecache_hit") == std::to_string(HierarchyConfig{}.ecache_hit));
    CHECK(default_of("store_buffer.entries") == "8");
    HierarchyConfig bad;
    bad.mshrs = 0;
    REQUIRE(hierarchy_params().check(bad));
    CHECK(hierarchy_params().check(bad)->param == "mshrs");
}
