// The coherence random tester, in the manner of gem5 Ruby's: 12 CPUs issue
// random loads, stores, atomics, prefetches, fetches and barriers to a few
// lines that conflict in small caches, so lines are evicted, written back,
// upgraded and copied back all the time. The bus's invariant checker runs
// after every broadcast; the shadow data model checks every write and, at the
// end, every copy. Then the coverage: every transition of the protocol tables
// that the CPUs of this machine can cause must have been reached. Which those
// are comes from the protocol's reference model (apply_transaction), explored
// over every state three caches can reach. Last, a deliberately broken
// protocol must be caught.
#include "coherence_bench.h"

#include <catch2/catch.hpp>

#include <iostream>
#include <random>
#include <set>
#include <sys/wait.h>
#include <tuple>
#include <unistd.h>

using namespace fireplane;
using namespace fireplane::test;
using C = MoesiState;
using K = cache::RequestKind;
using T = TransactionType;

namespace {

// Small caches: a 16 KiB E$ (2 ways of 512-byte blocks, 16 sets) and a
// 2 KiB D$. Three blocks share E$ set 0 (one always gets evicted), two of
// them in more than one sub-block; one line sits in another set.
const std::vector<uint64_t> kLines = {0x10000, 0x10040, 0x10200, 0x12000,
                                      0x12040, 0x14000, 0x20000};

// Each CPU also has a line of its own, which the others touch now and then:
// there a CPU often misses alone (E) and writes it back dirty. All of them
// fall in E$ set 0 too.
uint64_t home_line(unsigned cpu) {
    return 0x40000 + uint64_t(cpu) * 0x2000;
}

cache::HierarchyConfig small_caches() {
    cache::HierarchyConfig c;
    c.ecache.geometry = {16 * 1024, 2, 512, 8};
    c.dcache.geometry = {2 * 1024, 4, 32, 1};
    c.icache.geometry = {2 * 1024, 4, 32, 1};
    return c;
}

// A request of CPU `cpu` of `cpus`: mostly back to back, so requests meet on
// the bus; to its home line, another CPU's, or a shared line.
RandomCpu::Pick pick_for(unsigned cpu, unsigned cpus) {
    return [cpu, cpus](std::mt19937_64& rng) {
        static const unsigned kFcns[] = {0, 1, 2, 3, 17, 20, 21, 22, 23};
        auto pick = [&rng](uint64_t n) { return rng() % n; };
        RandomRequest q{K::Load, 0, 0};
        if (pick(4) == 0) q.idle = unsigned(pick(60));
        const uint64_t r_line = pick(20);
        const uint64_t line = r_line < 6   ? home_line(cpu)
                              : r_line < 7 ? home_line(unsigned(pick(cpus)))
                                           : kLines[pick(kLines.size())];
        q.pa = line + 8 * pick(8);
        q.va = q.pa | (pick(2) << 13); // either D$ alias
        const uint64_t r = pick(100);
        q.kind = r < 30   ? K::Load
                 : r < 60 ? K::Store
                 : r < 70 ? K::Atomic
                 : r < 82 ? K::Prefetch
                 : r < 88 ? K::FpLoad
                 : r < 97 ? K::Fetch
                          : K::Barrier;
        q.fcn = kFcns[pick(std::size(kFcns))];
        return q;
    };
}

// ---- what can be reached: the reference model over three caches ----

// The bus transactions a CPU's caches issue, and from which states: a miss
// (RTS, a fetch's RTSA, a non-allocating prefetch's RS) only from I, an RTO
// from I or as an upgrade from S or O. Silently: a store to E makes M, a
// clean block is evicted. A dirty block evicted goes to the writeback buffer,
// where it still answers snoops, until its WB is ordered: a WB whose line
// another CPU took meanwhile is cancelled, but every cache still snoops it.
struct Issue {
    T type;
    std::vector<C> from;
};
const std::vector<Issue> kIssues = {
    {T::RTS, {C::I}}, {T::RTSA, {C::I}}, {T::RS, {C::I}}, {T::RTO, {C::I, C::S, C::O}}};

struct Reachable {
    std::set<unsigned> snoop_rows;        // snoop_row_index
    std::set<std::tuple<T, C, C>> issued; // (type, before, after)
};

// One cache's copy of the line: its state, in the E$ or in the writeback buffer.
struct Copy {
    C state = C::I;
    bool writing_back = false;
    bool operator<(const Copy& o) const {
        return std::tie(state, writing_back) < std::tie(o.state, o.writing_back);
    }
};

Reachable reachable_transitions() {
    Reachable out;
    using State = std::vector<Copy>;
    std::set<State> seen{State(3)};
    std::vector<State> todo(seen.begin(), seen.end());
    auto visit = [&](const State& s) {
        if (seen.insert(s).second) todo.push_back(s);
    };
    // Every cache but `requester` snoops `type`.
    auto snooped = [&](State& s, size_t requester, T type) {
        for (size_t j = 0; j < s.size(); ++j)
            if (j != requester) {
                out.snoop_rows.insert(cache::snoop_row_index(type, s[j].state));
                s[j].state = cache::snoop(type, s[j].state).next;
            }
    };
    while (!todo.empty()) {
        const State s = todo.back();
        todo.pop_back();
        for (size_t i = 0; i < s.size(); ++i) {
            State t = s;
            if (s[i].writing_back) { // the WB is ordered
                if (is_dirty(s[i].state)) out.issued.insert({T::WB, s[i].state, C::I});
                snooped(t, i, T::WB);
                t[i] = Copy{};
                visit(t);
                continue;
            }
            if (s[i].state == C::E)
                visit([&] {
                    State u = s;
                    u[i].state = C::M;
                    return u;
                }());
            if (s[i].state == C::S || s[i].state == C::E)
                visit([&] {
                    State u = s;
                    u[i].state = C::I;
                    return u;
                }());
            if (is_dirty(s[i].state))
                visit([&] {
                    State u = s;
                    u[i].writing_back = true;
                    return u;
                }());
            for (const Issue& issue : kIssues) {
                if (std::find(issue.from.begin(), issue.from.end(), s[i].state) == issue.from.end())
                    continue;
                // Only E$ copies: a buffered one is the requester's alone.
                std::vector<C> states;
                for (const Copy& c : s)
                    states.push_back(c.state);
                const cache::BusOutcome o = cache::apply_transaction(states, i, issue.type);
                out.issued.insert({issue.type, o.requester_before, o.requester_after});
                State u = s;
                snooped(u, i, issue.type);
                u[i].state = o.requester_after;
                visit(u);
            }
        }
    }
    return out;
}

// The one row the reference model reaches and the bus does not: a WB snooped
// in E. The writer's line must be taken from its writeback buffer (RTO), and
// then no copy may be dirty: the taker's M must be written back before a
// third CPU reads the line alone. But the taker's WB is issued after the
// writer's, which has waited on the bus since the eviction, and the bus gives
// address slots in arrival order. The model has no bus order, so it allows it.
const unsigned kBehindTheWriteback = cache::snoop_row_index(T::WB, C::E);

// (type, before, after) of a ProtocolCoverage::issued index.
std::tuple<T, C, C> transition(unsigned k) {
    return {T(k / kNumMoesiStates / kNumMoesiStates), C(k / kNumMoesiStates % kNumMoesiStates),
            C(k % kNumMoesiStates)};
}

std::string row_name(unsigned row) {
    return std::string(to_string(T(row / kNumMoesiStates))) + " snooped in " +
           std::string(to_string(C(row % kNumMoesiStates)));
}

struct Run {
    std::vector<std::string> failures; // empty: nothing broke
    cache::ProtocolCoverage coverage;  // summed over the caches
    uint64_t invariant_checks = 0;
};

Run run_tester(unsigned cpus, unsigned requests, uint64_t seed,
               const cache::SnoopTable* table = &cache::kSnoopTable) {
    BenchOptions o;
    o.cpus = cpus;
    o.caches = small_caches();
    o.caches.snoop_table = table;
    std::vector<std::unique_ptr<RandomCpu>> drivers;
    CoherenceBench b(o, [&](CoherenceBench& bench) {
        for (unsigned i = 0; i < cpus; ++i)
            drivers.push_back(std::make_unique<RandomCpu>(("driver" + std::to_string(i)).c_str(),
                                                          *bench.cpus[i], seed * 1000 + i, requests,
                                                          bench.period, pick_for(i, cpus)));
    });
    sc_core::sc_start();

    Run r;
    for (unsigned i = 0; i < cpus; ++i) {
        if (drivers[i]->completed != requests + 1)
            r.failures.push_back("cpu " + std::to_string(i) + " completed " +
                                 std::to_string(drivers[i]->completed) + " requests");
        const auto& t = b.caches[i]->timing();
        if (t.mshrs().in_use() || t.writebacks_pending() || t.deferred())
            r.failures.push_back("cpu " + std::to_string(i) + " has work left in flight");
        for (size_t k = 0; k < r.coverage.snooped.size(); ++k)
            r.coverage.snooped[k] += t.coverage().snooped[k];
        for (size_t k = 0; k < r.coverage.issued.size(); ++k)
            r.coverage.issued[k] += t.coverage().issued[k];
    }
    if (b.bus->in_flight()) r.failures.push_back("the bus has transactions in flight");
    r.failures.insert(r.failures.end(), b.data.errors.begin(), b.data.errors.end());
    std::vector<uint64_t> lines = kLines;
    for (unsigned i = 0; i < cpus; ++i)
        lines.push_back(home_line(i));
    for (uint64_t line : lines) {
        std::vector<C> states;
        int owner = -1;
        for (unsigned i = 0; i < cpus; ++i) {
            states.push_back(b.state(i, line));
            if (is_owner(states.back())) owner = int(i);
        }
        const std::string why = check_line_invariants(states);
        if (!why.empty()) r.failures.push_back("line " + std::to_string(line) + ": " + why);
        const uint64_t golden = b.data.golden[line];
        const uint64_t held = owner >= 0 ? b.data.of(unsigned(owner), line) : b.data.memory[line];
        if (held != golden)
            r.failures.push_back("line " + std::to_string(line) + " holds version " +
                                 std::to_string(held) + ", not the last written " +
                                 std::to_string(golden));
        for (unsigned i = 0; i < cpus; ++i)
            if (is_valid(states[i]) && b.data.of(i, line) != golden)
                r.failures.push_back("cpu " + std::to_string(i) + " has a stale copy of line " +
                                     std::to_string(line));
    }
    r.invariant_checks = b.bus->invariant_checks();
    return r;
}

} // namespace

