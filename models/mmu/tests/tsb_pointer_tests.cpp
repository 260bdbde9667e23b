// TSB pointers, hand-computed: common and split TSBs of several sizes, the
// TSB extension registers (base XOR and TSB_Hash) and which one a miss picks,
// and the D-MMU direct pointer.
#include "mmu_test_support.h"

using namespace fireplane::mmu;
using namespace fireplane::mmu::test;

namespace {

uint64_t ptr(CheetahMmu& m, unsigned asi) {
    uint64_t v = 0;
    REQUIRE(m.load(asi, 0, v));
    return v;
}

} // namespace

TEST_CASE("tsb_pointer: common TSB of 512 entries") {
    const uint64_t tsb = 0x0000040000000000; // size 0, not split
    const uint64_t tag = 0x12346000 | 5;     // VA<21:13> = 0x1a3, VA<24:16> = 0x034
    CHECK(tsb_pointer(tsb, 0, tag, TsbPage::Size8K) == 0x0000040000001a30);
    CHECK(tsb_pointer(tsb, 0, tag, TsbPage::Size64K) == 0x0000040000000340);
}

TEST_CASE("tsb_pointer: TSB_Size widens the index and hides low base bits") {
    // 2048 entries: VA<23:13> indexes; base bits 14:13 are not part of the base.
    const uint64_t tag = 0x600000;
    CHECK(tsb_pointer(0x700000002, 0, tag, TsbPage::Size8K) == 0x700003000);
    CHECK(tsb_pointer(0x700006002, 0, tag, TsbPage::Size8K) == 0x700003000);
    CHECK(tsb_pointer(0x700000002, 0, tag, TsbPage::Size64K) == 0x700000600);
    // Size 0: only VA<21:13>.
    CHECK(tsb_pointer(0x700000000, 0, tag, TsbPage::Size8K) == 0x700001000);
}

TEST_CASE("tsb_pointer: a split TSB puts the 64K half after the 8K half") {
    const uint64_t tag = 0x600000;
    // Size 0: two 8 KiB halves at 0x4000 and 0x6000.
    CHECK(tsb_pointer(0x5000, 0, tag, TsbPage::Size8K) == 0x5000);
    CHECK(tsb_pointer(0x5000, 0, tag, TsbPage::Size64K) == 0x6600);
    // Size 1: two 16 KiB halves at 0x8000 and 0xc000.
    CHECK(tsb_pointer(0x9001, 0, tag, TsbPage::Size8K) == 0xb000);
    CHECK(tsb_pointer(0x9001, 0, tag, TsbPage::Size64K) == 0xc600);
}

TEST_CASE("tsb_pointer: the extension register XORs the base and hashes the index") {
    const uint64_t tsb = 0x0000040000000000;
    const uint64_t ext = 0x100000 | 5 << 3; // base bit 20, TSB_Hash 5
    const uint64_t tag = 0x12346000;
    CHECK(tsb_pointer(tsb, ext, tag, TsbPage::Size8K) == 0x0000040000101a60);  // 0x1a3 ^ 5
    CHECK(tsb_pointer(tsb, ext, tag, TsbPage::Size64K) == 0x0000040000100310); // 0x034 ^ 5
    // The extension's size field adds to the base register's.
    CHECK(tsb_pointer(tsb, ext | 1, 0x600000, TsbPage::Size8K) == 0x0000040000103050);
}

TEST_CASE("the TSB pointer ASIs follow the last miss and its context's extension") {
    CheetahMmu m = enabled_mmu(primary_ctx(0x11, 0, 0), 0x22);
    write_reg(m, Side::Data, kVaTsb, 0x40000000000);
    write_reg(m, Side::Data, kVaTsbExtPrimary, 0);
    write_reg(m, Side::Data, kVaTsbExtSecondary, 0x200000);
    write_reg(m, Side::Data, kVaTsbExtNucleus, 0x400000);
    write_reg(m, Side::Instruction, kVaTsb, 0x50000000000 | tsb::kSplit);
    write_reg(m, Side::Instruction, kVaTsbExtPrimary, 0);
    write_reg(m, Side::Instruction, kVaTsbExtNucleus, 0x800000);

    CHECK(m.translate(request(0x600000, AccessKind::Read)).trap == kTrapFastDataAccessMmuMiss);
    CHECK(ptr(m, kAsiDmmuTsb8kPtr) == 0x40000001000);
    CHECK(ptr(m, kAsiDmmuTsb64kPtr) == 0x40000000600);
    CHECK(ptr(m, kAsiDmmuTsbDirectPtr) == 0x40000001000);
    m.translate(request(0x600000, AccessKind::Read, ContextSel::Secondary));
    CHECK(ptr(m, kAsiDmmuTsb8kPtr) == 0x40000201000);
    m.translate(request(0x600000, AccessKind::Read, ContextSel::Nucleus));
    CHECK(ptr(m, kAsiDmmuTsb8kPtr) == 0x40000401000);

    // I side: a split TSB; TL > 0 fetches use the nucleus extension.
    m.translate(request(0x600000, AccessKind::Fetch));
    CHECK(ptr(m, kAsiImmuTsb8kPtr) == 0x50000001000);
    CHECK(ptr(m, kAsiImmuTsb64kPtr) == 0x50000002600);
    m.translate(request(0x600000, AccessKind::Fetch, ContextSel::Nucleus));
    CHECK(ptr(m, kAsiImmuTsb8kPtr) == 0x50000801000);
    // The D side still points at its own last miss.
    CHECK(ptr(m, kAsiDmmuTsb8kPtr) == 0x40000401000);
}

TEST_CASE("the direct pointer follows the page size of a protection fault") {
    CheetahMmu m = enabled_mmu(primary_ctx(1, 0, 0));
    write_reg(m, Side::Data, kVaTsb, 0x40000000000 | tsb::kSplit);
    data_access(m, Side::Data, kTlbT16, 0, 0x600000, 1, make_tte(0x600000, 1, tte::kCp));
    data_access(m, Side::Data, kTlbT16, 1, 0x700000, 1, make_tte(0x700000, 0, tte::kCp));
    CHECK(m.translate(request(0x600000, AccessKind::Write)).trap == kTrapFastDataAccessProtection);
    CHECK(ptr(m, kAsiDmmuTsbDirectPtr) == ptr(m, kAsiDmmuTsb64kPtr));
    CHECK(ptr(m, kAsiDmmuTsbDirectPtr) == 0x40000002600);
    CHECK(m.translate(request(0x700000, AccessKind::Write)).trap == kTrapFastDataAccessProtection);
    CHECK(ptr(m, kAsiDmmuTsbDirectPtr) == 0x40000001800);
    m.translate(request(0x600000, AccessKind::Write));
    CHECK(m.translate(request(0x900000, AccessKind::Read)).trap == kTrapFastDataAccessMmuMiss);
    CHECK(ptr(m, kAsiDmmuTsbDirectPtr) == ptr(m, kAsiDmmuTsb8kPtr));
}

TEST_CASE("tag target and TSB pointers follow a software write of tag access") {
    CheetahMmu m;
    write_reg(m, Side::Data, kVaTsb, 0x40000000000);
    write_reg(m, Side::Data, kVaTagAccess, 0x12346000 | 0x1fff);
    CHECK(read_reg(m, Side::Data, kVaTagTarget) == (uint64_t(0x1fff) << 48 | 0x12346000 >> 22));
    CHECK(ptr(m, kAsiDmmuTsb8kPtr) == 0x40000001a30);
    // Pointer registers are read-only.
    CHECK_FALSE(m.store(kAsiDmmuTsb8kPtr, 0, 0));
}
