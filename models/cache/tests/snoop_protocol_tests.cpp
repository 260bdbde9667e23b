// The MOESI(+Os) snoop protocol: every row of the snoop table against a
// matrix written out independently here, the requester's outcome for every
// type, state and snoop result, hand-written sequences over two and three
// caches, and a randomized run over one line with a golden data model.
#include "models/cache/snoop_protocol.h"

#include <catch2/catch.hpp>

#include <cstdint>
#include <random>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

using namespace fireplane;
using namespace fireplane::cache;
using fireplane::TransactionType;
using T = TransactionType;
using CS = fireplane::MoesiState;

namespace {

constexpr CS kStates[] = {CS::I, CS::S, CS::E, CS::O, CS::Os, CS::M};

CS state_named(const std::string& name) {
    const auto s = parse_moesi_state(name);
    if (!s) throw std::invalid_argument("bad state name in test: " + name);
    return *s;
}

std::vector<std::string> words(const std::string& text) {
    std::istringstream is(text);
    std::vector<std::string> out;
    for (std::string w; is >> w;)
        out.push_back(w);
    return out;
}

// The expected snoop table, one line per type, one cell per local state in the
// order I S E O Os M. A cell is "next:flags", flags from s (drives shared),
// o (drives owned), d (supplies data), v (invalidates the E$ copy),
// l (invalidates the D$/P$ copies); "-" for none.
struct ExpectedSnoop {
    T type;
    const char* cells;
};
const ExpectedSnoop kExpectedSnoop[] = {
    {T::RTS, "I:-  S:s  S:s  O:sod   Os:sod  O:sod"},
    {T::RTSA, "I:-  S:s  S:s  O:sod   Os:sod  O:sod"},
    {T::RTO, "I:l  I:vl I:vl I:odvl  I:odvl  I:odvl"},
    {T::RS, "I:-  S:s  E:s  O:sod   Os:sod  M:sod"},
    {T::WS, "I:l  I:vl I:vl I:vl    I:vl    I:vl"},
    {T::WB, "I:-  S:-  E:-  O:-     Os:-    M:-"},
    {T::R_RTS, "I:-  S:s  S:s  O:sod   Os:sod  O:sod"},
    {T::R_RTSA, "I:-  S:s  S:s  O:sod   Os:sod  O:sod"},
    {T::R_RTO, "I:l  I:vl I:vl I:odvl  I:odvl  I:odvl"},
    {T::R_RS, "I:-  S:s  E:s  O:sod   Os:sod  M:sod"},
    {T::R_WS, "I:l  I:vl I:vl I:vl    I:vl    I:vl"},
    {T::R_WB, "I:-  S:-  E:-  O:-     Os:-    M:-"},
    {T::RTSR, "I:-  S:s  S:s  Os:sod  Os:sod  Os:sod"},
    {T::RTOR, "I:l  I:vl I:vl I:odvl  I:odvl  I:odvl"},
    {T::RIO, "I:-  S:-  E:-  O:-     Os:-    M:-"},
    {T::RBIO, "I:-  S:-  E:-  O:-     Os:-    M:-"},
    {T::WIO, "I:-  S:-  E:-  O:-     Os:-    M:-"},
    {T::WBIO, "I:-  S:-  E:-  O:-     Os:-    M:-"},
    {T::INT, "I:-  S:-  E:-  O:-     Os:-    M:-"},
};

// The expected requester rules, one line per type: the states it may be
// issued from; the outcome when the combined result is clear / shared (or
// "keep": unchanged); the states from which it needs no data; the data kind.
struct ExpectedRequester {
    T type;
    const char* may_issue;
    const char* alone;
    const char* shared;
    const char* no_data_from;
    RequesterData data;
};
using RD = RequesterData;
const ExpectedRequester kExpectedRequester[] = {
    {T::RTS, "I", "E", "S", "", RD::Coherent},
    {T::RTSA, "I", "S", "S", "", RD::Coherent},
    {T::RTO, "I S O Os", "M", "M", "S E O Os M", RD::Coherent},
    {T::RS, "I S E", "keep", "keep", "", RD::Coherent},
    {T::WS, "I S E O Os M", "I", "I", "I S E O Os M", RD::None},
    {T::WB, "O Os M", "I", "I", "I S E O Os M", RD::None},
    {T::R_RTS, "I", "E", "S", "", RD::Coherent},
    {T::R_RTSA, "I", "S", "S", "", RD::Coherent},
    {T::R_RTO, "I S O Os", "M", "M", "S E O Os M", RD::Coherent},
    {T::R_RS, "I S E", "keep", "keep", "", RD::Coherent},
    {T::R_WS, "I S E O Os M", "I", "I", "I S E O Os M", RD::None},
    {T::R_WB, "O Os M", "I", "I", "I S E O Os M", RD::None},
    {T::RTSR, "I", "keep", "keep", "", RD::Coherent},
    {T::RTOR, "I", "keep", "keep", "", RD::Coherent},
    {T::RIO, "I S E O Os M", "keep", "keep", "", RD::Device},
    {T::RBIO, "I S E O Os M", "keep", "keep", "", RD::Device},
    {T::WIO, "I S E O Os M", "keep", "keep", "I S E O Os M", RD::None},
    {T::WBIO, "I S E O Os M", "keep", "keep", "I S E O Os M", RD::None},
    {T::INT, "I S E O Os M", "keep", "keep", "I S E O Os M", RD::None},
};

bool listed(const char* list, CS s) {
    for (const std::string& w : words(list))
        if (state_named(w) == s) return true;
    return false;
}

std::string show(const std::vector<CS>& line) {
    std::string out;
    for (CS s : line) {
        if (!out.empty()) out += ' ';
        out += std::string(to_string(s));
    }
    return out;
}

std::vector<CS> line_of(const std::string& text) {
    std::vector<CS> out;
    for (const std::string& w : words(text))
        out.push_back(state_named(w));
    return out;
}

// One bus transaction on a line, checked: the states after, where the data
// came from, and the invariants.
struct Step {
    std::size_t requester;
    T type;
    const char* after;
    DataSource source;
    std::size_t supplier = kNoCache;
};

BusOutcome run(std::vector<CS>& line, const Step& s) {
    INFO("before: " << show(line) << "; cache " << s.requester << " issues "
                    << fireplane::to_string(s.type));
    const BusOutcome out = apply_transaction(line, s.requester, s.type);
    CHECK(show(line) == show(line_of(s.after)));
    CHECK(out.source == s.source);
    CHECK(out.supplier == s.supplier);
    CHECK(out.copybacks == (s.supplier == kNoCache ? 0u : 1u));
    CHECK(check_line_invariants(line) == "");
    return out;
}

constexpr std::size_t A = 0, B = 1, C = 2;

} // namespace

