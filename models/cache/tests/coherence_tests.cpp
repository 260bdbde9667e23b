// The MOESI snoop protocol through the real modules: CacheHierarchy x N on a
// FireplaneBus in front of a MemoryController (coherence_bench.h). Each
// TEST_CASE elaborates its own design, so ctest runs each in its own process.
#include "coherence_bench.h"

#include <catch2/catch.hpp>

using namespace fireplane;
using namespace fireplane::test;
using C = MoesiState;
using K = cache::RequestKind;

namespace {

constexpr uint64_t X = 0x10000; // a line
// Lines in X's E$ set (8 MiB, 2 ways: 4 MiB apart): two of them evict X.
constexpr uint64_t Y = X + (uint64_t(4) << 20);
constexpr uint64_t Z = X + (uint64_t(8) << 20);

BenchOptions cpus(unsigned n) {
    BenchOptions o;
    o.cpus = n;
    o.caches.ecache.policy = cache::ReplacementPolicy::Lru; // evictions the test can predict
    return o;
}

void run() {
    if (sc_core::sc_pending_activity()) sc_core::sc_start();
}

} // namespace

TEST_CASE("RTS alone gives E and memory supplies the data") {
    CoherenceBench b(cpus(2));
    const uint64_t cycles = b.access(0, K::Load, X);
    CHECK(b.state(0, X) == C::E);
    CHECK(b.state(1, X) == C::I);
    CHECK(b.bus->transactions(TransactionType::RTS) == 1);
    CHECK(b.bus->memory_transfers() == 1);
    CHECK(b.bus->c2c_transfers() == 0);
    CHECK(b.bus->invariant_checks() == 1);
    // miss detect + bus + memory (60 ns here) + fill
    CHECK(cycles > 70);
    CHECK(cycles < 150);
    b.bus->check_drained();
}

TEST_CASE("RTS with another holder gives S and the E holder goes to S") {
    CoherenceBench b(cpus(3));
    b.access(0, K::Load, X);
    b.access(1, K::Load, X);
    CHECK(b.state(0, X) == C::S);
    CHECK(b.state(1, X) == C::S);
    CHECK(b.state(2, X) == C::I);
    CHECK(b.bus->memory_transfers() == 2); // E is clean: memory answers
    CHECK(b.bus->c2c_transfers() == 0);
    CHECK(b.count(0, CacheEvent::EcSnoopCb) == 0);
    b.access(2, K::Load, X);
    CHECK(b.state(2, X) == C::S);
}

TEST_CASE("RTSA (instruction fetch) always gives S") {
    CoherenceBench b(cpus(2));
    b.access(0, K::Fetch, X);
    CHECK(b.state(0, X) == C::S);
    CHECK(b.bus->transactions(TransactionType::RTSA) == 1);
}

TEST_CASE("a load of a line M elsewhere: the owner goes to O and copies back") {
    CoherenceBench b(cpus(3));
    b.access(0, K::Store, X);
    b.drain();
    REQUIRE(b.state(0, X) == C::M);
    CHECK(b.bus->transactions(TransactionType::RTO) == 1);
    const uint64_t cycles = b.access(1, K::Load, X);
    CHECK(b.state(0, X) == C::O);
    CHECK(b.state(1, X) == C::S);
    CHECK(b.bus->c2c_transfers() == 1);
    CHECK(b.bus->memory_transfers() == 1); // only the RTO's
    CHECK(b.count(0, CacheEvent::EcSnoopCb) == 1);
    CHECK(b.count(1, CacheEvent::SiOwned) == 1);
    CHECK(b.count(0, CacheEvent::EcSnoopInv) == 0);
    // A cache-to-cache load is slower than memory on the V1280 (~270 cycles).
    CHECK(cycles >= 240);
    CHECK(cycles <= 300);
    // A third reader is served by the O owner again.
    b.access(2, K::Load, X);
    CHECK(b.state(0, X) == C::O);
    CHECK(b.state(2, X) == C::S);
    CHECK(b.count(0, CacheEvent::EcSnoopCb) == 2);
    CHECK(b.data.errors.empty());
}

