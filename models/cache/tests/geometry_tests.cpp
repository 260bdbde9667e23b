// CacheGeometry: the V1280 presets, every validation error, and the
// index/tag/offset arithmetic for the E$ (sectored) and D$.
#include "models/cache/cache_geometry.h"

#include <catch2/catch.hpp>

using namespace fireplane;
using namespace fireplane::cache;

namespace {
// The problem names the field to blame and is a sentence naming the problem.
void require_error(const CacheGeometry& g, const std::string& field, const std::string& needle) {
    const auto problem = g.validate();
    REQUIRE(problem);
    INFO("validate() = " << problem->param << ": \"" << problem->message << "\"");
    CHECK(problem->param == field);
    REQUIRE(problem->message.back() == '.');
    REQUIRE(problem->message.find(needle) != std::string::npos);
}
} // namespace

TEST_CASE("geometry: the V1280 presets validate and derive the right shapes", "[geometry]") {
    REQUIRE(kIcacheGeometry.validate() == std::nullopt);
    REQUIRE(kDcacheGeometry.validate() == std::nullopt);
    REQUIRE(kPcacheGeometry.validate() == std::nullopt);
    REQUIRE(kWcacheGeometry.validate() == std::nullopt);
    REQUIRE(kEcacheGeometry.validate() == std::nullopt);

    CHECK(kEcacheGeometry.lines() == 16384);
    CHECK(kEcacheGeometry.sets() == 8192);
    CHECK(kEcacheGeometry.sub_block_size() == 64);
    CHECK(kDcacheGeometry.sets() == 512);
    CHECK(kDcacheGeometry.sub_block_size() == 32);
    CHECK(kIcacheGeometry.sets() == 256);
    CHECK(kPcacheGeometry.sets() == 8);
    CHECK(kPcacheGeometry.sub_block_size() == 32);
    CHECK(kWcacheGeometry.sets() == 8);
    CHECK(kWcacheGeometry.line_size == 64);
}

TEST_CASE("geometry: each invalid geometry names its reason", "[geometry]") {
    require_error({0, 4, 32, 1}, "size", "size is zero");
    require_error({4096, 0, 32, 1}, "ways", "zero ways");
    require_error({4096, 4, 0, 1}, "line", "line size is zero");
    require_error({4096, 4, 32, 0}, "sub_blocks", "zero sub-blocks");
    require_error({24 * 1024, 4, 32, 1}, "size", "cache size 24576 is not a power of two");
    require_error({4096, 4, 48, 1}, "line", "line size 48 is not a power of two");
    require_error({4096, 4, 64, 3}, "sub_blocks", "sub-block count 3 is not a power of two");
    require_error({4096, 3, 32, 1}, "ways", "associativity 3 is not a power of two");
    require_error({1 << 20, 128, 32, 1}, "ways", "exceeds the supported 64 ways");
    require_error({32, 1, 64, 1}, "size", "smaller than one 64-byte line");
    require_error({256, 8, 64, 1}, "ways", "4 lines, fewer than its 8 ways");
    require_error({4096, 4, 32, 64}, "sub_blocks",
                  "32-byte line cannot be divided into 64 sub-blocks");
    require_error({1 << 20, 2, 512, 128}, "sub_blocks", "sub-block count 128 exceeds");
    // Boundaries that are legal: fully associative, and one byte per sub-block.
    CHECK(CacheGeometry{256, 4, 64, 1}.validate() == std::nullopt);
    CHECK(CacheGeometry{4096, 4, 32, 32}.validate() == std::nullopt);
}

TEST_CASE("geometry: E$ index, tag, offset and sub-block extraction", "[geometry]") {
    const CacheGeometry& g = kEcacheGeometry;
    REQUIRE(g.offset_bits() == 9);
    REQUIRE(g.index_bits() == 13);
    // tag | 13-bit set | 9-bit offset
    const uint64_t tag = 0x3ab, set = 0x1f5, off = 0x1c7;
    const uint64_t pa = (tag << 22) | (set << 9) | off;
    CHECK(g.offset(pa) == off);
    CHECK(g.set_index(pa) == set);
    CHECK(g.tag(pa) == tag);
    CHECK(g.sub_block(pa) == 7); // 0x1c7 / 64
    CHECK(g.line_base(pa) == (pa & ~uint64_t{0x1ff}));
    CHECK(g.sub_block_base(pa) == (pa & ~uint64_t{0x3f}));
    CHECK(g.base_address(tag, set) == g.line_base(pa));
    // One way is 4 MiB: addresses 4 MiB apart share a set, with different tags.
    CHECK(g.set_index(pa + (4u << 20)) == set);
    CHECK(g.tag(pa + (4u << 20)) == tag + 1);
    // Each 64-byte coherence unit of a block is its own sub-block.
    for (unsigned sb = 0; sb < 8; ++sb)
        CHECK(g.sub_block(g.line_base(pa) + sb * 64 + 63) == sb);
}

TEST_CASE("geometry: D$ index, tag and offset extraction", "[geometry]") {
    const CacheGeometry& g = kDcacheGeometry;
    REQUIRE(g.offset_bits() == 5);
    REQUIRE(g.index_bits() == 9);
    const uint64_t pa = 0x12345;
    CHECK(g.offset(pa) == 0x5);
    CHECK(g.set_index(pa) == 0x11a);
    CHECK(g.tag(pa) == 0x4);
    CHECK(g.sub_block(pa) == 0);
    // One way is 16 KiB, the D$ alias size.
    CHECK(g.set_index(pa + 0x4000) == 0x11a);
    CHECK(g.tag(pa + 0x4000) == 0x5);
    CHECK(g.set_index(pa + 0x20) == 0x11b);
}

TEST_CASE("geometry: base_address inverts tag and set for every preset", "[geometry]") {
    for (const CacheGeometry& g :
         {kIcacheGeometry, kDcacheGeometry, kPcacheGeometry, kWcacheGeometry, kEcacheGeometry}) {
        uint64_t x = 0x9e3779b97f4a7c15;
        for (int i = 0; i < 1000; ++i) {
            x = x * 6364136223846793005u + 1442695040888963407u; // LCG
            const uint64_t pa = x >> 21;                         // 43-bit PA
            INFO("size " << g.size << " pa 0x" << std::hex << pa);
            REQUIRE((g.base_address(g.tag(pa), g.set_index(pa)) | g.offset(pa)) == pa);
            REQUIRE(g.set_index(pa) < g.sets());
            REQUIRE(g.sub_block(pa) < g.sub_blocks);
        }
    }
}