TEST_CASE("snoop: every row of the table", "[snoop]") {
    unsigned rows = 0;
    for (const ExpectedSnoop& e : kExpectedSnoop) {
        const auto cells = words(e.cells);
        REQUIRE(cells.size() == kNumMoesiStates);
        for (unsigned i = 0; i < kNumMoesiStates; ++i) {
            const CS local = kStates[i];
            const std::string& cell = cells[i];
            const auto colon = cell.find(':');
            REQUIRE(colon != std::string::npos);
            const CS next = state_named(cell.substr(0, colon));
            const std::string flags = cell.substr(colon + 1);
            const auto has = [&](char f) { return flags.find(f) != std::string::npos; };

            INFO(fireplane::to_string(e.type) << " snooped in " << local << ": expected " << cell);
            const SnoopRow& row = snoop(e.type, local);
            CHECK(row.type == e.type);
            CHECK(row.local == local);
            CHECK(row.next == next);
            CHECK(row.shared == has('s'));
            CHECK(row.owned == has('o'));
            CHECK(row.supplies_data == has('d'));
            CHECK(row.invalidates == has('v'));
            CHECK(row.invalidate_l1 == has('l'));
            CHECK(row.reply() == SnoopResult{has('s'), has('o')});
            ++rows;
        }
    }
    CHECK(rows == kNumSnoopRows);
    CHECK(rows == 114);
}

