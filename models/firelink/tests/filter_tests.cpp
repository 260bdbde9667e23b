// Filters (trits, the type mask), the sequence buffer and the register table.
#include "models/firelink/monitor_registers.h"
#include "models/firelink/sequence_buffer.h"
#include "models/firelink/transaction_filter.h"

#include <catch2/catch.hpp>

#include <set>

using namespace fireplane;
using namespace fireplane::firelink;

namespace {
TransactionRecord rec(uint64_t address, TransactionType type = TransactionType::RTS,
                      uint16_t source = 0, uint16_t tid = 0) {
    TransactionRecord r;
    r.address = address;
    r.type = type;
    r.source = source;
    r.transaction_id = tid;
    return r;
}
} // namespace

TEST_CASE("filter: the paper's \"110X\" trits pass 1100 and 1101 only", "[filter]") {
    TritField f{0b1110, 0b1100};
    for (uint64_t v = 0; v < 16; ++v)
        CHECK(f.passes(v) == (v == 0b1100 || v == 0b1101));
}

TEST_CASE("filter: an all-don't-care field passes everything; a full mask one value", "[filter]") {
    TritField any{0, 0x123};
    CHECK(any.passes(0));
    CHECK(any.passes(~0ull));
    TritField one{(1ull << 43) - 1, 0x40000};
    CHECK(one.passes(0x40000));
    CHECK_FALSE(one.passes(0x40040));
}

TEST_CASE("filter: the type mask selects single types and any set of them", "[filter]") {
    TransactionFilter f;
    CHECK_FALSE(f.passes(rec(0))); // no type selected: nothing passes
    f.types = type_bit(TransactionType::WB);
    CHECK(f.passes(rec(0, TransactionType::WB)));
    CHECK_FALSE(f.passes(rec(0, TransactionType::RTS)));
    f.types |= type_bit(TransactionType::RTO) | type_bit(TransactionType::INT);
    CHECK(f.passes(rec(0, TransactionType::RTO)));
    CHECK(f.passes(rec(0, TransactionType::INT)));
    CHECK_FALSE(f.passes(rec(0, TransactionType::RTSA)));
}

TEST_CASE("filter: address, source and transaction-ID trits must all pass", "[filter]") {
    TransactionFilter f;
    f.types = kAllTransactionTypesMask;
    f.address = {0x7ffffffffc0ull & ~0x1fffull, 0x2000}; // the 8 KiB page at 0x2000
    f.source = {0x3fc, 0x4};                             // agents 4-7: board 1
    f.transaction_id = {0x1, 0x1};                       // odd IDs
    CHECK(f.passes(rec(0x2040, TransactionType::RTS, 5, 3)));
    CHECK_FALSE(f.passes(rec(0x4040, TransactionType::RTS, 5, 3))); // another page
    CHECK_FALSE(f.passes(rec(0x2040, TransactionType::RTS, 8, 3))); // board 2
    CHECK_FALSE(f.passes(rec(0x2040, TransactionType::RTS, 5, 2))); // even ID
}

TEST_CASE("sequence buffer: keeps order, stops at 8 and flags the overrun", "[tsb]") {
    SequenceBuffer b;
    for (uint64_t i = 0; i < 10; ++i)
        b.record(rec(i * 64));
    CHECK(b.fill() == 8);
    CHECK(b.overrun());
    CHECK(b.lost() == 2);
    for (unsigned i = 0; i < 8; ++i)
        CHECK(b.entry(i).address == i * 64); // the first eight, oldest first
    b.clear();
    CHECK(b.fill() == 0);
    CHECK_FALSE(b.overrun());
    b.record(rec(0x999));
    CHECK(b.entry(0).address == 0x999);
    CHECK(b.lost() == 2); // lost matches stay counted
}

TEST_CASE("registers: every offset decodes to one register; names round-trip", "[registers]") {
    std::set<uint64_t> offsets;
    for (const RegisterInfo& r : monitor_registers())
        for (unsigned i = 0; i < r.count; ++i) {
            const uint64_t off = r.offset + i * r.stride;
            CHECK(off % 8 == 0);
            CHECK(off < kWindowSize);
            CHECK(offsets.insert(off).second); // no two registers share an offset
            const DecodedRegister d = decode_register(off);
            REQUIRE(d.info == &r);
            CHECK(d.index == i);
            uint64_t found = 0;
            REQUIRE(find_register(register_name(r, i), found));
            CHECK(found == off);
        }
    CHECK(decode_register(0x18).info == nullptr); // a hole
    CHECK(decode_register(0x104).info == nullptr);
    uint64_t off = 0;
    CHECK_FALSE(find_register("set2.count", off));
    REQUIRE(find_register("set1.count", off));
    CHECK(off == 0x178);
}

TEST_CASE("registers: a sequence-buffer entry's info decodes to what was recorded", "[registers]") {
    TransactionRecord r = rec(0x7ff12345640ull, TransactionType::WBIO, 0x3a5, 0xbeef);
    r.snoop.owned = true;
    r.snoop.mapped = true;
    const TransactionRecord back = decode_tsb_entry(r.address, encode_tsb_info(r));
    CHECK(back.address == r.address);
    CHECK(back.type == r.type);
    CHECK(back.source == r.source);
    CHECK(back.transaction_id == r.transaction_id);
    CHECK(back.snoop == r.snoop);
    CHECK(encode_tsb_info(r) >> kInfoTidShift == 0xbeef); // the documented field positions
    CHECK((encode_tsb_info(r) >> kInfoSourceShift & 0x3ff) == 0x3a5);
}
