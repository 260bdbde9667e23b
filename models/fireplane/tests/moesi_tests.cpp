// The coherence-state table: each state's flags, names and parsing.
#include "models/fireplane/moesi.h"

#include <catch2/catch.hpp>

#include <sstream>

using namespace fireplane;
using CS = MoesiState;

TEST_CASE("moesi: each state's valid/dirty/owner/writable flags", "[moesi]") {
    struct Row {
        CS s;
        bool valid, dirty, owner, writable;
    };
    const Row expected[] = {
        {CS::I, false, false, false, false}, {CS::S, true, false, false, false},
        {CS::E, true, false, false, true},   {CS::O, true, true, true, false},
        {CS::Os, true, true, true, false},   {CS::M, true, true, true, true},
    };
    for (const Row& r : expected) {
        INFO("state " << r.s);
        CHECK(is_valid(r.s) == r.valid);
        CHECK(is_dirty(r.s) == r.dirty);
        CHECK(is_owner(r.s) == r.owner);
        CHECK(is_writable(r.s) == r.writable);
        CHECK(info(r.s).state == r.s);
    }
}

TEST_CASE("moesi: the predicates are usable at compile time", "[moesi]") {
    static_assert(is_dirty(CS::Os) && !is_writable(CS::Os), "Os is dirty, not writable");
    static_assert(is_writable(CS::E) && !is_dirty(CS::E), "E is clean and writable");
    STATIC_REQUIRE(to_string(CS::M) == "M");
}

TEST_CASE("moesi: names round-trip and unknown names are rejected", "[moesi]") {
    const char* names[] = {"I", "S", "E", "O", "Os", "M"};
    for (unsigned i = 0; i < kNumMoesiStates; ++i) {
        const auto s = static_cast<CS>(i);
        CHECK(to_string(s) == names[i]);
        const auto parsed = parse_moesi_state(names[i]);
        REQUIRE(parsed.has_value());
        CHECK(*parsed == s);
        std::ostringstream os;
        os << s;
        CHECK(os.str() == names[i]);
    }
    CHECK_FALSE(parse_moesi_state("OS").has_value());
    CHECK_FALSE(parse_moesi_state("").has_value());
    CHECK_FALSE(parse_moesi_state("MOESI").has_value());
}