TEST_CASE("snoop: the table's named rules", "[snoop]") {
    // an M owner snooped by a read goes to O and supplies the data
    for (T read : {T::RTS, T::RTSA}) {
        CHECK(snoop(read, CS::M).next == CS::O);
        CHECK(snoop(read, CS::M).supplies_data);
        CHECK(snoop(read, CS::E).next == CS::S);
        CHECK_FALSE(snoop(read, CS::E).supplies_data); // clean: memory answers
        CHECK(snoop(read, CS::O).next == CS::O);
        CHECK(snoop(read, CS::Os).next == CS::Os);
    }
    // RS changes nobody's state; WB changes nobody's state and drives nothing
    for (CS s : kStates) {
        CHECK(snoop(T::RS, s).next == s);
        CHECK(snoop(T::WB, s).next == s);
        CHECK(snoop(T::WB, s).reply() == SnoopResult{});
        CHECK(snoop(T::WS, s).next == CS::I);
        CHECK_FALSE(snoop(T::WS, s).supplies_data);
        CHECK(snoop(T::RTO, s).next == CS::I);
        CHECK(snoop(T::RTO, s).supplies_data == is_owner(s));
    }
    // Os only through RTSR
    CHECK(snoop(T::RTSR, CS::M).next == CS::Os);
    CHECK(snoop(T::RTSR, CS::O).next == CS::Os);
    unsigned os_entries = 0;
    for (const SnoopRow& r : kSnoopTable)
        if (r.next == CS::Os && r.local != CS::Os) ++os_entries;
    CHECK(os_entries == 2);
    // the I/O and interrupt types never touch a cache
    for (T t : {T::RIO, T::RBIO, T::WIO, T::WBIO, T::INT})
        for (CS s : kStates) {
            const SnoopRow& r = snoop(t, s);
            CHECK(r.next == s);
            CHECK(r.reply() == SnoopResult{});
            CHECK_FALSE(r.supplies_data);
            CHECK_FALSE(r.invalidates);
            CHECK_FALSE(r.invalidate_l1);
        }
}

TEST_CASE("snoop: losing write permission", "[snoop]") {
    CHECK(loses_write_permission(snoop(T::RTS, CS::M))); // M -> O: merge the W$
    CHECK(loses_write_permission(snoop(T::RTS, CS::E))); // E -> S
    CHECK(loses_write_permission(snoop(T::RTO, CS::M))); // M -> I
    CHECK_FALSE(loses_write_permission(snoop(T::RS, CS::M)));
    CHECK_FALSE(loses_write_permission(snoop(T::RS, CS::E)));
    CHECK_FALSE(loses_write_permission(snoop(T::RTO, CS::O)));
    CHECK_FALSE(loses_write_permission(snoop(T::WB, CS::M)));
}

TEST_CASE("snoop: combine is the wired-OR of the replies", "[snoop]") {
    const SnoopResult none{}, sh{true, false}, own{true, true}, odd{false, true};
    CHECK(combine() == none);
    CHECK(combine(none) == none);
    CHECK(combine(none, none, none) == none);
    CHECK(combine(sh, none) == sh);
    CHECK(combine(none, sh, own) == own);
    CHECK(combine(odd, sh) == own);
    CHECK((sh | odd) == own);
    STATIC_REQUIRE(combine(SnoopResult{true, false}, SnoopResult{false, true}) ==
                   SnoopResult{true, true});
}

TEST_CASE("snoop: the requester's outcome for every type, state and snoop result", "[snoop]") {
    const SnoopResult results[] = {{false, false}, {true, false}, {true, true}, {false, true}};
    unsigned cases = 0;
    for (const ExpectedRequester& e : kExpectedRequester) {
        const RequesterRule& rule = requester_rule(e.type);
        CHECK(rule.type == e.type);
        CHECK(rule.data == e.data);
        // the data kind agrees with the transaction table's direction
        const auto& info = fireplane::transaction_info(e.type);
        CHECK((rule.data != RD::None) == (info.data == fireplane::DataDirection::ToRequester));
        for (CS before : kStates) {
            CHECK(may_issue(e.type, before) == listed(e.may_issue, before));
            for (const SnoopResult& r : results) {
                INFO(fireplane::to_string(e.type) << " from " << before << ", snoop shared="
                                                  << r.shared << " owned=" << r.owned);
                const bool clear = !r.shared && !r.owned;
                const std::string want = clear ? e.alone : e.shared;
                const CS expected = want == "keep" ? before : state_named(want);
                CHECK(requester_outcome(e.type, before, r) == expected);

                const bool data = e.data != RD::None && !listed(e.no_data_from, before);
                CHECK(needs_data(e.type, before, r) == data);
                DataSource src = DataSource::None;
                if (data)
                    src = e.data == RD::Device ? DataSource::Device
                                               : (r.owned ? DataSource::Cache : DataSource::Memory);
                CHECK(data_source(e.type, before, r) == src);
                ++cases;
            }
        }
    }
    CHECK(cases == fireplane::kNumTransactionTypes * kNumMoesiStates * 4);
}

