// StoreBuffer: capacity, in-order retirement, and the read-after-write
// classification of the paper's Table 3 (docs/validation.md; paper section 4.1).
#include "models/cache/store_buffer.h"

#include <catch2/catch.hpp>

#include <cstdint>
#include <vector>

using namespace fireplane;
using namespace fireplane::cache;

namespace {

constexpr uint64_t A = 0x1000; // a 64-byte line
constexpr uint64_t B = 0x2000; // another line

// A store that has been given its drain cycle.
StoreEntry& push(StoreBuffer& sb, uint64_t pa, unsigned size, uint64_t drains_at) {
    StoreEntry& e = sb.push(pa, size, 0);
    e.drains_at = drains_at;
    return e;
}

} // namespace

TEST_CASE("store buffer: push, full, and in-order retirement", "[store_buffer]") {
    StoreBuffer sb(3, 64);
    CHECK(sb.empty());
    CHECK(sb.capacity() == 3);
    CHECK(sb.line_of(A + 0x3f) == A);

    StoreEntry& e = sb.push(A, 8, 100);
    CHECK(e.pa == A);
    CHECK(e.size == 8);
    CHECK(e.enqueued == 100);
    CHECK(e.drains_at == kUnknownCycle); // not scheduled yet
    CHECK_FALSE(e.line_ready);
    e.drains_at = 105;
    push(sb, A + 8, 8, 103); // drained before the older one: must still wait for it
    push(sb, B, 4, 110);
    CHECK(sb.full());
    CHECK(sb.oldest().pa == A);
    CHECK(sb.youngest().pa == B);

    sb.retire_until(104); // the oldest (105) is still there, so nothing leaves
    CHECK(sb.size() == 3);
    sb.retire_until(105); // 105 and then 103 leave, in order
    CHECK(sb.size() == 1);
    CHECK(sb.oldest().pa == B);
    sb.retire_until(200);
    CHECK(sb.empty());
}

TEST_CASE("store buffer: order, entries and hazards hold as the ring wraps", "[store_buffer]") {
    StoreBuffer sb(3, 64); // a ring of 4 slots
    uint64_t cycle = 0;
    for (unsigned round = 0; round < 10; ++round) {
        push(sb, A, 8, cycle + 1);
        push(sb, B + 8 * round % 64, 4, cycle + 2);
        REQUIRE(sb.size() == 2);
        CHECK(sb.oldest().pa == A);
        CHECK(sb.youngest().pa == B + 8 * round % 64);
        CHECK(sb.at(1).seq == sb.at(0).seq + 1);
        CHECK(sb.check_load(A, 8).hazard == RawHazard::Forward);
        sb.retire_until(cycle + 1);
        CHECK(sb.size() == 1);
        CHECK(sb.check_load(A, 8).hazard == RawHazard::None);
        sb.retire_until(cycle + 2);
        CHECK(sb.empty());
        cycle += 2;
    }
}

TEST_CASE("store buffer: a store into a full ring is a model error", "[store_buffer]") {
    StoreBuffer sb(4, 64);
    for (unsigned i = 0; i < 4; ++i)
        sb.push(A + 8 * i, 8, 0);
    CHECK(sb.full());
    CHECK_THROWS_AS(sb.push(B, 8, 0), std::logic_error);
}

TEST_CASE("store buffer: a store of unknown drain blocks every later one", "[store_buffer]") {
    StoreBuffer sb(8, 64);
    sb.push(A, 8, 100);    // its line is still being fetched
    push(sb, B, 8, 102);   // scheduled, but behind it
    sb.retire_until(1000); // kUnknownCycle > 1000
    CHECK(sb.size() == 2);
}

TEST_CASE("store buffer: stores learn their drain cycle in order, across retirement and a "
          "checkpoint",
          "[store_buffer]") {
    StoreBuffer sb(4, 64);
    CHECK(sb.scheduled() == 0);
    sb.push(A, 8, 100);
    sb.push(A + 8, 8, 101);
    sb.push(B, 8, 102);
    CHECK(sb.scheduled() == 0);
    sb.schedule_next(106);
    CHECK(sb.scheduled() == 1);
    CHECK(sb.at(0).drains_at == 106);
    CHECK(sb.at(1).drains_at == kUnknownCycle);
    sb.schedule_next(108);
    CHECK(sb.scheduled() == 2);
    CHECK(sb.at(1).drains_at == 108);
    sb.retire_until(106); // the first leaves: one scheduled store is left
    CHECK(sb.size() == 2);
    CHECK(sb.scheduled() == 1);
    CHECK(sb.at(0).pa == A + 8);

    // Saved and restored, the buffer knows which of its stores have their cycle.
    std::vector<uint8_t> saved;
    StateIo w = StateIo::writer("store_buffer", saved, 1);
    sb.checkpoint(w);
    StoreBuffer restored(4, 64);
    StateIo r = StateIo::reader("store_buffer", saved, 1);
    restored.checkpoint(r);
    CHECK(restored.size() == 2);
    CHECK(restored.scheduled() == 1);
    restored.schedule_next(110);
    CHECK(restored.at(1).pa == B);
    CHECK(restored.at(1).drains_at == 110);
    CHECK(restored.scheduled() == 2);

    sb.retire_until(108); // the scheduled store leaves; the one without a cycle stays
    CHECK(sb.size() == 1);
    CHECK(sb.scheduled() == 0);
    sb.push(A, 4, 109);
    CHECK(sb.scheduled() == 0);
    sb.schedule_next(112);
    CHECK(sb.at(0).pa == B);
    CHECK(sb.scheduled() == 1);
    sb.schedule_next(114);
    CHECK(sb.at(1).drains_at == 114);
    CHECK(sb.scheduled() == 2);
}

