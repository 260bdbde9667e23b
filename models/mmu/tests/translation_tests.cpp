// Translation: each page size in each TLB, the PA with its page offset, the
// attributes, context matching (primary, secondary, nucleus), global entries,
// MMUs off, and probe().
#include "mmu_test_support.h"

using namespace fireplane::mmu;
using namespace fireplane::mmu::test;

namespace {
constexpr uint64_t kCpCvW = tte::kCp | tte::kCv | tte::kW;
} // namespace

TEST_CASE("every page size translates in dT16 with its page offset") {
    CheetahMmu m = enabled_mmu(primary_ctx(0x123, 0, 0));
    struct Case {
        unsigned size;
        uint64_t va, pa;
    };
    const Case cases[] = {{0, 0x0000000010002000, 0x40000000},
                          {1, 0x0000000020010000, 0x50010000},
                          {2, 0x0000000030080000, 0x60080000},
                          {3, 0xfffff80000400000, 0x7ff00400000}};
    unsigned index = 0;
    for (const Case& c : cases)
        data_access(m, Side::Data, kTlbT16, index++, c.va, 0x123, make_tte(c.pa, c.size, kCpCvW));
    for (const Case& c : cases) {
        const uint64_t offset = (uint64_t(1) << tte::page_shift(c.size)) - 8;
        const Translation t = m.translate(request(c.va + offset, AccessKind::Read));
        REQUIRE(t.ok());
        CHECK(t.pa == c.pa + offset);
        CHECK(t.page_shift == tte::page_shift(c.size));
        // One byte past the page misses.
        CHECK(m.translate(request(c.va + offset + 8, AccessKind::Read)).trap ==
              kTrapFastDataAccessMmuMiss);
    }
    CHECK(m.stats.d_t16_hits == 4);
}

TEST_CASE("PA offset bits stored in a large page's TTE are ignored by translation") {
    CheetahMmu m = enabled_mmu(primary_ctx(1, 0, 0));
    // A 4M page whose TTE carries PA<21:13> bits: the VA's offset replaces them.
    data_access(m, Side::Data, kTlbT16, 0, 0x800000, 1, make_tte(0x40000000 | 0x3fe000, 3, kCpCvW));
    const Translation t = m.translate(request(0x800000 + 0x12345, AccessKind::Read));
    REQUIRE(t.ok());
    CHECK(t.pa == 0x40000000 + 0x12345);
}

TEST_CASE("dT512_0 and dT512_1 each hold the page size the context register programs") {
    // Primary context 7: dT512_0 holds 4M pages, dT512_1 8K pages (Linux's kernel layout).
    CheetahMmu m = enabled_mmu(primary_ctx(7, 3, 0));
    data_in(m, Side::Data, 0x0000000001c00000, 7, make_tte(0x80000000, 3, kCpCvW), 3, 0);
    data_in(m, Side::Data, 0x0000000000012000, 7, make_tte(0x90000000, 0, kCpCvW), 3, 0);
    // Where data in put them: the set index is the VA above each page's offset.
    const unsigned set4m = (0x1c00000 >> 22) & 0xff, set8k = (0x12000 >> 13) & 0xff;
    CHECK(read_data(m, Side::Data, kTlbT512_0, set4m) == make_tte(0x80000000, 3, kCpCvW));
    CHECK(read_data(m, Side::Data, kTlbT512_1, set8k) == make_tte(0x90000000, 0, kCpCvW));

    Translation t = m.translate(request(0x1c00000 + 0x3ffff8, AccessKind::Read));
    REQUIRE(t.ok());
    CHECK(t.pa == 0x80000000 + 0x3ffff8);
    t = m.translate(request(0x12008, AccessKind::Write));
    REQUIRE(t.ok());
    CHECK(t.pa == 0x90000008);
    CHECK(m.stats.d_t512_0_hits == 1);
    CHECK(m.stats.d_t512_1_hits == 1);

    // Reprogrammed to other sizes, the dT512s index by those: the entries are not found.
    write_reg(m, Side::Data, kVaPrimaryContext, primary_ctx(7, 1, 2));
    CHECK(m.translate(request(0x12008, AccessKind::Read)).trap == kTrapFastDataAccessMmuMiss);
}