TEST_CASE("snoop: the requester rules the issue names", "[snoop]") {
    const SnoopResult none{}, sh{true, false}, own{true, true};
    CHECK(requester_outcome(T::RTS, CS::I, none) == CS::E);
    CHECK(requester_outcome(T::RTS, CS::I, sh) == CS::S);
    CHECK(requester_outcome(T::RTS, CS::I, own) == CS::S);
    CHECK(requester_outcome(T::RTSA, CS::I, none) == CS::S); // fetches are never exclusive
    for (CS from : {CS::I, CS::S, CS::O, CS::Os}) {
        CHECK(requester_outcome(T::RTO, from, none) == CS::M);
        CHECK(requester_outcome(T::RTO, from, own) == CS::M);
    }
    CHECK(needs_data(T::RTO, CS::I, none));
    CHECK(data_source(T::RTO, CS::I, own) == DataSource::Cache);
    for (CS from : {CS::S, CS::O, CS::Os}) {
        CHECK_FALSE(needs_data(T::RTO, from, none));
        CHECK_FALSE(needs_data(T::RTO, from, own)); // a foreign owner need not copy back
        CHECK(data_source(T::RTO, from, own) == DataSource::None);
    }
    CHECK_FALSE(may_issue(T::RTO, CS::E)); // E and M upgrade silently
    CHECK_FALSE(may_issue(T::RTO, CS::M));
    CHECK_FALSE(may_issue(T::WB, CS::S)); // clean evictions are silent
    CHECK_FALSE(may_issue(T::WB, CS::E));
    CHECK(requester_outcome(T::WB, CS::Os, none) == CS::I);
    CHECK(to_string(DataSource::Cache) == "cache");
    CHECK(to_string(DataSource::Memory) == "memory");
}

TEST_CASE("snoop: the invariant checker", "[snoop]") {
    const char* legal[] = {"",      "I",     "M",        "I I I", "E I I",  "M I I I",
                           "S S S", "O S S", "S Os S I", "I I O", "S I S S"};
    for (const char* l : legal) {
        INFO(l);
        CHECK(check_line_invariants(line_of(l)) == "");
    }
    struct Bad {
        const char* line;
        const char* says;
    };
    const Bad illegal[] = {
        {"M M", "two owners: cache 0 (M) and cache 1 (M)"},
        {"O I Os", "two owners: cache 0 (O) and cache 2 (Os)"},
        {"S M O", "two owners: cache 1 (M) and cache 2 (O)"},
        {"E S", "cache 0 (E) holds the line exclusively, but cache 1 (S) also holds"},
        {"I S M", "cache 2 (M) holds the line exclusively, but cache 1 (S) also holds"},
        {"E E", "cache 0 (E) holds the line exclusively, but cache 1 (E)"},
        {"E I O", "cache 0 (E) holds the line exclusively, but cache 2 (O)"},
    };
    for (const Bad& b : illegal) {
        INFO(b.line);
        const std::string msg = check_line_invariants(line_of(b.line));
        CHECK_THAT(msg, Catch::Contains(b.says));
        CHECK(msg.back() == '.');
    }
    const CS undefined[] = {CS::S, static_cast<CS>(9)};
    CHECK_THAT(check_line_invariants(undefined, 2), Catch::Contains("undefined state 9"));
}

TEST_CASE("snoop: apply_transaction rejects misuse", "[snoop]") {
    std::vector<CS> line = line_of("S I");
    CHECK_THROWS_AS(apply_transaction(line, 2, T::RTS), std::invalid_argument);
    CHECK_THROWS_AS(apply_transaction(line, A, T::RTS), std::invalid_argument); // already S
    CHECK_THROWS_AS(apply_transaction(line, A, T::WB), std::invalid_argument);  // clean
    CHECK(show(line) == "S I");
    std::vector<CS> broken = line_of("I M O");
    CHECK_THROWS_AS(apply_transaction(broken, A, T::RTS), std::logic_error);
}

