// Demap page, context and all through ASI 0x57/0x5f: which entries each
// removes (locked, global, per context, per TLB) and the generation counter.
#include "mmu_test_support.h"

using namespace fireplane::mmu;
using namespace fireplane::mmu::test;

namespace {

constexpr uint64_t kFlags = tte::kCp | tte::kW;

uint64_t demap_addr(uint64_t va, unsigned type, unsigned ctx) {
    return (va & ~0x1fffull) | type << 6 | ctx << 4;
}

void demap(CheetahMmu& m, Side side, uint64_t address) {
    REQUIRE(m.store(side == Side::Instruction ? kAsiImmuDemap : kAsiDmmuDemap, address, 0));
}

bool hits(CheetahMmu& m, uint64_t va, ContextSel sel = ContextSel::Primary) {
    return m.probe(va, Side::Data, sel).ok();
}

// Primary context 0x10 (dT512_0 8K, dT512_1 4M), secondary 0x20 (same sizes):
//   A  8K  ctx 0x10  dT512_0      B  8K  ctx 0x20  dT512_0
//   C  4M  ctx 0x10  dT512_1      D  64K ctx 0x10  dT16, locked
//   G  8K  ctx 0x30  dT16, global N  8K  ctx 0     dT16 (nucleus)
struct Layout {
    CheetahMmu m = enabled_mmu(primary_ctx(0x10, 0, 3), 0x20 | 3u << 19);
    static constexpr uint64_t A = 0x100000, B = 0x100000, C = 0x800000, D = 0x210000, G = 0x300000,
                              N = 0x100000;
    Layout() {
        data_in(m, Side::Data, A, 0x10, make_tte(0x1000000, 0, kFlags), 0, 3);
        data_in(m, Side::Data, B, 0x20, make_tte(0x2000000, 0, kFlags), 0, 3);
        data_in(m, Side::Data, C, 0x10, make_tte(0x3000000, 3, kFlags), 0, 3);
        data_in(m, Side::Data, D, 0x10, make_tte(0x4010000, 1, kFlags | tte::kLock), 0, 3);
        data_access(m, Side::Data, kTlbT16, 5, G, 0x30, make_tte(0x5000000, 0, kFlags | tte::kG));
        data_access(m, Side::Data, kTlbT16, 6, N, 0, make_tte(0x6000000, 0, kFlags));
        REQUIRE(m.valid_entries().size() == 6);
    }
};

} // namespace

TEST_CASE("demap page removes the page in the selected context only") {
    Layout l;
    demap(l.m, Side::Data, demap_addr(Layout::A + 0x40, 0, 0)); // primary
    CHECK_FALSE(hits(l.m, Layout::A));
    CHECK(hits(l.m, Layout::B, ContextSel::Secondary));
    CHECK(hits(l.m, Layout::N, ContextSel::Nucleus));
    demap(l.m, Side::Data, demap_addr(Layout::B, 0, 1)); // secondary
    CHECK_FALSE(hits(l.m, Layout::B, ContextSel::Secondary));
    CHECK(hits(l.m, Layout::N, ContextSel::Nucleus));
    demap(l.m, Side::Data, demap_addr(Layout::N, 0, 2)); // nucleus
    CHECK_FALSE(hits(l.m, Layout::N, ContextSel::Nucleus));
    CHECK(l.m.stats.demap_page == 3);
    CHECK(l.m.valid_entries().size() == 3);
}

TEST_CASE("demap page finds large pages by any VA inside them, locked and global ones too") {
    Layout l;
    demap(l.m, Side::Data, demap_addr(Layout::C + 0x2fe000, 0, 0));
    CHECK_FALSE(hits(l.m, Layout::C));
    demap(l.m, Side::Data, demap_addr(Layout::D + 0xe000, 0, 0));
    CHECK_FALSE(hits(l.m, Layout::D));
    // A global entry matches the demap in any context.
    demap(l.m, Side::Data, demap_addr(Layout::G, 0, 1));
    CHECK_FALSE(hits(l.m, Layout::G));
    CHECK(l.m.valid_entries().size() == 3);
}

