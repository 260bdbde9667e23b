// Functional warming through the real modules (coherence_bench.h): the CPU
// side's b_transport, the bus's instant warming transactions, the snoops they
// cause, and how warming and timed requests meet.
#include "coherence_bench.h"

#include <catch2/catch.hpp>

using namespace fireplane;
using namespace fireplane::test;
using C = MoesiState;
using K = cache::RequestKind;
using T = TransactionType;

namespace {

constexpr uint64_t X = 0x10000;
constexpr uint64_t Y = X + (uint64_t(4) << 20); // X's E$ set (8 MiB, 2 ways)
constexpr uint64_t Z = X + (uint64_t(8) << 20);

BenchOptions cpus(unsigned n) {
    BenchOptions o;
    o.cpus = n;
    o.caches.ecache.policy = cache::ReplacementPolicy::Lru;
    return o;
}

uint64_t events(const CoherenceBench& b, unsigned cpu) {
    uint64_t n = 0;
    for (unsigned e = 0; e < unsigned(CacheEvent::kCount); ++e)
        n += b.count(cpu, CacheEvent(e));
    return n;
}

uint64_t bus_transactions(const CoherenceBench& b) {
    uint64_t n = 0;
    for (unsigned t = 0; t < kNumTransactionTypes; ++t)
        n += b.bus->transactions(TransactionType(t));
    return n;
}

} // namespace

TEST_CASE("a warmed load miss leaves the line, and a timed load of it hits") {
    CoherenceBench b(cpus(2));
    b.cpus[0]->warm(K::Load, X);
    CHECK(b.state(0, X) == C::E);
    CHECK(bus_transactions(b) == 0); // instant: no slot, not counted
    CHECK(b.bus->memory_transfers() == 0);
    CHECK(events(b, 0) == 0);
    // A hit: done in the first call, at the load-use latency the pipeline adds.
    CHECK(b.access(0, K::Load, X) == 0);
    CHECK(bus_transactions(b) == 0);
}

TEST_CASE("warming keeps every cache's MOESI state coherent") {
    CoherenceBench b(cpus(3));
    b.cpus[0]->warm(K::Store, X);
    CHECK(b.state(0, X) == C::M);
    b.cpus[1]->warm(K::Load, X); // RTS: the owner keeps the line, M -> O
    CHECK(b.state(0, X) == C::O);
    CHECK(b.state(1, X) == C::S);
    b.cpus[2]->warm(K::Atomic, X); // RTO: everyone else invalidated
    CHECK(b.state(0, X) == C::I);
    CHECK(b.state(1, X) == C::I);
    CHECK(b.state(2, X) == C::M);
    b.cpus[1]->warm(K::Fetch, X); // RTSA: S for the fetcher, M -> O
    CHECK(b.state(1, X) == C::S);
    CHECK(b.state(2, X) == C::O);
    for (unsigned i = 0; i < 3; ++i)
        CHECK(events(b, i) == 0); // snoops while warming count nothing either
    // The timed protocol goes on from there: cpu0's load is served by the owner.
    b.access(0, K::Load, X);
    CHECK(b.bus->c2c_transfers() == 1);
    CHECK(b.state(0, X) == C::S);
    CHECK(b.state(2, X) == C::O);
}

// The bench CPU's cycle at time `t`.
uint64_t cycles(const CoherenceBench& b, const sc_core::sc_time& t) {
    return cycle_at(t, b.period);
}

