// Direct TLB access (data access, tag read) round trips, what a TLB entry
// keeps of a TTE, the TLB data in picks, and deterministic replacement.
#include "mmu_test_support.h"

#include <vector>

using namespace fireplane::mmu;
using namespace fireplane::mmu::test;

TEST_CASE("data access and tag read round-trip in every TLB") {
    CheetahMmu m = enabled_mmu();
    struct Case {
        Side side;
        uint8_t tlb;
        unsigned index;
    };
    const Case cases[] = {{Side::Data, kTlbT16, 15},       {Side::Data, kTlbT512_0, 0},
                          {Side::Data, kTlbT512_0, 511},   {Side::Data, kTlbT512_1, 300},
                          {Side::Instruction, kTlbT16, 7}, {Side::Instruction, kTlbIT128, 127}};
    unsigned n = 0;
    for (const Case& c : cases) {
        const uint64_t va = 0xfffff80000000000 + (uint64_t(++n) << 22);
        const uint64_t data = make_tte(uint64_t(n) << 30, n & 3, tte::kCp | tte::kW | tte::kG);
        data_access(m, c.side, c.tlb, c.index, va, 0x1000 + n, data);
        CHECK(read_data(m, c.side, c.tlb, c.index) == data);
        CHECK(read_tag(m, c.side, c.tlb, c.index) == (va | (0x1000 + n)));
    }
    CHECK(m.stats.data_access_writes == 6);
    CHECK(m.valid_entries().size() == 6);
}

TEST_CASE("a TLB entry drops the soft bits, and the lock bit outside T16") {
    CheetahMmu m = enabled_mmu();
    const uint64_t soft = 0x07fc000000001f80ull; // Soft2<58:50>, Soft<12:7>
    const uint64_t data = make_tte(0x40000000, 0, tte::kCp | tte::kLock | tte::kNfo | tte::kIe);
    data_access(m, Side::Data, kTlbT16, 1, 0x2000, 1, data | soft);
    CHECK(read_data(m, Side::Data, kTlbT16, 1) == data);
    data_access(m, Side::Data, kTlbT512_1, 1, 0x2000, 1, data | soft);
    CHECK(read_data(m, Side::Data, kTlbT512_1, 1) == (data & ~tte::kLock));
    // The I-MMU has no NFO or IE.
    data_access(m, Side::Instruction, kTlbT16, 1, 0x2000, 1, data);
    CHECK(read_data(m, Side::Instruction, kTlbT16, 1) == (data & ~(tte::kNfo | tte::kIe)));
}

TEST_CASE("direct access to a TLB that does not exist is refused") {
    CheetahMmu m = enabled_mmu();
    uint64_t v;
    CHECK_FALSE(m.load(kAsiDtlbDataAccess, slot(1, 0), v));
    CHECK_FALSE(m.load(kAsiItlbDataAccess, slot(3, 0), v));
    CHECK_FALSE(m.store(kAsiItlbTagRead, slot(0, 0), 0)); // tag read is load-only
    CHECK_FALSE(m.load(kAsiDmmuTsb8kPtr, 0, v, 4));       // 64-bit accesses only
    CHECK(m.load(kAsiDmmuTsb8kPtr, 0, v, 8));
}

