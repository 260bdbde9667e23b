#include "snoop_protocol.h"

#include <sstream>
#include <stdexcept>

namespace fireplane::cache {

namespace {

using T = TransactionType;
using C = MoesiState;

// The types whose requester reads the line coherently: for these a snooper's
// `shared` is exactly "keeps a valid copy", and its owner answers.
constexpr bool is_read_type(T t) {
    return requester_rule(t).data == RequesterData::Coherent;
}

// The table's shape and the properties every row must have. These are the
// protocol's safety rules, so a wrong edit to the table fails the build.
constexpr bool snoop_table_is_sound() {
    for (unsigned i = 0; i < kNumSnoopRows; ++i) {
        const SnoopRow& r = kSnoopTable[i];
        // order: index = type * states + local
        if (static_cast<unsigned>(r.type) != i / kNumMoesiStates) return false;
        if (static_cast<unsigned>(r.local) != i % kNumMoesiStates) return false;
        // an invalid line never reacts (except the L1 probe)
        if (!is_valid(r.local) &&
            (r.next != C::I || r.shared || r.owned || r.supplies_data || r.invalidates))
            return false;
        // snoops never grant ownership or write permission
        if (is_owner(r.next) && !is_owner(r.local)) return false;
        if (is_writable(r.next) && r.next != r.local) return false;
        // no snoop makes a line valid or cleans a dirty line without a writeback
        if (is_valid(r.next) && !is_valid(r.local)) return false;
        if (is_dirty(r.local) && is_valid(r.next) && !is_dirty(r.next)) return false;
        // EC_snoop_inv is exactly "a valid copy went"
        if (r.invalidates != (is_valid(r.local) && !is_valid(r.next))) return false;
        // an invalidated E$ copy takes its L1 copies with it
        if (r.invalidates && !r.invalidate_l1) return false;
        // only owners answer, and an owner that answers supplies the data
        if (r.owned && !is_owner(r.local)) return false;
        if (r.supplies_data != r.owned) return false;
        // shared means "keeps a copy" for reads; other types drive nothing
        if (is_read_type(r.type)) {
            if (r.shared != is_valid(r.next)) return false;
            if (r.owned != is_owner(r.local)) return false;
        } else if (r.shared || r.owned) {
            return false;
        }
    }
    return true;
}
static_assert(snoop_table_is_sound(),
              "kSnoopTable breaks a protocol rule (see snoop_protocol.cpp)");

constexpr bool requester_rules_are_sound() {
    for (unsigned i = 0; i < kNumTransactionTypes; ++i) {
        const RequesterRule& r = kRequesterRules[i];
        if (static_cast<unsigned>(r.type) != i) return false;
        if (r.may_issue_from == 0) return false;
        if (!r.sets_state) continue;
        // E only when nobody else kept a copy
        if (r.if_shared == C::E) return false;
        // M only when every other copy is invalidated by the snoops
        if (r.if_alone == C::M || r.if_shared == C::M)
            for (unsigned s = 0; s < kNumMoesiStates; ++s)
                if (snoop(r.type, static_cast<C>(s)).next != C::I) return false;
    }
    return true;
}
static_assert(requester_rules_are_sound(),
              "kRequesterRules breaks a protocol rule (see snoop_protocol.cpp)");

// Compile-time spot checks of the rules the issue names.
static_assert(snoop(T::RTS, C::M).next == C::O && snoop(T::RTS, C::M).supplies_data,
              "an M owner snooped by a read goes to O and supplies the data");
static_assert(snoop(T::RTS, C::E).next == C::S, "E snooped by a read goes to S");
static_assert(snoop(T::RTS, C::O).next == C::O, "O stays O on a local read");
static_assert(snoop(T::RTSR, C::O).next == C::Os, "O becomes Os only through RTSR");
static_assert(requester_outcome(T::RTS, C::I, SnoopResult{}) == C::E, "RTS alone gives E");
static_assert(requester_outcome(T::RTS, C::I, SnoopResult{true, false}) == C::S,
              "RTS shared gives S");
static_assert(!needs_data(T::RTO, C::S, SnoopResult{}) &&
                  !needs_data(T::RTO, C::O, SnoopResult{}) &&
                  !needs_data(T::RTO, C::Os, SnoopResult{}) &&
                  needs_data(T::RTO, C::I, SnoopResult{}),
              "an RTO from S, O or Os needs no data");
static_assert(combine(SnoopResult{true, false}, SnoopResult{}, SnoopResult{true, true}) ==
                  SnoopResult{true, true},
              "combine is the wired-OR");

} // namespace

std::string_view to_string(DataSource source) {
    switch (source) {
    case DataSource::None: return "none";
    case DataSource::Memory: return "memory";
    case DataSource::Cache: return "cache";
    case DataSource::Device: return "device";
    }
    return "?";
}

BusOutcome apply_transaction(MoesiState* states, std::size_t n, std::size_t requester,
                             TransactionType type) {
    if (requester != kNoCache && requester >= n)
        throw std::invalid_argument("apply_transaction: requester " + std::to_string(requester) +
                                    " is not one of the " + std::to_string(n) + " caches");
    BusOutcome out;
    out.type = type;
    out.requester_before = requester == kNoCache ? C::I : states[requester];
    if (!may_issue(type, out.requester_before)) {
        std::ostringstream os;
        os << "apply_transaction: a requester in " << out.requester_before << " may not issue "
           << to_string(type);
        throw std::invalid_argument(os.str());
    }

    // Snoop phase: every other cache looks its row up in its state before.
    for (std::size_t i = 0; i < n; ++i)
        if (i != requester) out.snoop |= snoop(type, states[i]).reply();
    out.source = data_source(type, out.requester_before, out.snoop);
    const bool data_needed = needs_data(type, out.requester_before, out.snoop);

    // Each snooper moves to its next state; the owner copies back if needed.
    for (std::size_t i = 0; i < n; ++i) {
        if (i == requester) continue;
        const SnoopRow& row = snoop(type, states[i]);
        if (row.supplies_data && data_needed) {
            if (out.supplier != kNoCache)
                throw std::logic_error("apply_transaction: caches " + std::to_string(out.supplier) +
                                       " and " + std::to_string(i) + " would both supply the data");
            out.supplier = i;
            ++out.copybacks;
        }
        if (row.invalidates) ++out.invalidations;
        if (row.invalidate_l1) ++out.l1_invalidations;
        if (loses_write_permission(row)) ++out.lost_write_permission;
        states[i] = row.next;
    }

    out.requester_after = requester_outcome(type, out.requester_before, out.snoop);
    if (requester != kNoCache) states[requester] = out.requester_after;
    return out;
}

BusOutcome apply_transaction(std::vector<MoesiState>& states, std::size_t requester,
                             TransactionType type) {
    return apply_transaction(states.data(), states.size(), requester, type);
}

} // namespace fireplane::cache