TEST_CASE("warming takes time only for a line from another cache and its hand-overs queue") {
    BenchOptions o = cpus(4);
    CoherenceBench b(o);
    const FireplaneBusConfig& bus = o.bus;
    const sc_core::sc_time cycle = sc_core::sc_time(1.0 / double(bus.clock_hz), sc_core::SC_SEC);
    const sc_core::sc_time snooped =
        cycle * double(bus.arbitration + bus.address_cycles + bus.snoop_cycles);
    const sc_core::sc_time copyback = bus.copyback + cycle * double(bus.crossbar_cycles);
    constexpr uint64_t t = 1000; // every request issued at this cycle
    const sc_core::sc_time issued = cycle_time(t, b.period);

    CHECK(b.cpus[0]->warm_at(K::Store, X, t) == 0); // from memory: at the pace of the code
    // cpu0 copies back to cpu1; cpu2's RTO waits for that hand-over, then takes its own.
    CHECK(b.cpus[1]->warm_at(K::Load, X, t) == cycles(b, issued + snooped + copyback) - t);
    CHECK(b.cpus[2]->warm_at(K::Atomic, X, t) ==
          cycles(b, issued + snooped + copyback + copyback) - t);
    // An upgrade moves no data: it waits for memory's acknowledgement.
    const uint64_t later = t + 10000, upgrade = later + 1000;
    CHECK(b.cpus[3]->warm_at(K::Store, Y, later) == 0);
    CHECK(b.cpus[0]->warm_at(K::Load, Y, later) ==
          cycles(b, cycle_time(later, b.period) + snooped + copyback) - later);
    REQUIRE(b.state(0, Y) == C::S);
    CHECK(b.cpus[0]->warm_at(K::Store, Y, upgrade) ==
          cycles(b, cycle_time(upgrade, b.period) + snooped + bus.upgrade_ack) - upgrade);
    CHECK(b.state(0, Y) == C::M);
}

TEST_CASE("the bus's checkpoint keeps when warming's busy lines are free") {
    CoherenceBench b(cpus(3));
    constexpr uint64_t t = 1000;
    b.cpus[0]->warm_at(K::Store, X, t);
    b.cpus[1]->warm_at(K::Load, X, t); // a copy-back: the line is busy until it ends
    std::vector<uint8_t> saved;
    StateIo w = StateIo::writer("bus", saved, 2);
    b.bus->checkpoint(w);
    const uint64_t queued = b.cpus[2]->warm_at(K::Atomic, X, t); // behind cpu1's
    // Restored, the line is free when the save said: cpu0's copy-back from cpu2
    // queues behind cpu1's alone, as cpu2's did (not behind cpu2's too).
    StateIo r = StateIo::reader("bus", saved, 2);
    b.bus->checkpoint(r);
    CHECK(b.cpus[0]->warm_at(K::Load, X, t) == queued);
}

TEST_CASE("a warmed load's repeat stands until something else changes the caches") {
    CoherenceBench b(cpus(2));
    CHECK(b.cpus[0]->warm(K::Load, X) == 5);  // the D$'s 32-byte line
    CHECK(b.cpus[0]->warm(K::Store, X) == 5); // a D$ hit: the line is still the most recent
    CHECK(b.cpus[0]->revocations == 0);
    CHECK(b.cpus[0]->warm(K::Load, X) == 5);
    b.cpus[1]->warm(K::Store, X); // cpu0 is snooped: its D$ line goes
    CHECK(b.cpus[0]->revocations == 1);
    CHECK(b.state(0, X) == C::I);
    b.cpus[1]->warm(K::Store, X + 8); // nothing granted any more: nothing to revoke
    CHECK(b.cpus[0]->revocations == 1);
}

TEST_CASE("warming leaves a line in flight to its timed fill") {
    CoherenceBench b(cpus(2));
    REQUIRE_FALSE(b.cpus[0]->send(K::Load, X, X)); // an E$ miss: its RTS is on the bus
    b.cpus[0]->warm(K::Store, X);                  // the MSHR settles the line, not warming
    b.cpus[1]->warm(K::Load, Y);
    sc_core::sc_start();
    CHECK_FALSE(b.cpus[0]->waiting);
    CHECK(b.state(0, X) == C::E);
    CHECK(b.bus->transactions(T::RTS) == 1);
    b.bus->check_drained();
}

TEST_CASE("a warmed eviction drops a dirty victim without a writeback") {
    CoherenceBench b(cpus(2));
    b.cpus[0]->warm(K::Store, X);
    b.cpus[0]->warm(K::Store, Y);
    b.cpus[0]->warm(K::Store, Z); // LRU: X goes
    CHECK(b.state(0, X) == C::I);
    CHECK(b.state(0, Y) == C::M);
    CHECK(b.state(0, Z) == C::M);
    CHECK(b.bus->transactions(T::WB) == 0);
    CHECK(b.caches[0]->timing().writebacks_pending() == 0);
}