TEST_CASE("a store to S upgrades with an RTO that moves no data and invalidates the others") {
    CoherenceBench b(cpus(3));
    b.access(0, K::Load, X);
    b.access(1, K::Load, X);
    b.access(2, K::Load, X);
    b.access(0, K::Store, X);
    b.drain();
    CHECK(b.state(0, X) == C::M);
    CHECK(b.state(1, X) == C::I);
    CHECK(b.state(2, X) == C::I);
    CHECK(b.bus->upgrades() == 1);
    CHECK(b.bus->memory_transfers() == 3); // the three loads only
    CHECK(b.count(0, CacheEvent::EcWriteHitRto) == 1);
    CHECK(b.count(1, CacheEvent::EcSnoopInv) == 1);
    CHECK(b.count(2, CacheEvent::EcSnoopInv) == 1);
    CHECK(b.count(0, CacheEvent::SiOwned) == 0);
}

TEST_CASE("a store to O upgrades without data and the S copies go") {
    CoherenceBench b(cpus(2));
    b.access(0, K::Store, X);
    b.drain();
    b.access(1, K::Load, X); // 0: O, 1: S
    REQUIRE(b.state(0, X) == C::O);
    b.access(0, K::Store, X);
    b.drain();
    CHECK(b.state(0, X) == C::M);
    CHECK(b.state(1, X) == C::I);
    CHECK(b.bus->upgrades() == 1);
    CHECK(b.count(0, CacheEvent::EcWriteHitRto) == 1);
    CHECK(b.data.errors.empty());
}

TEST_CASE("a store to I with a foreign M takes the line cache to cache") {
    CoherenceBench b(cpus(2));
    b.access(0, K::Store, X);
    b.drain();
    b.access(1, K::Store, X);
    b.drain();
    CHECK(b.state(0, X) == C::I);
    CHECK(b.state(1, X) == C::M);
    CHECK(b.bus->c2c_transfers() == 1);
    CHECK(b.count(0, CacheEvent::EcSnoopCb) == 1);
    CHECK(b.count(0, CacheEvent::EcSnoopInv) == 1);
    CHECK(b.count(1, CacheEvent::SiOwned) == 1);
    CHECK(b.data.errors.empty());
}

TEST_CASE("an E line is written silently: E to M issues nothing") {
    CoherenceBench b(cpus(2));
    b.access(0, K::Load, X);
    REQUIRE(b.state(0, X) == C::E);
    b.access(0, K::Store, X);
    b.drain();
    CHECK(b.state(0, X) == C::M);
    CHECK(b.bus->transactions(TransactionType::RTO) == 0);
}

TEST_CASE("evicting an M line writes it back") {
    CoherenceBench b(cpus(2));
    b.access(0, K::Store, X);
    b.drain();
    b.access(0, K::Load, Y);
    b.access(0, K::Load, Z); // the third block of the set evicts X
    CHECK(b.state(0, X) == C::I);
    CHECK(b.bus->transactions(TransactionType::WB) == 1);
    CHECK(b.count(0, CacheEvent::EcWb) == 1);
    CHECK(b.memory->writes() == 1);
    // The next reader gets the written-back version from memory.
    b.access(1, K::Load, X);
    CHECK(b.state(1, X) == C::E);
    CHECK(b.data.of(1, X) == b.data.golden[X]);
    CHECK(b.data.errors.empty());
}

TEST_CASE("evicting an O line writes it back and the S copies stay") {
    CoherenceBench b(cpus(2));
    b.access(0, K::Store, X);
    b.drain();
    b.access(1, K::Load, X);
    REQUIRE(b.state(0, X) == C::O);
    b.access(0, K::Load, Y);
    b.access(0, K::Load, Z);
    CHECK(b.state(0, X) == C::I);
    CHECK(b.state(1, X) == C::S);
    CHECK(b.bus->transactions(TransactionType::WB) == 1);
    CHECK(b.memory->writes() == 1);
    CHECK(b.data.memory[X] == b.data.golden[X]);
}

TEST_CASE("a foreign RTO invalidates the D$ under both aliases and the P$") {
    CoherenceBench b(cpus(2));
    const uint64_t alias = X | 0x2000; // the other D$ index of X's page offset
    b.access(0, K::Load, X, alias);
    b.access(0, K::Prefetch, X + 0x40 * 0, X, 0); // fcn 0: P$ and E$
    const auto& t0 = b.caches[0]->timing();
    REQUIRE(t0.dcache().lookup(t0.dcache_key(alias, X)).hit);
    REQUIRE(t0.pcache().lookup(X).hit);
    b.access(1, K::Store, X);
    b.drain();
    CHECK_FALSE(t0.dcache().lookup(t0.dcache_key(alias, X)).hit);
    CHECK_FALSE(t0.pcache().lookup(X).hit);
    CHECK(b.state(0, X) == C::I);
    CHECK(b.state(1, X) == C::M);
}

