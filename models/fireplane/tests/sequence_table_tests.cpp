// SequenceTable: the bus's transactions by sequence number.
#include "models/fireplane/sequence_table.h"

#include <catch2/catch.hpp>

#include <string>
#include <utility>
#include <vector>

using fireplane::SequenceTable;

namespace {
std::vector<std::pair<uint64_t, std::string>> all(const SequenceTable<std::string>& t) {
    std::vector<std::pair<uint64_t, std::string>> out;
    t.for_each([&](uint64_t seq, const std::string& v) { out.emplace_back(seq, v); });
    return out;
}
} // namespace

TEST_CASE("a sequence table numbers its values from 1 and finds them by number",
          "[sequence_table]") {
    SequenceTable<std::string> t;
    CHECK(t.empty());
    CHECK(t.add("a") == 1);
    CHECK(t.add("b") == 2);
    CHECK(t.add("c") == 3);
    CHECK(t.size() == 3);
    REQUIRE(t.find(2));
    CHECK(*t.find(2) == "b");
    CHECK_FALSE(t.find(0));
    CHECK_FALSE(t.find(4));
    *t.find(3) = "C";
    CHECK(all(t) == std::vector<std::pair<uint64_t, std::string>>{{1, "a"}, {2, "b"}, {3, "C"}});
}

TEST_CASE("a sequence table erases in any order and keeps numbering and order",
          "[sequence_table]") {
    SequenceTable<std::string> t;
    for (const char* v : {"a", "b", "c", "d"})
        t.add(v);
    const std::string* d = t.find(4);
    t.erase(2); // a hole
    CHECK_FALSE(t.find(2));
    CHECK(t.size() == 3);
    t.erase(2); // again: nothing
    CHECK(t.size() == 3);
    t.erase(1);            // the front goes, and the hole behind it
    CHECK(t.find(4) == d); // others stay where they were
    CHECK(t.add("e") == 5);
    CHECK(all(t) == std::vector<std::pair<uint64_t, std::string>>{{3, "c"}, {4, "d"}, {5, "e"}});
    for (uint64_t seq : {5, 3, 4})
        t.erase(seq);
    CHECK(t.empty());
    CHECK(t.add("f") == 6); // numbers are never reused
    CHECK(all(t) == std::vector<std::pair<uint64_t, std::string>>{{6, "f"}});
}

TEST_CASE("a sequence table keeps values in place as it wraps and grows", "[sequence_table]") {
    SequenceTable<std::string> t;
    CHECK(t.add("old") == 1);
    const std::string* old = t.find(1);
    // A window of ten live values slides far past the ring's first size,
    // behind the one old value that stays: the ring must grow around it.
    for (uint64_t seq = 2; seq < 1000; ++seq) {
        CHECK(t.add(std::to_string(seq)) == seq);
        if (seq >= 12) t.erase(seq - 10);
    }
    CHECK(t.find(1) == old);
    CHECK(*old == "old");
    CHECK(t.size() == 11);
    std::vector<std::pair<uint64_t, std::string>> expected{{1, "old"}};
    for (uint64_t seq = 990; seq < 1000; ++seq)
        expected.emplace_back(seq, std::to_string(seq));
    CHECK(all(t) == expected);
    // Once the old value goes, the window alone wraps around the ring.
    t.erase(1);
    for (uint64_t seq = 1000; seq < 5000; ++seq) {
        CHECK(t.add(std::to_string(seq)) == seq);
        t.erase(seq - 10);
        REQUIRE(t.find(seq));
        CHECK(*t.find(seq) == std::to_string(seq));
        CHECK_FALSE(t.find(seq - 10));
    }
    CHECK(t.size() == 10);
    CHECK_FALSE(t.find(0));
    CHECK_FALSE(t.find(5000));
}