TEST_CASE("snoop: two caches, the issue's sequence", "[snoop]") {
    std::vector<CS> line(2, CS::I);
    // A reads alone: E from memory
    run(line, {A, T::RTS, "E I", DataSource::Memory});
    // B reads: A was E -> S (memory answers, E is clean), B S
    BusOutcome o = run(line, {B, T::RTS, "S S", DataSource::Memory});
    CHECK(o.snoop == SnoopResult{true, false});
    CHECK(o.lost_write_permission == 1);
    // A stores: an upgrade from S, no data; B invalidated
    o = run(line, {A, T::RTO, "M I", DataSource::None});
    CHECK(o.invalidations == 1);
    CHECK(o.l1_invalidations == 1);
    // B reads: A, the M owner, supplies and goes to O
    o = run(line, {B, T::RTS, "O S", DataSource::Cache, A});
    CHECK(o.snoop == SnoopResult{true, true});
    CHECK(o.requester_after == CS::S);
    // B stores: an upgrade from S with a foreign O: A invalidated, no copyback
    o = run(line, {B, T::RTO, "I M", DataSource::None});
    CHECK(o.snoop.owned);
    CHECK(o.invalidations == 1);
    // A reads; B M -> O supplies
    run(line, {A, T::RTS, "S O", DataSource::Cache, B});
    // B (O) stores: an upgrade from O, no data, A invalidated
    run(line, {B, T::RTO, "I M", DataSource::None});
    // B evicts: writeback, A unaffected
    o = run(line, {B, T::WB, "I I", DataSource::None});
    CHECK(o.invalidations == 0);
    // A reads again: alone, from memory
    run(line, {A, T::RTS, "E I", DataSource::Memory});
    // B fetches an instruction: never exclusive; A E -> S
    run(line, {B, T::RTSA, "S S", DataSource::Memory});
    // both evict silently (clean); A fetches alone: still S, never E
    line[A] = CS::I;
    line[B] = CS::I;
    run(line, {A, T::RTSA, "S I", DataSource::Memory});
}

TEST_CASE("snoop: three caches, ownership moves and copies are shared", "[snoop]") {
    std::vector<CS> line(3, CS::I);
    run(line, {A, T::RTS, "E I I", DataSource::Memory});
    run(line, {B, T::RTS, "S S I", DataSource::Memory});
    BusOutcome o = run(line, {A, T::RTO, "M I I", DataSource::None}); // upgrade from S
    CHECK(o.invalidations == 1);
    CHECK(o.l1_invalidations == 2); // C probes its L1s too
    run(line, {B, T::RTS, "O S I", DataSource::Cache, A});
    // C stores: A, B invalidated, C M with the data from owner A
    o = run(line, {C, T::RTO, "I I M", DataSource::Cache, A});
    CHECK(o.invalidations == 2);
    CHECK(o.snoop == SnoopResult{false, true});
    // A and B read: C M -> O supplies both, and stays O
    run(line, {A, T::RTS, "S I O", DataSource::Cache, C});
    run(line, {B, T::RTSA, "S S O", DataSource::Cache, C});
    // a read stream from nowhere in particular: C still supplies, nobody moves
    line[B] = CS::I;
    run(line, {B, T::RS, "S I O", DataSource::Cache, C});
    // B stores from I: data from owner C, A and C invalidated
    o = run(line, {B, T::RTO, "I M I", DataSource::Cache, C});
    CHECK(o.invalidations == 2);
    // an SSM agent reads to share for a remote node: M -> Os
    run(line, {kNoCache, T::RTSR, "I Os I", DataSource::Cache, B});
    // local reads leave Os alone and it keeps supplying
    run(line, {A, T::RTS, "S Os I", DataSource::Cache, B});
    run(line, {C, T::RTS, "S Os S", DataSource::Cache, B});
    // the Os owner stores: an upgrade, no data, every S copy goes
    o = run(line, {B, T::RTO, "I M I", DataSource::None});
    CHECK(o.invalidations == 2);
    // a block store (WS) by A overwrites the whole line: B's dirty copy goes too
    o = run(line, {A, T::WS, "I I I", DataSource::None});
    CHECK(o.invalidations == 1);
    CHECK(o.copybacks == 0);
    // E snooped by RS stays E; then an RTO from I takes it from memory
    run(line, {C, T::RTS, "I I E", DataSource::Memory});
    run(line, {A, T::RS, "I I E", DataSource::Memory});
    run(line, {B, T::RTO, "I M I", DataSource::Memory});
    // O with a sharer writes back: the sharer stays S and memory answers next
    run(line, {C, T::RTS, "I O S", DataSource::Cache, B});
    run(line, {B, T::WB, "I I S", DataSource::None});
    run(line, {A, T::RTS, "S I S", DataSource::Memory});
    // I/O and interrupts touch nothing
    for (T t : {T::RIO, T::RBIO, T::WIO, T::WBIO, T::INT}) {
        INFO(fireplane::to_string(t));
        const BusOutcome io = apply_transaction(line, kNoCache, t);
        CHECK(show(line) == "S I S");
        CHECK(io.invalidations == 0);
        CHECK(io.snoop == SnoopResult{});
    }
}

