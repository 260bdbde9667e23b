// MshrTable: allocation, merging compatible requests, stalling an exclusive
// request behind a shared one, and running out of entries.
#include "models/cache/mshr.h"

#include <catch2/catch.hpp>

#include <stdexcept>

using namespace fireplane;
using namespace fireplane::cache;
using D = MshrDecision;

namespace {
constexpr uint64_t L0 = 0x1000, L1 = 0x1040, L2 = 0x1080;
}

TEST_CASE("mshr: allocate, find and release", "[mshr]") {
    MshrTable t(2);
    CHECK(t.capacity() == 2);
    CHECK(t.in_use() == 0);
    CHECK(t.find(L0) == -1);
    CHECK(t.classify(L0, MshrAccess::Shared) == D::Allocate);

    const unsigned id = t.allocate(L0, MshrAccess::Shared);
    CHECK(t.in_use() == 1);
    CHECK(t.find(L0) == int(id));
    CHECK(t[id].valid);
    CHECK(t[id].line == L0);
    CHECK(t[id].access == MshrAccess::Shared);
    CHECK_FALSE(t[id].prefetch);
    CHECK_FALSE(t[id].upgraded);

    t.release(id);
    CHECK(t.in_use() == 0);
    CHECK(t.find(L0) == -1);
    CHECK_FALSE(t[id].valid);
}

TEST_CASE("mshr: requests a pending line grants merge", "[mshr]") {
    MshrTable t(4);
    t.allocate(L0, MshrAccess::Shared);
    t.allocate(L1, MshrAccess::Exclusive);
    CHECK(t.classify(L0, MshrAccess::Shared) == D::Merge);    // RTS serves a load
    CHECK(t.classify(L1, MshrAccess::Shared) == D::Merge);    // RTO serves a load
    CHECK(t.classify(L1, MshrAccess::Exclusive) == D::Merge); // and a store
    CHECK(t.in_use() == 2);                                   // classify allocates nothing
}

TEST_CASE("mshr: exclusive behind shared stalls", "[mshr]") {
    MshrTable t(4);
    t.allocate(L0, MshrAccess::Shared);
    CHECK(t.classify(L0, MshrAccess::Exclusive) == D::Stall);
    // Once the shared fill is back, the exclusive request gets its own entry.
    t.release(unsigned(t.find(L0)));
    CHECK(t.classify(L0, MshrAccess::Exclusive) == D::Allocate);
}

TEST_CASE("mshr: a full table refuses new lines but still merges", "[mshr]") {
    MshrTable t(2);
    const unsigned a = t.allocate(L0, MshrAccess::Shared);
    const unsigned b = t.allocate(L1, MshrAccess::Shared);
    CHECK(a != b);
    CHECK(t.in_use() == 2);
    CHECK(t.classify(L2, MshrAccess::Shared) == D::Full);
    CHECK(t.classify(L2, MshrAccess::Exclusive) == D::Full);
    CHECK(t.classify(L0, MshrAccess::Shared) == D::Merge);    // pending lines still merge
    CHECK(t.classify(L1, MshrAccess::Exclusive) == D::Stall); // ... or stall
    CHECK_THROWS_AS(t.allocate(L2, MshrAccess::Shared), std::logic_error);

    t.release(a); // the freed entry is reused
    CHECK(t.classify(L2, MshrAccess::Shared) == D::Allocate);
    CHECK(t.allocate(L2, MshrAccess::Shared) == a);
}