TEST_CASE("demap context removes the context's entries, locked ones too, but not global ones") {
    Layout l;
    demap(l.m, Side::Data, demap_addr(0, 1, 0)); // primary context 0x10
    CHECK_FALSE(hits(l.m, Layout::A));
    CHECK_FALSE(hits(l.m, Layout::C));
    CHECK_FALSE(hits(l.m, Layout::D));
    CHECK(hits(l.m, Layout::B, ContextSel::Secondary));
    CHECK(hits(l.m, Layout::N, ContextSel::Nucleus));
    // The global entry was tagged with context 0x30; a demap of that context spares it.
    write_reg(l.m, Side::Data, kVaSecondaryContext, 0x30);
    demap(l.m, Side::Data, demap_addr(0, 1, 1));
    CHECK(hits(l.m, Layout::G));
    CHECK(l.m.stats.demap_context == 2);
}

TEST_CASE("demap all removes everything but the locked entries") {
    Layout l;
    demap(l.m, Side::Data, 0x80); // what Linux's cheetah_flush_dtlb_all stores
    const std::vector<TlbEntryView> left = l.m.valid_entries();
    REQUIRE(left.size() == 1);
    CHECK(left[0].va() == Layout::D);
    CHECK(left[0].tlb == kTlbT16);
    CHECK(hits(l.m, Layout::D + 0x1234));
    CHECK(l.m.stats.demap_all == 1);
}

TEST_CASE("reserved demap types and context selectors do nothing") {
    Layout l;
    demap(l.m, Side::Data, demap_addr(Layout::A, 3, 0));
    demap(l.m, Side::Data, demap_addr(Layout::A, 0, 3));
    demap(l.m, Side::Data, demap_addr(0, 1, 3));
    CHECK(l.m.valid_entries().size() == 6);
    // Loads from a demap ASI are refused.
    uint64_t v;
    CHECK_FALSE(l.m.load(kAsiDmmuDemap, 0x80, v));
}

TEST_CASE("I-MMU demap works on the I-TLBs only") {
    CheetahMmu m = enabled_mmu(primary_ctx(4, 0, 0));
    data_in(m, Side::Instruction, 0x20000, 4, make_tte(0x20000, 0, tte::kCp));
    data_in(m, Side::Instruction, 0x400000, 4, make_tte(0x400000, 3, tte::kCp | tte::kLock));
    data_in(m, Side::Data, 0x20000, 4, make_tte(0x20000, 0, tte::kCp));
    demap(m, Side::Instruction, demap_addr(0x20000, 0, 0));
    CHECK_FALSE(m.probe(0x20000, Side::Instruction, ContextSel::Primary).ok());
    CHECK(m.probe(0x20000, Side::Data, ContextSel::Primary).ok());
    data_in(m, Side::Instruction, 0x20000, 4, make_tte(0x20000, 0, tte::kCp));
    demap(m, Side::Instruction, 0x80);
    CHECK_FALSE(m.probe(0x20000, Side::Instruction, ContextSel::Primary).ok());
    CHECK(m.probe(0x400000, Side::Instruction, ContextSel::Primary).ok());
    CHECK(m.probe(0x20000, Side::Data, ContextSel::Primary).ok());
}

TEST_CASE("the generation changes on TLB writes, demaps and context switches only") {
    CheetahMmu m = enabled_mmu(primary_ctx(1, 0, 0));
    uint64_t g = m.generation();
    auto changed = [&] {
        const bool c = m.generation() != g;
        g = m.generation();
        return c;
    };
    data_in(m, Side::Data, 0x2000, 1, make_tte(0x2000, 0, tte::kCp));
    CHECK(changed());
    demap(m, Side::Data, demap_addr(0x2000, 0, 0));
    CHECK(changed());
    write_reg(m, Side::Data, kVaPrimaryContext, 2);
    CHECK(changed());
    write_reg(m, Side::Data, kVaSecondaryContext, 2);
    CHECK(changed());
    m.set_enabled(true, false);
    CHECK(changed());
    // Registers that do not alter translations leave it alone; so do lookups.
    write_reg(m, Side::Data, kVaTsb, 0x40000);
    write_reg(m, Side::Data, kVaSfsr, 0);
    write_reg(m, Side::Data, kVaTagAccess, 0x4000);
    m.translate(request(0x2000, AccessKind::Read));
    m.set_enabled(true, false);
    CHECK_FALSE(changed());
}