TEST_CASE("an atomic to S upgrades and an atomic to a foreign M line takes it cache to cache") {
    CoherenceBench b(cpus(2));
    b.access(0, K::Load, X);
    b.access(1, K::Load, X);
    b.access(0, K::Atomic, X);
    CHECK(b.state(0, X) == C::M);
    CHECK(b.state(1, X) == C::I);
    CHECK(b.bus->upgrades() == 1);
    CHECK(b.count(0, CacheEvent::EcWriteHitRto) == 1);
    b.access(1, K::Atomic, X);
    CHECK(b.state(1, X) == C::M);
    CHECK(b.state(0, X) == C::I);
    CHECK(b.bus->c2c_transfers() == 1);
    CHECK(b.count(1, CacheEvent::SiOwned) == 1);
    CHECK(b.data.errors.empty());
    CHECK(b.data.of(1, X) == b.data.golden[X]);
}

TEST_CASE("a pending M snooped by a read goes to O and copies back once its own data is in") {
    CoherenceBench b(cpus(2));
    // Same cycle: cpu0's RTO (an exclusive prefetch, so no store follows) is
    // ordered first, cpu1's RTS while cpu0's data is on the way.
    b.cpus[0]->send(K::Prefetch, X, X, 8, 2);
    b.cpus[1]->send(K::Load, X, X);
    run();
    b.drain();
    CHECK(b.state(0, X) == C::O);
    CHECK(b.state(1, X) == C::S);
    CHECK(b.bus->c2c_transfers() == 1);
    CHECK(b.bus->memory_transfers() == 1);
    CHECK(b.data.errors.empty());
    CHECK(b.data.of(1, X) == b.data.of(0, X));
}

TEST_CASE("a pending E snooped by an RTO installs nothing but its load completes") {
    CoherenceBench b(cpus(2));
    b.cpus[0]->send(K::Load, X, X);
    b.cpus[1]->send(K::Store, X, X);
    run();
    b.drain();
    CHECK_FALSE(b.cpus[0]->waiting);
    CHECK(b.state(0, X) == C::I);
    CHECK(b.state(1, X) == C::M);
    CHECK_FALSE(b.caches[0]->timing().dcache().lookup(X).hit); // no stale D$ copy
    CHECK(b.bus->memory_transfers() == 2);
}

TEST_CASE("an S copy lost before its upgrade is ordered makes the RTO need data") {
    CoherenceBench b(cpus(2));
    b.access(0, K::Load, X);
    b.access(1, K::Load, X);
    // Both upgrade at once: cpu0's RTO is ordered first and invalidates cpu1's
    // S copy, so cpu1's RTO leaves from I and takes the line from cpu0.
    b.cpus[0]->send(K::Store, X, X);
    b.cpus[1]->send(K::Store, X, X);
    run();
    b.drain();
    CHECK(b.bus->upgrades() == 1);
    CHECK(b.bus->c2c_transfers() >= 1);
    CHECK(b.count(0, CacheEvent::EcSnoopCb) >= 1);
    // Exactly one of them ends with the line, with the last version written.
    const bool zero = b.state(0, X) == C::M;
    CHECK(zero != (b.state(1, X) == C::M));
    CHECK(b.data.errors.empty());
    CHECK(b.data.of(zero ? 0 : 1, X) == b.data.golden[X]);
    b.bus->check_drained();
}

TEST_CASE("bus timing: addresses take consecutive slots and later ones queue") {
    CoherenceBench b(cpus(3));
    for (unsigned i = 0; i < 3; ++i)
        b.cpus[i]->send(K::Load, X + i * 0x40, X + i * 0x40);
    run();
    CHECK(b.bus->busy_cycles() == 3);
    const StatsRegistry::Entry* q = StatsRegistry::current().find("bus.queueing_delay");
    REQUIRE(q != nullptr);
    // The second waits one slot and the third two: 3 bus cycles of 6667 ps.
    CHECK(q->value() == Approx(3 * 6667).margin(3));
}
