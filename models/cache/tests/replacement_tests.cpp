// Replacement: invalid-first, exact LRU order, and the LFSR's polynomial,
// determinism and coverage of every way.
#include "models/cache/replacement.h"

#include <catch2/catch.hpp>

#include <array>
#include <set>
#include <stdexcept>
#include <vector>

using namespace fireplane;
using namespace fireplane::cache;
using Order = std::vector<unsigned>;

namespace {
constexpr uint64_t kAll4 = 0xf;

std::vector<unsigned> victims(Replacement& r, uint64_t set, int n) {
    std::vector<unsigned> v;
    for (int i = 0; i < n; ++i)
        v.push_back(r.victim(set, kAll4));
    return v;
}
} // namespace

TEST_CASE("replacement: policy names parse and print", "[replacement]") {
    CHECK(to_string(ReplacementPolicy::Lru) == "lru");
    CHECK(to_string(ReplacementPolicy::Lfsr) == "lfsr");
    CHECK(parse_replacement_policy("lru") == ReplacementPolicy::Lru);
    CHECK(parse_replacement_policy("lfsr") == ReplacementPolicy::Lfsr);
    CHECK_FALSE(parse_replacement_policy("random").has_value());
}

TEST_CASE("replacement: the constructor rejects unusable shapes", "[replacement]") {
    CHECK_THROWS_AS(Replacement(0, 4, ReplacementPolicy::Lru), std::invalid_argument);
    CHECK_THROWS_AS(Replacement(8, 0, ReplacementPolicy::Lru), std::invalid_argument);
    CHECK_THROWS_AS(Replacement(8, 3, ReplacementPolicy::Lfsr), std::invalid_argument);
    CHECK_THROWS_AS(Replacement(8, 128, ReplacementPolicy::Lru), std::invalid_argument);
    CHECK_NOTHROW(Replacement(8, 64, ReplacementPolicy::Lru));
    Replacement r(4, 4, ReplacementPolicy::Lru);
    CHECK_THROWS_AS(r.touch(0, 4), std::out_of_range);
}

TEST_CASE("replacement: an invalid way is always chosen first, lowest first", "[replacement]") {
    for (ReplacementPolicy p : {ReplacementPolicy::Lru, ReplacementPolicy::Lfsr}) {
        Replacement r(4, 4, p, 7);
        const uint16_t lfsr_before = r.lfsr_state();
        CHECK(r.victim(0, 0x0) == 0);
        CHECK(r.victim(0, 0x1) == 1);
        CHECK(r.victim(0, 0xb) == 2);
        CHECK(r.victim(0, 0x7) == 3);
        CHECK(r.victim(0, 0xd) == 1);
        // Even the most recently used invalid way beats the LRU valid one.
        r.touch(1, 2);
        CHECK(r.victim(1, 0xb) == 2);
        // Choosing an invalid way does not consume random bits.
        CHECK(r.lfsr_state() == lfsr_before);
    }
}

TEST_CASE("replacement: LRU keeps the exact recency order per set", "[replacement]") {
    Replacement r(2, 4, ReplacementPolicy::Lru);
    REQUIRE(r.lru_order(0) == Order{0, 1, 2, 3});
    CHECK(r.victim(0, kAll4) == 3);

    r.touch(0, 2);
    CHECK(r.lru_order(0) == Order{2, 0, 1, 3});
    r.touch(0, 3);
    CHECK(r.lru_order(0) == Order{3, 2, 0, 1});
    CHECK(r.victim(0, kAll4) == 1);
    r.touch(0, 1);
    CHECK(r.lru_order(0) == Order{1, 3, 2, 0});
    CHECK(r.victim(0, kAll4) == 0);
    r.touch(0, 1); // touching the MRU way changes nothing
    CHECK(r.lru_order(0) == Order{1, 3, 2, 0});
    r.touch(0, 0);
    CHECK(r.lru_order(0) == Order{0, 1, 3, 2});
    CHECK(r.victim(0, kAll4) == 2);
    // victim() alone does not reorder: the caller touches what it fills.
    CHECK(r.victim(0, kAll4) == 2);
    // The other set is untouched.
    CHECK(r.lru_order(1) == Order{0, 1, 2, 3});
}

TEST_CASE("replacement: the LFSR is x^16+x^14+x^13+x^11+1 with period 65535", "[replacement]") {
    Lfsr16 l(1);
    REQUIRE(l.state() == 1);
    // First shift from state 1 outputs 1 and applies the 0xB400 feedback.
    CHECK(l.step() == 1);
    CHECK(l.state() == 0xB400);
    CHECK(l.step() == 0);
    CHECK(l.state() == 0x5A00);

    Lfsr16 p(1);
    uint32_t period = 0;
    do {
        p.step();
        ++period;
    } while (p.state() != 1 && period <= 70000);
    CHECK(period == 65535);

    // A seed that folds to zero would lock up; it is replaced by 1.
    CHECK(Lfsr16(0).state() == 1);
    CHECK(Lfsr16(0x0001000000010000).state() == 1); // the 16-bit chunks cancel
    CHECK(Lfsr16(0xBEEF).state() == 0xBEEF);
}

TEST_CASE("replacement: LFSR victims are deterministic for a seed", "[replacement]") {
    Replacement a(16, 4, ReplacementPolicy::Lfsr, 0x1234);
    Replacement b(16, 4, ReplacementPolicy::Lfsr, 0x1234);
    Replacement c(16, 4, ReplacementPolicy::Lfsr, 0x4321);
    const auto va = victims(a, 3, 200);
    CHECK(va == victims(b, 3, 200));
    CHECK(va != victims(c, 3, 200));
    // The register is shared by all sets: the same seed and the same number of
    // choices give the same state whatever sets asked.
    Replacement d(16, 4, ReplacementPolicy::Lfsr, 0x1234);
    for (int i = 0; i < 200; ++i)
        d.victim(i % 16, kAll4);
    CHECK(d.lfsr_state() == a.lfsr_state());
    // touch() does not feed the LFSR.
    Replacement e(16, 4, ReplacementPolicy::Lfsr, 0x1234);
    e.touch(3, 1);
    CHECK(victims(e, 3, 200) == va);
    CHECK(e.lru_order(3) == Order{0, 1, 2, 3});
}

TEST_CASE("replacement: LFSR visits every way, roughly evenly", "[replacement]") {
    for (unsigned ways : {2u, 4u, 8u, 64u}) {
        INFO(ways << " ways");
        Replacement r(1, ways, ReplacementPolicy::Lfsr, 99);
        const uint64_t all = ways == 64 ? ~uint64_t{0} : (uint64_t{1} << ways) - 1;
        std::vector<unsigned> hits(ways, 0);
        const unsigned n = 1000 * ways;
        for (unsigned i = 0; i < n; ++i) {
            const unsigned w = r.victim(0, all);
            REQUIRE(w < ways);
            ++hits[w];
        }
        for (unsigned w = 0; w < ways; ++w) {
            INFO("way " << w);
            CHECK(hits[w] > 800);
            CHECK(hits[w] < 1200);
        }
    }
    // A single way is always way 0.
    Replacement one(4, 1, ReplacementPolicy::Lfsr, 5);
    CHECK(one.victim(2, 0x1) == 0);
}