namespace {

// A golden data model of one line: every write makes a new version; a cache
// copy and memory hold versions. After every step every valid copy must hold
// the latest version, and memory too when no cache owns the line.
struct Machine {
    std::vector<CS> line;
    std::vector<uint64_t> copy;
    uint64_t memory = 0;
    uint64_t latest = 0;
    unsigned visits[kNumMoesiStates] = {};
    unsigned copybacks = 0, invalidations = 0, upgrades = 0, transactions = 0;

    explicit Machine(std::size_t n) : line(n, CS::I), copy(n, 0) {}

    uint64_t fetched(const BusOutcome& o) const {
        switch (o.source) {
        case DataSource::Cache: return copy.at(o.supplier);
        case DataSource::Memory: return memory;
        default: FAIL("no data for a transaction that needs it"); return 0;
        }
    }

    BusOutcome bus(std::size_t c, T t) {
        const BusOutcome o = apply_transaction(line, c, t);
        ++transactions;
        copybacks += o.copybacks;
        invalidations += o.invalidations;
        REQUIRE(o.copybacks == (o.source == DataSource::Cache ? 1u : 0u));
        return o;
    }

    void load(std::size_t c, bool fetch) {
        if (is_valid(line[c])) return; // a hit
        const BusOutcome o = bus(c, fetch ? T::RTSA : T::RTS);
        copy[c] = fetched(o);
    }
    void store(std::size_t c) {
        if (!is_writable(line[c])) {
            const CS before = line[c];
            const BusOutcome o = bus(c, T::RTO);
            if (is_valid(before)) {
                REQUIRE(o.source == DataSource::None);
                ++upgrades;
            } else {
                copy[c] = fetched(o);
            }
        }
        REQUIRE(is_writable(line[c]));
        line[c] = CS::M; // E -> M silently
        copy[c] = ++latest;
    }
    void evict(std::size_t c) {
        if (is_dirty(line[c])) {
            bus(c, T::WB);
            memory = copy[c];
        } else {
            line[c] = CS::I; // silent
        }
    }
    void read_stream(std::size_t c) {
        if (!may_issue(T::RS, line[c])) return;
        const CS before = line[c];
        const BusOutcome o = bus(c, T::RS);
        REQUIRE(line[c] == before);
        REQUIRE(fetched(o) == latest);
    }
    void write_stream(std::size_t c) {
        bus(c, T::WS);
        memory = ++latest;
    }
    void remote_read() {
        const BusOutcome o = bus(kNoCache, T::RTSR);
        REQUIRE(fetched(o) == latest);
    }

    void check() {
        INFO("line: " << show(line));
        REQUIRE(check_line_invariants(line) == "");
        bool owned = false;
        for (std::size_t i = 0; i < line.size(); ++i) {
            ++visits[static_cast<unsigned>(line[i])];
            if (is_valid(line[i])) REQUIRE(copy[i] == latest);
            owned = owned || is_owner(line[i]);
        }
        if (!owned) REQUIRE(memory == latest);
    }
};

void random_run(std::size_t caches, uint32_t seed, unsigned steps) {
    // std::mt19937 is specified exactly; the choices below use plain modulo so
    // the run does not depend on the library's distributions.
    std::mt19937 rng(seed);
    Machine m(caches);
    for (unsigned step = 0; step < steps; ++step) {
        const std::size_t c = rng() % caches;
        const unsigned op = rng() % 100;
        INFO("step " << step << " op " << op << " cache " << c << " line " << show(m.line));
        if (op < 35)
            m.load(c, false);
        else if (op < 40)
            m.load(c, true);
        else if (op < 65)
            m.store(c);
        else if (op < 90)
            m.evict(c);
        else if (op < 94)
            m.read_stream(c);
        else if (op < 97)
            m.remote_read();
        else
            m.write_stream(c);
        m.check();
    }
    for (unsigned s = 0; s < kNumMoesiStates; ++s) {
        INFO("state " << kStates[s] << " visited " << m.visits[s] << " times");
        CHECK(m.visits[s] > 0);
    }
    CHECK(m.copybacks > 0);
    CHECK(m.invalidations > 0);
    CHECK(m.upgrades > 0);
    CHECK(m.transactions > steps / 3);
}

} // namespace

TEST_CASE("snoop: random operations on one line keep the invariants and the data", "[snoop]") {
    SECTION("3 caches") {
        random_run(3, 12345u, 5000);
    }
    SECTION("4 caches") {
        random_run(4, 2024u, 5000);
    }
    SECTION("2 caches") {
        random_run(2, 7u, 3000);
    }
}