TEST_CASE("data in: locked pages go to T16, others to the dT512 of their size, else T16") {
    // pgsz0 = 64K, pgsz1 = 4M.
    CheetahMmu m = enabled_mmu(primary_ctx(1, 1, 3));
    data_in(m, Side::Data, 0x400000, 1, make_tte(0x400000, 3, tte::kCp | tte::kLock), 1, 3);
    data_in(m, Side::Data, 0x810000, 1, make_tte(0x810000, 1, tte::kCp), 1, 3);
    data_in(m, Side::Data, 0xc00000, 1, make_tte(0xc00000, 3, tte::kCp), 1, 3);
    data_in(m, Side::Data, 0x1000000, 1, make_tte(0x1000000, 2, tte::kCp), 1, 3); // 512K: no dT512
    std::vector<std::string> where;
    for (const TlbEntryView& e : m.valid_entries())
        where.push_back(std::string(e.tlb_name()) + "@" + std::to_string(e.va()));
    CHECK(where == std::vector<std::string>{"dT16@4194304", "dT16@16777216", "dT512_0@8454144",
                                            "dT512_1@12582912"});
    CHECK(m.stats.data_in_writes == 4);

    // Both dT512s programmed alike: dT512_0 takes the entry.
    CheetahMmu same = enabled_mmu(primary_ctx(1, 0, 0));
    data_in(same, Side::Data, 0x2000, 1, make_tte(0x2000, 0, tte::kCp), 0, 0);
    REQUIRE(same.valid_entries().size() == 1);
    CHECK(same.valid_entries()[0].tlb == kTlbT512_0);
    // The page sizes come from the tag access extension, not the context register.
    data_in(same, Side::Data, 0x4000, 1, make_tte(0x4000, 0, tte::kCp), 3, 3);
    CHECK(same.valid_entries()[0].tlb == kTlbT16);
}

TEST_CASE("T16 replacement: first invalid, then the first unused unlocked entry") {
    CheetahMmu m = enabled_mmu(primary_ctx(1, 0, 0));
    auto load64k = [&](uint64_t va, uint64_t flags = 0) {
        data_in(m, Side::Data, va, 1, make_tte(va, 1, tte::kCp | flags));
    };
    // Four locked entries, then twelve unlocked: the 16 slots in order.
    for (unsigned i = 0; i < 16; ++i)
        load64k(0x1000000 + i * 0x10000, i < 4 ? tte::kLock : 0);
    for (unsigned i = 0; i < 16; ++i)
        CHECK(read_tag(m, Side::Data, kTlbT16, i) == (0x1000000 + i * 0x10000 | 1));
    // Every slot used: the sweep clears the used bits and slot 4 (the first
    // unlocked) goes, then 5, 6, ... never a locked one.
    std::vector<unsigned> replaced;
    for (unsigned i = 0; i < 14; ++i) {
        const uint64_t va = 0x2000000 + i * 0x10000;
        load64k(va);
        for (unsigned s = 0; s < 16; ++s)
            if (read_tag(m, Side::Data, kTlbT16, s) == (va | 1)) replaced.push_back(s);
    }
    CHECK(replaced == std::vector<unsigned>{4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 4, 5});
    for (unsigned i = 0; i < 4; ++i)
        CHECK(read_tag(m, Side::Data, kTlbT16, i) == (0x1000000 + i * 0x10000 | 1));
    CHECK(m.stats.evictions == 14);
    // Slots 4 and 5 are used since the last sweep; a hit marks slot 6 used
    // too, so the next data in passes it by and takes slot 7.
    CHECK(read_tag(m, Side::Data, kTlbT16, 6) == (0x2020000 | 1));
    CHECK(m.translate(request(0x2020000, AccessKind::Read)).ok());
    load64k(0x2f00000);
    CHECK(read_tag(m, Side::Data, kTlbT16, 7) == (0x2f00000 | 1));
}

TEST_CASE("T16 with every entry locked: data in overwrites the last one") {
    CheetahMmu m = enabled_mmu(primary_ctx(1, 0, 0));
    for (unsigned i = 0; i < 16; ++i)
        data_in(m, Side::Data, 0x1000000 + i * 0x10000, 1,
                make_tte(0x1000000, 1, tte::kCp | tte::kLock));
    data_in(m, Side::Data, 0x3000000, 1, make_tte(0x3000000, 1, tte::kCp));
    CHECK(read_tag(m, Side::Data, kTlbT16, 15) == (0x3000000 | 1));
    CHECK(read_tag(m, Side::Data, kTlbT16, 14) == (0x10e0000 | 1));
}