TEST_CASE("random tester: 12 CPUs and a million requests reach every reachable transition with no "
          "violation",
          "[coherence][random]") {
    constexpr unsigned kCpus = 12, kRequests = 84000; // 1,008,000 requests
    const Run r = run_tester(kCpus, kRequests, 7);
    for (const std::string& f : r.failures)
        FAIL_CHECK(f);
    CHECK(r.invariant_checks > kCpus * kRequests / 20);

    // Coverage, printed as the tester's statistics.
    const Reachable can = reachable_transitions();
    std::cout << "coherence random tester: " << kCpus * kRequests << " requests, "
              << r.invariant_checks << " invariant checks\n  snoop table rows reached:\n";
    for (unsigned row = 0; row < cache::kNumSnoopRows; ++row)
        if (r.coverage.snooped[row])
            std::cout << "    " << row_name(row) << ": " << r.coverage.snooped[row] << "\n";
    std::cout << "  own transactions (type: before -> after):\n";
    for (unsigned k = 0; k < r.coverage.issued.size(); ++k)
        if (r.coverage.issued[k]) {
            const auto [type, before, after] = transition(k);
            std::cout << "    " << to_string(type) << ": " << to_string(before) << " -> "
                      << to_string(after) << ": " << r.coverage.issued[k] << "\n";
        }
    for (unsigned row : can.snoop_rows) {
        if (row == kBehindTheWriteback) continue;
        INFO(row_name(row) << " is reachable from a CPU but was never reached");
        CHECK(r.coverage.snooped[row] > 0);
    }
    for (const auto& [type, before, after] : can.issued) {
        INFO(to_string(type) << " from " << to_string(before) << " to " << to_string(after)
                             << " is reachable from a CPU but was never reached");
        CHECK(r.coverage.issued[cache::ProtocolCoverage::issued_index(type, before, after)] > 0);
    }
    // Nothing outside the reachable set happened: the reference model and the
    // hierarchy agree on what a CPU can cause.
    for (unsigned row = 0; row < cache::kNumSnoopRows; ++row)
        if (r.coverage.snooped[row]) {
            INFO(row_name(row) << " happened but the reference model says it cannot");
            CHECK(can.snoop_rows.count(row) == 1);
        }
    for (unsigned k = 0; k < r.coverage.issued.size(); ++k)
        if (r.coverage.issued[k]) {
            const auto t = transition(k);
            INFO(to_string(std::get<0>(t))
                 << " from " << to_string(std::get<1>(t)) << " to " << to_string(std::get<2>(t))
                 << " happened but the reference model says it cannot");
            CHECK(can.issued.count(t) == 1);
        }
}

