// The MMU register tables of ASI 0x50 / 0x58: reset values, write masks,
// read-only and missing registers, the ASI table, and access sizes.
#include "mmu_test_support.h"

#include <set>
#include <string>

using namespace fireplane::mmu;
using namespace fireplane::mmu::test;

TEST_CASE("every register reads its reset value after reset") {
    CheetahMmu m;
    for (Side side : {Side::Instruction, Side::Data}) {
        const CheetahMmu::Table t = CheetahMmu::register_table(side);
        REQUIRE(t.count > 0);
        for (size_t i = 0; i < t.count; ++i) {
            const CheetahMmu::RegisterInfo& r = t.rows[i];
            if (!r.field) continue;
            write_reg(m, side, r.va, ~0ull);
            m.reset();
            INFO(r.name);
            CHECK(read_reg(m, side, r.va) == r.reset);
        }
    }
}

TEST_CASE("stores keep the bits each register implements") {
    CheetahMmu m;
    struct Case {
        Side side;
        uint8_t va;
        uint64_t kept;
    };
    const Case cases[] = {
        {Side::Data, kVaPrimaryContext, 0xfc000000003f1fff},
        {Side::Data, kVaSecondaryContext, 0x3f1fff},
        {Side::Data, kVaSfsr, 0x01ffbfff},
        {Side::Data, kVaSfar, ~0ull},
        {Side::Data, kVaTsb, 0xfffffffffffff007},
        {Side::Data, kVaTagAccess, ~0ull},
        {Side::Data, kVaVaWatchpoint, 0xfffffffffffffff8},
        {Side::Data, kVaPaWatchpoint, 0x7fffffffff8},
        {Side::Data, kVaTsbExtPrimary, ~0ull},
        {Side::Data, kVaTsbExtSecondary, ~0ull},
        {Side::Data, kVaTsbExtNucleus, ~0ull},
        {Side::Data, kVaTagAccessExt, 0x3f0000},
        {Side::Instruction, kVaSfsr, 0x01ffbfff},
        {Side::Instruction, kVaTsb, 0xfffffffffffff007},
        {Side::Instruction, kVaTagAccess, ~0ull},
        {Side::Instruction, kVaTsbExtPrimary, ~0ull},
        {Side::Instruction, kVaTsbExtNucleus, ~0ull},
    };
    for (const Case& c : cases) {
        INFO("register va 0x" << std::hex << unsigned(c.va));
        write_reg(m, c.side, c.va, ~0ull);
        CHECK(read_reg(m, c.side, c.va) == c.kept);
    }
}

TEST_CASE(
    "the I-MMU has no context, SFAR, watchpoint, secondary extension or tag access extension") {
    CheetahMmu m;
    uint64_t v;
    for (uint64_t va : {0x08, 0x10, 0x20, 0x38, 0x40, 0x50, 0x60, 0x68}) {
        INFO("va 0x" << std::hex << va);
        CHECK_FALSE(m.load(kAsiImmu, va, v));
        CHECK_FALSE(m.store(kAsiImmu, va, 0));
    }
    for (uint64_t va : {0x68, 0x70, 0x04}) // beyond the table, or not a register's VA
        CHECK_FALSE(m.load(kAsiDmmu, va, v));
}

TEST_CASE("tag target is read-only and derived from tag access") {
    CheetahMmu m;
    CHECK_FALSE(m.store(kAsiDmmu, kVaTagTarget, 1));
    CHECK_FALSE(m.store(kAsiImmu, kVaTagTarget, 1));
    write_reg(m, Side::Instruction, kVaTagAccess, 0xffffffff80402000 | 0x123);
    CHECK(read_reg(m, Side::Instruction, kVaTagTarget) ==
          (uint64_t(0x123) << 48 | 0xffffffff80402000 >> 22));
    CHECK(read_reg(m, Side::Data, kVaTagTarget) == 0);
}

TEST_CASE("the ASI table covers 0x50-0x5f but 0x53, each ASI in one direction or both") {
    std::set<unsigned> mmu;
    for (unsigned asi = 0; asi < 256; ++asi)
        if (CheetahMmu::is_mmu_asi(asi)) mmu.insert(asi);
    CHECK(mmu == std::set<unsigned>{0x50, 0x51, 0x52, 0x54, 0x55, 0x56, 0x57, 0x58, 0x59, 0x5a,
                                    0x5b, 0x5c, 0x5d, 0x5e, 0x5f});
    CHECK(std::string(CheetahMmu::find_asi(0x5b)->name) == "ASI_DMMU_TSB_DIRECT_PTR");
    CHECK(CheetahMmu::find_asi(0x57)->load == nullptr);
    CHECK(CheetahMmu::find_asi(0x56)->store == nullptr);
    CHECK(CheetahMmu::find_asi(0x53) == nullptr);

    CheetahMmu m;
    uint64_t v;
    CHECK_FALSE(m.load(0x53, 0, v));
    CHECK_FALSE(m.load(0x45, 0, v));
}

TEST_CASE("MMU registers take 64-bit accesses only") {
    CheetahMmu m;
    uint64_t v;
    CHECK_FALSE(m.store(kAsiDmmu, kVaPrimaryContext, 5, 4));
    CHECK_FALSE(m.load(kAsiDmmu, kVaPrimaryContext, v, 4));
    CHECK(m.store(kAsiDmmu, kVaPrimaryContext, 5, 8));
    CHECK(read_reg(m, Side::Data, kVaPrimaryContext) == 5);
    CHECK(m.context_value(ContextSel::Primary) == 5);
    CHECK(m.context_value(ContextSel::Nucleus) == 0);
}
