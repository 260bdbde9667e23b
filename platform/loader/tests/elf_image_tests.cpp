// parse_elf and the user-mode loader's mapping (map_program) on files the
// fuzzer (platform/loader/fuzz) found or that sit on the same edges:
// overlapping segments, segments sharing a page, sizes whose sums wrap, and a
// program larger than the guest's memory.
#include "platform/linux/address_space.h"
#include "platform/linux/program_image.h"
#include "platform/loader/elf_image.h"

#include "elf_builder.h"

#include <catch2/catch.hpp>

#include <cstring>
#include <vector>

using namespace fireplane;
using loader::LoadError;
using loader::parse_elf;
using loader_test::elf_file;
using loader_test::put;

namespace {

constexpr uint64_t kLimit = 1ull << 40; // the top of the user address space, for these tests
constexpr uint64_t P = linux_user::AddressSpace::kPageSize;

struct Guest {
    std::vector<uint8_t> ram;
    linux_user::AddressSpace memory;
    explicit Guest(uint64_t pages)
        : ram(pages * P), memory(linux_user::PhysicalMemory{ram.data(), 0, pages * P}) {}
};

} // namespace

TEST_CASE("segments that overlap are refused; segments that only share a page are not") {
    // Text at 0x100000 for 0x2000 bytes; data 0x1000 above its start (overlap).
    const auto overlapping =
        elf_file(0x100000, {{0x100000, 0, 0, 0x200, 0x2000}, {0x101000, 0, 0x200, 8, 0x10}}, 0x400);
    REQUIRE_THROWS_WITH(parse_elf(overlapping, "f"),
                        Catch::Contains("loadable segments 0 and 1 overlap"));

    const auto sharing =
        elf_file(0x100000, {{0x100000, 0, 0, 0x200, 0x200}, {0x100200, 0, 0x200, 8, 0x10}}, 0x400);
    CHECK(parse_elf(sharing, "f").segments.size() == 2);
}

TEST_CASE("two segments in one page both keep their bytes, and the page takes both protections") {
    // As `ld -n` links: text (R-X) ends and data (RW-) starts within one page.
    auto file = elf_file(
        0x100000, {{0x100000, 0, 0, 0x200, 0x200, 5}, {0x100200, 0, 0x200, 8, 0x3000, 6}}, 0x400);
    put(file, 0x1f8, 0x1111111111111111, 8); // the last word of the text
    put(file, 0x200, 0x2222222222222222, 8); // the first of the data
    const auto image = parse_elf(file, "f");
    Guest g(16);
    linux_user::map_program(g.memory, image, kLimit);
    CHECK(std::memcmp(g.memory.host_pointer(0x1001f8), file.data() + 0x1f8, 16) == 0);
    CHECK(*g.memory.host_pointer(0x100208) == 0); // the data's bss
    uint64_t pa;
    REQUIRE(g.memory.translate(0x100000, sparc::Access::Fetch, pa));
    REQUIRE(g.memory.translate(0x100000, sparc::Access::Write, pa));
    REQUIRE(g.memory.translate(0x102000, sparc::Access::Write, pa));
    CHECK_FALSE(g.memory.translate(0x102000, sparc::Access::Fetch, pa));
}

TEST_CASE("sizes and offsets whose sums wrap are refused, not trusted") {
    auto far_headers = elf_file(0x100000, {{0x100000, 0, 0, 0x100, 0x100}}, 0x400);
    put(far_headers, 32, ~uint64_t(0) - 8, 8); // e_phoff: e_phoff + e_phnum * 56 wraps
    CHECK_THROWS_AS(parse_elf(far_headers, "f"), LoadError);

    const auto far_bytes =
        elf_file(0x100000, {{0x100000, 0, ~uint64_t(0) - 8, 0x100, 0x100}}, 0x400);
    CHECK_THROWS_WITH(parse_elf(far_bytes, "f"), Catch::Contains("is truncated"));

    const auto wrapping = elf_file(0x100000, {{~uint64_t(0) - 0xfff, 0, 0, 0, 0x2000}}, 0x400);
    CHECK_THROWS_WITH(parse_elf(wrapping, "f"), Catch::Contains("wraps around"));
}

TEST_CASE("a program larger than the guest's memory is a LoadError, not a host crash") {
    const auto big = elf_file(0x100000, {{0x100000, 0, 0, 0x30000, 0x30000}}, 0x30000);
    const auto image = parse_elf(big, "big");
    Guest g(4); // 32 KiB of RAM for 192 KiB of segment
    CHECK_THROWS_WITH(linux_user::map_program(g.memory, image, kLimit),
                      Catch::Contains("need more than the guest's"));
}

TEST_CASE("a segment outside the user address space is refused") {
    const auto low = elf_file(0x100, {{0x100, 0, 0, 0x10, 0x10}}, 0x400);
    const auto high = elf_file(kLimit, {{kLimit - 0x1000, 0, 0, 0x10, 0x2000}}, 0x400);
    Guest g(4);
    CHECK_THROWS_WITH(linux_user::map_program(g.memory, parse_elf(low, "f"), kLimit),
                      Catch::Contains("outside the user address space"));
    CHECK_THROWS_WITH(linux_user::map_program(g.memory, parse_elf(high, "f"), kLimit),
                      Catch::Contains("outside the user address space"));
}
