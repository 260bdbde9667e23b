// The bridge's record of repeats the caches granted (repeat_grants.h): a line
// a set, dropped by an answer without a grant for its set and by a revocation.
#include "models/cpu/repeat_grants.h"

#include <catch2/catch.hpp>

using fireplane::cache::CacheAnswer;
using fireplane::sparc::RepeatGrants;

namespace {
CacheAnswer granted(unsigned shift, unsigned set_bits) {
    CacheAnswer a(true, 0);
    a.repeat_shift = uint8_t(shift);
    a.repeat_set_bits = uint8_t(set_bits);
    return a;
}
const CacheAnswer kNone(true, 0);
constexpr uint64_t kSets = 512, kLine = 32; // a 64 KiB, 4-way D$
} // namespace

TEST_CASE("repeat grants: a line a set, by index and PA", "[repeat]") {
    RepeatGrants g;
    CHECK_FALSE(g.repeats(0x1000, 0x9000)); // nothing granted yet
    g.answered(0x1000, 0x9000, granted(5, 9));
    CHECK(g.repeats(0x1000, 0x9000));
    CHECK(g.repeats(0x101f, 0x901f));       // the same 32-byte line
    CHECK_FALSE(g.repeats(0x1020, 0x9020)); // the next line: another set
    CHECK_FALSE(g.repeats(0x1000, 0xa000)); // the same index, another PA (an alias)
    // A line of another set is kept beside it.
    g.answered(0x1020, 0x9020, granted(5, 9));
    CHECK(g.repeats(0x1000, 0x9000));
    CHECK(g.repeats(0x1020, 0x9020));
    // Another line of the first set replaces its grant.
    const uint64_t same_set = 0x1000 + kSets * kLine;
    g.answered(same_set, same_set, granted(5, 9));
    CHECK(g.repeats(same_set, same_set));
    CHECK_FALSE(g.repeats(0x1000, 0x9000));
    CHECK(g.repeats(0x1020, 0x9020));
}

TEST_CASE("repeat grants: an answer without one drops its set's", "[repeat]") {
    RepeatGrants g;
    g.answered(0x1000, 0x1000, granted(5, 9));
    g.answered(0x1020, 0x1020, granted(5, 9));
    g.answered(0x1000 + kSets * kLine, 0x7000, kNone); // touched the first set, somehow
    CHECK_FALSE(g.repeats(0x1000, 0x1000));
    CHECK(g.repeats(0x1020, 0x1020));
}

TEST_CASE("repeat grants: sets beyond the slots share them", "[repeat]") {
    RepeatGrants g; // 256 slots for 512 sets: sets 0 and 256 share one
    g.answered(0x0, 0x0, granted(5, 9));
    const uint64_t set256 = 256 * kLine;
    CHECK_FALSE(g.repeats(set256, set256));
    g.answered(set256, set256, granted(5, 9));
    CHECK(g.repeats(set256, set256));
    CHECK_FALSE(g.repeats(0x0, 0x0)); // forgotten, never wrongly kept
}

TEST_CASE("repeat grants: a revocation ends them all", "[repeat]") {
    RepeatGrants g;
    for (uint64_t line = 0; line < 64; ++line)
        g.answered(line * kLine, line * kLine, granted(5, 9));
    g.revoke();
    for (uint64_t line = 0; line < 64; ++line)
        CHECK_FALSE(g.repeats(line * kLine, line * kLine));
    g.answered(0x40, 0x40, granted(5, 9));
    CHECK(g.repeats(0x40, 0x40));
}

TEST_CASE("repeat grants: another geometry starts afresh", "[repeat]") {
    RepeatGrants g;
    g.answered(0x1000, 0x1000, granted(5, 9));
    g.answered(0x2000, 0x2000, granted(6, 8)); // 64-byte lines
    CHECK_FALSE(g.repeats(0x1000, 0x1000));
    CHECK(g.repeats(0x2000, 0x2000));
    CHECK(g.repeats(0x203f, 0x203f));
}