TEST_CASE("64K and 512K pages go to the dT512s when programmed so") {
    CheetahMmu m = enabled_mmu(primary_ctx(9, 1, 2));
    data_in(m, Side::Data, 0x0000000000350000, 9, make_tte(0x1230000, 1, kCpCvW), 1, 2);
    data_in(m, Side::Data, 0x0000000000380000, 9, make_tte(0x2380000, 2, kCpCvW), 1, 2);
    CHECK(read_data(m, Side::Data, kTlbT512_0, (0x350000 >> 16) & 0xff) ==
          make_tte(0x1230000, 1, kCpCvW));
    CHECK(read_data(m, Side::Data, kTlbT512_1, (0x380000 >> 19) & 0xff) ==
          make_tte(0x2380000, 2, kCpCvW));
    CHECK(m.translate(request(0x35fff0, AccessKind::Read)).pa == 0x123fff0);
    CHECK(m.translate(request(0x3ffff0, AccessKind::Read)).pa == 0x23ffff0);
}

TEST_CASE("iT128 holds unlocked 8K pages, iT16 the larger ones") {
    CheetahMmu m = enabled_mmu(primary_ctx(3, 0, 0));
    data_in(m, Side::Instruction, 0x100000, 3, make_tte(0x700000, 0, tte::kCp));
    data_in(m, Side::Instruction, 0x400000, 3, make_tte(0xc00000, 3, tte::kCp));
    CHECK(read_data(m, Side::Instruction, kTlbIT128, (0x100000 >> 13) & 0x3f) ==
          make_tte(0x700000, 0, tte::kCp));
    CHECK(read_data(m, Side::Instruction, kTlbT16, 0) == make_tte(0xc00000, 3, tte::kCp));
    CHECK(m.translate(request(0x100004, AccessKind::Fetch)).pa == 0x700004);
    CHECK(m.translate(request(0x7ffffc, AccessKind::Fetch)).pa == 0xfffffc);
    CHECK(m.stats.i_t128_hits == 1);
    CHECK(m.stats.i_t16_hits == 1);
    // The I-MMU entries do not serve data accesses.
    CHECK(m.translate(request(0x100004, AccessKind::Read)).trap == kTrapFastDataAccessMmuMiss);
}

TEST_CASE("the result carries CP, CV, E, IE, NFO and W") {
    CheetahMmu m = enabled_mmu(primary_ctx(2, 0, 0));
    data_access(m, Side::Data, kTlbT16, 0, 0x2000, 2, make_tte(0x2000, 0, tte::kE | tte::kIe));
    data_access(m, Side::Data, kTlbT16, 1, 0x4000, 2,
                make_tte(0x4000, 0, tte::kCp | tte::kCv | tte::kNfo | tte::kW));
    Translation io = m.translate(request(0x2000, AccessKind::Read));
    REQUIRE(io.ok());
    CHECK(io.side_effect);
    CHECK(io.invert_endian);
    CHECK_FALSE(io.cacheable);
    CHECK_FALSE(io.writable);
    MmuRequest nf = request(0x4000, AccessKind::Read);
    nf.no_fault = true;
    Translation mem = m.translate(nf);
    REQUIRE(mem.ok());
    CHECK(mem.cacheable);
    CHECK(mem.virtually_cacheable);
    CHECK(mem.no_fault_only);
    CHECK(mem.writable);
    CHECK_FALSE(mem.side_effect);
}

TEST_CASE("contexts: primary, secondary and nucleus each match their own entries") {
    CheetahMmu m = enabled_mmu(primary_ctx(0x10, 0, 0), 0x20);
    const uint64_t va = 0x600000;
    data_access(m, Side::Data, kTlbT16, 0, va, 0x10, make_tte(0x100000, 0, kCpCvW));
    data_access(m, Side::Data, kTlbT16, 1, va, 0x20, make_tte(0x200000, 0, kCpCvW));
    data_access(m, Side::Data, kTlbT16, 2, va, 0, make_tte(0x300000, 0, kCpCvW));
    CHECK(m.translate(request(va, AccessKind::Read, ContextSel::Primary)).pa == 0x100000);
    CHECK(m.translate(request(va, AccessKind::Read, ContextSel::Secondary)).pa == 0x200000);
    CHECK(m.translate(request(va, AccessKind::Read, ContextSel::Nucleus)).pa == 0x300000);
    // A context switch: primary 0x20 now finds the secondary's entry.
    write_reg(m, Side::Data, kVaPrimaryContext, 0x20);
    CHECK(m.translate(request(va, AccessKind::Read)).pa == 0x200000);
    write_reg(m, Side::Data, kVaPrimaryContext, 0x30);
    CHECK(m.translate(request(va, AccessKind::Read)).trap == kTrapFastDataAccessMmuMiss);
}