TEST_CASE("store buffer: no hazard for a load to another line", "[store_buffer][raw]") {
    StoreBuffer sb(8, 64);
    push(sb, A, 8, 110);
    const RawCheck r = sb.check_load(B, 8);
    CHECK(r.hazard == RawHazard::None);
    CHECK(r.store == nullptr);
    CHECK(r.line_last == nullptr);
    // The last byte of A's line is still A's line; the next byte is not.
    CHECK(sb.check_load(A + 0x38, 8).hazard == RawHazard::SameLine);
    CHECK(sb.check_load(A + 0x40, 8).hazard == RawHazard::None);
}

TEST_CASE("store buffer: forward from the youngest store of the same bytes",
          "[store_buffer][raw]") {
    StoreBuffer sb(8, 64);
    push(sb, A, 8, 110);
    push(sb, A, 8, 112); // same bytes again: the youngest is the one forwarded
    const RawCheck r = sb.check_load(A, 8);
    CHECK(r.hazard == RawHazard::Forward);
    CHECK(r.store == &sb.youngest());
    CHECK(r.line_last == &sb.youngest());
    // Byte and word stores forward to loads of exactly their bytes.
    push(sb, B + 3, 1, 114);
    CHECK(sb.check_load(B + 3, 1).hazard == RawHazard::Forward);
}

TEST_CASE("store buffer: a load of part of a store is an overlap", "[store_buffer][raw]") {
    // The paper's Table 3 (docs/validation.md): an overlap is an 8-byte store
    // followed by a load of its upper or lower 4 bytes (T3.4-T3.6): the data is
    // in the buffer, yet it is not forwarded.
    StoreBuffer sb(8, 64);
    push(sb, A, 8, 110);
    for (uint64_t pa : {A, A + 4}) {
        const RawCheck r = sb.check_load(pa, 4);
        CHECK(r.hazard == RawHazard::Overlap);
        CHECK(r.store == &sb.oldest());
    }
    // A load wider than the store it overlaps.
    StoreBuffer sb2(8, 64);
    push(sb2, A + 4, 4, 110);
    CHECK(sb2.check_load(A, 8).hazard == RawHazard::Overlap);
    // A younger partial store hides an older exact one.
    StoreBuffer sb3(8, 64);
    push(sb3, A, 8, 110);
    push(sb3, A + 4, 4, 112);
    const RawCheck r3 = sb3.check_load(A, 8);
    CHECK(r3.hazard == RawHazard::Overlap);
    CHECK(r3.store == &sb3.youngest());
}

TEST_CASE("store buffer: past hazard when a younger store went to the line",
          "[store_buffer][raw]") {
    // T3.10: stx [A], stx [A+8], then ldx [A].
    StoreBuffer sb(8, 64);
    push(sb, A, 8, 110);
    push(sb, A + 8, 8, 112);
    push(sb, B, 8, 114); // a younger store to another line does not matter
    const RawCheck r = sb.check_load(A, 8);
    CHECK(r.hazard == RawHazard::Past);
    CHECK(r.store == &sb.at(0));     // the data's store
    CHECK(r.line_last == &sb.at(1)); // whose drain ends the hazard
}

TEST_CASE("store buffer: same line, no common byte", "[store_buffer][raw]") {
    // T3.7-T3.9: stx [A], [A+8], [A+16], then ldx [A+24].
    StoreBuffer sb(8, 64);
    push(sb, A, 8, 110);
    push(sb, A + 8, 8, 112);
    push(sb, A + 16, 8, 114);
    const RawCheck r = sb.check_load(A + 24, 8);
    CHECK(r.hazard == RawHazard::SameLine);
    CHECK(r.store == &sb.youngest());
    CHECK(r.line_last == &sb.youngest());
}