// What the tester cannot reach, and why: no agent of a V1280 issues the
// remote (SSM) transactions, RTSR or RTOR, nor (as the CPUs' caches model
// them) WS; I/O and interrupt transactions do not touch cacheable lines; and
// Os arises only from RTSR. The reference model agrees: it reaches exactly
// the other rows (a WB snooped in E, O or M too: the writer's line was taken
// while it waited in the writeback buffer).
TEST_CASE("random tester: the rows it cannot reach are the SSM and I/O and WS and Os rows",
          "[coherence][random]") {
    const Reachable can = reachable_transitions();
    std::set<unsigned> expected;
    for (T type : {T::RTS, T::RTSA, T::RTO, T::RS, T::WB})
        for (C local : {C::I, C::S, C::E, C::O, C::M})
            expected.insert(cache::snoop_row_index(type, local));
    CHECK(can.snoop_rows == expected);
}

// The broken protocol runs in a child process: the bus's fatal report ends it,
// as it ends a simulation, and the child's output must say why.
TEST_CASE("random tester: a broken protocol is caught", "[coherence][random]") {
    int out[2];
    REQUIRE(::pipe(out) == 0);
    const pid_t child = ::fork();
    REQUIRE(child >= 0);
    if (child == 0) {
        ::dup2(out[1], 1);
        ::dup2(out[1], 2);
        ::close(out[0]);
        // A cache that keeps its shared copy when another CPU takes the line to
        // own it: two valid copies, one of them M.
        cache::SnoopTable broken = cache::kSnoopTable;
        broken[cache::snoop_row_index(T::RTO, C::S)].next = C::S;
        broken[cache::snoop_row_index(T::RTO, C::S)].invalidates = false;
        run_tester(4, 2000, 3, &broken);
        ::_exit(0); // not caught
    }
    ::close(out[1]);
    std::string said;
    char buf[4096];
    for (ssize_t n; (n = ::read(out[0], buf, sizeof buf)) > 0;)
        said.append(buf, size_t(n));
    ::close(out[0]);
    int status = 0;
    REQUIRE(::waitpid(child, &status, 0) == child);
    CHECK_FALSE((WIFEXITED(status) && WEXITSTATUS(status) == 0));
    CHECK_THAT(said, Catch::Contains("coherence invariant broken") &&
                         Catch::Contains("holds the line exclusively"));
}
