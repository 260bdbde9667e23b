// HierarchyTiming: validation of a configuration (hierarchy_rig.h).
#include "hierarchy_rig.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <string>
#include <vector>

using namespace fireplane;
using namespace fireplane::cache;
using namespace fireplane::cache::test;

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