TEST_CASE("2-way replacement: the invalid way first, then a deterministic LFSR") {
    auto fill = [](CheetahMmu& m) {
        std::vector<unsigned> ways;
        // Five 8K pages of one dT512_0 set (VA bits 20:13 equal).
        for (unsigned i = 0; i < 5; ++i) {
            const uint64_t va = 0x6000 + uint64_t(i) * 0x200000;
            data_in(m, Side::Data, va, 1, make_tte(va, 0, tte::kCp));
            for (unsigned way = 0; way < 2; ++way)
                if (read_tag(m, Side::Data, kTlbT512_0, way * 256 + 3) == (va | 1))
                    ways.push_back(way);
        }
        return ways;
    };
    CheetahMmu a = enabled_mmu(primary_ctx(1, 0, 3));
    CheetahMmu b = enabled_mmu(primary_ctx(1, 0, 3));
    const std::vector<unsigned> first = fill(a);
    // Way 0, way 1, then the LFSR (0xace1, taps 0xb400): bits 1, 0, 0.
    CHECK(first == std::vector<unsigned>{0, 1, 1, 0, 0});
    CHECK(fill(b) == first);
    // After reset the sequence starts over.
    a.reset();
    a.set_enabled(true, true);
    write_reg(a, Side::Data, kVaPrimaryContext, primary_ctx(1, 0, 3));
    CHECK(fill(a) == first);
}

TEST_CASE("the TLB dump lists valid entries with their attributes") {
    CheetahMmu m = enabled_mmu(primary_ctx(0x2a, 0, 3));
    data_in(m, Side::Data, 0x400000, 0x2a, make_tte(0x7ff00400000, 3, tte::kCp | tte::kE | tte::kW),
            0, 3);
    data_in(m, Side::Instruction, 0x10000, 0x2a, make_tte(0x30000, 0, tte::kCp | tte::kLock));
    const std::vector<TlbEntryView> entries = m.valid_entries();
    REQUIRE(entries.size() == 2);
    CHECK(entries[0].side == Side::Instruction);
    CHECK(format_tlb_entry(entries[0]) ==
          "iT16    [  0] va=0x0000000000010000 ctx=0x002a pa=0x00000030000 8K   L CP");
    CHECK(format_tlb_entry(entries[1]) ==
          "dT512_1 [  1] va=0x0000000000400000 ctx=0x002a pa=0x7ff00400000 4M   CP E W");
}

TEST_CASE("T16 entries 16-63 alias 0-15 or, with Spitfire-sized indexes, reach nothing") {
    const uint64_t data = make_tte(0x40000000, 2, tte::kCp | tte::kLock);
    CheetahMmu cheetah = enabled_mmu();
    data_access(cheetah, Side::Data, kTlbT16, 3, 0x80000, 0, data);
    CHECK(read_data(cheetah, Side::Data, kTlbT16, 3 + 16) == data); // VA<6:3> only
    CHECK(read_data(cheetah, Side::Data, kTlbT16, 3 + 48) == data);
    data_access(cheetah, Side::Data, kTlbT16, 3 + 32, 0x100000, 0, 0); // clears entry 3
    CHECK(read_data(cheetah, Side::Data, kTlbT16, 3) == 0);

    CheetahMmu::Config spitfire;
    spitfire.spitfire_t16_indexes = true;
    CheetahMmu m(spitfire);
    m.set_enabled(true, true);
    data_access(m, Side::Data, kTlbT16, 3, 0x80000, 0, data);
    CHECK(read_data(m, Side::Data, kTlbT16, 3 + 16) == 0);
    CHECK(read_tag(m, Side::Data, kTlbT16, 3 + 48) == 0);
    data_access(m, Side::Data, kTlbT16, 3 + 32, 0x100000, 0, 0); // ignored
    CHECK(read_data(m, Side::Data, kTlbT16, 3) == data);
    CHECK(read_data(m, Side::Data, kTlbT16, 15) == 0);
    CHECK(m.valid_entries().size() == 1);
    // The dT512s keep their 512-entry index.
    data_access(m, Side::Data, kTlbT512_0, 300, 0x2000, 0, make_tte(0x2000, 0, tte::kCp));
    CHECK(read_data(m, Side::Data, kTlbT512_0, 300) == make_tte(0x2000, 0, tte::kCp));
}