TEST_CASE("nucleus accesses use the N_pgsz fields of the primary context register") {
    // Primary context 5 programs 8K/8K, the nucleus 4M/8K.
    CheetahMmu m = enabled_mmu(primary_ctx(5, 0, 0, 3, 0));
    data_in(m, Side::Data, 0x40000000, 0, make_tte(0x1000000, 3, kCpCvW), 3, 0);
    CHECK(read_data(m, Side::Data, kTlbT512_0, (0x40000000 >> 22) & 0xff) ==
          make_tte(0x1000000, 3, kCpCvW));
    CHECK(m.translate(request(0x40123450, AccessKind::Read, ContextSel::Nucleus)).pa == 0x1123450);
    // The primary context (5) indexes dT512_0 as 8K and misses, whatever the context.
    write_reg(m, Side::Data, kVaPrimaryContext, primary_ctx(0, 0, 0, 3, 0));
    CHECK(m.translate(request(0x40123450, AccessKind::Read, ContextSel::Primary)).trap ==
          kTrapFastDataAccessMmuMiss);
}

TEST_CASE("a global entry matches every context") {
    CheetahMmu m = enabled_mmu(primary_ctx(0x44, 0, 0), 0x55);
    data_access(m, Side::Data, kTlbT16, 3, 0xa000, 0x99, make_tte(0xc000, 0, kCpCvW | tte::kG));
    CHECK(m.translate(request(0xa010, AccessKind::Read, ContextSel::Primary)).pa == 0xc010);
    CHECK(m.translate(request(0xa010, AccessKind::Read, ContextSel::Secondary)).pa == 0xc010);
    CHECK(m.translate(request(0xa010, AccessKind::Read, ContextSel::Nucleus)).pa == 0xc010);
    // Without G the tag's context must match.
    data_access(m, Side::Data, kTlbT16, 3, 0xa000, 0x99, make_tte(0xc000, 0, kCpCvW));
    CHECK(m.translate(request(0xa010, AccessKind::Read)).trap == kTrapFastDataAccessMmuMiss);
}

TEST_CASE("with the MMUs off translate() passes the low 43 bits through") {
    CheetahMmu m;
    const Translation t = m.translate(request(0xfffffc0012345678, AccessKind::Read));
    REQUIRE(t.ok());
    CHECK(t.pa == 0x40012345678);
    CHECK(m.translate(request(0x1ff00000000, AccessKind::Fetch)).pa == 0x1ff00000000);
    // Only the D-MMU on: fetches still bypass.
    m.set_enabled(false, true);
    CHECK(m.translate(request(0x4000, AccessKind::Fetch)).ok());
    CHECK(m.translate(request(0x4000, AccessKind::Read)).trap == kTrapFastDataAccessMmuMiss);
}

TEST_CASE("probe() translates without touching registers or counters") {
    CheetahMmu m = enabled_mmu(primary_ctx(6, 0, 0));
    data_access(m, Side::Data, kTlbT16, 0, 0x6000, 6, make_tte(0x8000, 0, tte::kCp));
    write_reg(m, Side::Data, kVaTagAccess, 0x1234);
    const Translation hit = m.probe(0x6004, Side::Data, ContextSel::Primary);
    CHECK(hit.ok());
    CHECK(hit.pa == 0x8004);
    const Translation miss = m.probe(0xe000, Side::Data, ContextSel::Primary);
    CHECK(miss.trap == kTrapFastDataAccessMmuMiss);
    CHECK(read_reg(m, Side::Data, kVaTagAccess) == 0x1234);
    CHECK(m.stats.d_misses == 0);
    CHECK(m.stats.d_t16_hits == 0);
}
