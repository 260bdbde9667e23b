// The Fireplane MOESI(+Os) snoop protocol of one E$ sub-block (the 64-byte
// coherence unit), as data: what a snooping cache does when it sees another
// agent's transaction, what the requester ends with, and the invariants that
// every line must keep across all caches. Pure C++: no SystemC, no payloads.
//
// ---------------------------------------------------------------------------
// The snoop table (kSnoopTable): one row per (snooped type T, local state).
// ---------------------------------------------------------------------------
// A cache that holds the sub-block in state `local` and sees another agent's
// transaction of type T moves to `next` and drives:
//   shared         it keeps a valid copy after T (its part of the snoop result);
//   owned          it owns the line (M, O, Os) and is the one that answers a read
//                  instead of memory;
//   supplies_data  it copies the line back to the requester (EC_snoop_cb), but
//                  only when the requester needs data: the copyback happens iff
//                  supplies_data && needs_data(T, requester_before, combined).
//                  An RTO upgrade from S/O/Os moves no data at all, so a foreign
//                  owner is invalidated without a copyback (the requester's S
//                  copy already holds the owner's data);
//   invalidates    its valid E$ copy is invalidated (EC_snoop_inv);
//   invalidate_l1  its D$ and P$ copies of the sub-block must be invalidated.
//                  True for every transaction that lets another agent change
//                  the data (RTO, WS and their remote forms), in every local
//                  state including I: the P$ is not inclusive in the E$ (P$-only
//                  prefetches use RS and never allocate in the E$), so a snoop
//                  that misses the E$ still probes the L1s. Reads never
//                  invalidate L1 copies: they do not change the data.
// The combined snoop result a requester sees is combine() of the replies of
// every cache except its own.
//
// The rules, in the order of the table (I S E O Os M):
//   RTS, RTSA   S, E -> S; M -> O; O and Os stay. The owner (M, O, Os) supplies
//               the data; E is clean and lets memory answer. Every holder
//               drives shared, the owner also owned.
//   RTO         every copy -> I. The owner supplies the data (if needed).
//   RS          read stream, non-allocating: nobody changes state (E stays E,
//               M stays M: the requester keeps no copy); the owner supplies.
//   WS          write stream, a full-line write to memory: every copy -> I,
//               nobody supplies (a dirty owner's data is overwritten whole).
//   WB          changes nobody else's state and drives nothing.
//   R_RTS, R_RTSA, R_RTO, R_RS, R_WS, R_WB
//               the remote (SSM) forms, issued by a local CPU for a line whose
//               home is another node: the caches of this snooping domain react
//               exactly as to the local form.
//   RTSR        read to share on behalf of a remote node, issued by the SSM
//               agent: as RTS, except that the owner goes to Os (M -> Os,
//               O -> Os, Os stays). See "Os" below.
//   RTOR        read to own on behalf of a remote node: as RTO.
//   RIO, RBIO, WIO, WBIO, INT
//               I/O space and interrupts: never affect a cache.
// Checked when compiled (snoop_protocol.cpp): snoops never grant ownership
// or write permission, an invalid line never reacts, `shared` is exactly
// "still valid" for the read types, only owners drive owned or supply data.
//
// When O becomes Os (our choice; see moesi.h). Os marks an owner that has
// supplied a shared copy the snooping domain cannot see: a copy handed to
// another node through RTSR. No snoop in this domain will ever report that
// copy, so the line must be treated as certainly shared. A local read (RTS,
// RTSA) never makes Os: M -> O, and O stays O (every O has supplied at least
// one local copy; those copies are visible to snoops and may have been
// silently dropped since). The V1280 is one snooping domain with no SSM agent,
// so nothing issues RTSR there and Os does not occur in practice; the real
// part's SSM consequence (a store to an Os line needing R_RTO) is not
// modelled: an RTO from Os works exactly as from O. Apart from that entry
// point, Os behaves as O in every row. Os leaves like O: written back on
// eviction (is_dirty), invalidated by RTO/WS.
//
// ---------------------------------------------------------------------------
// The requester (kRequesterRules): one row per type.
// ---------------------------------------------------------------------------
//   RTS, R_RTS     I -> E when the combined result is neither shared nor owned,
//                  else S. Always needs data (memory, or the owner if owned).
//   RTSA, R_RTSA   I -> S always: "read to share always" (an instruction fetch)
//                  never takes a line exclusive, as transaction_types.h says.
//   RTO, R_RTO     I, S, O, Os -> M. Needs data only from I; from S, O or Os it
//                  is an upgrade (EC_write_hit_RTO) and moves no data. A store
//                  to E or M upgrades silently and issues nothing.
//   RS, R_RS       from I, S or E (clean: the data it gets is current); the
//                  requester's state does not change (non-allocating).
//   WS, R_WS       from any state -> I: the line goes to memory whole.
//   WB, R_WB       from M, O, Os -> I (eviction of a dirty sub-block; clean
//                  evictions are silent and issue nothing).
//   RTSR, RTOR     issued by the SSM agent, which holds no E$ state (I -> I).
//   I/O, INT       any state, unchanged.
// may_issue() says which `before` states a requester may issue T from;
// apply_transaction() rejects the others. The state `before` is the
// requester's state when its transaction is ordered on the address bus (an
// earlier transaction may have invalidated the S copy it had when it decided
// to issue an upgrade: it then needs data).
//
// Counters (issue 4): EC_snoop_inv += row.invalidates; EC_snoop_cb += one
// copyback as above; EC_write_hit_RTO counts RTOs issued from S, O or Os;
// SI_owned counts the requester's own transactions whose combined result was
// owned.
//
// The invariants of one line over N caches: check_line_invariants
// (models/fireplane/moesi.h).
#pragma once

#include "models/fireplane/fireplane_extension.h"
#include "models/fireplane/moesi.h"
#include "models/fireplane/transaction_types.h"

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace fireplane::cache {

struct SnoopRow {
    TransactionType type; // the snooped transaction (another agent's)
    MoesiState local;     // this cache's state before
    MoesiState next;      // this cache's state after
    bool shared;          // drives shared: keeps a valid copy
    bool owned;           // drives owned: owns the line and answers the read
    bool supplies_data;   // copies back, if the requester needs data
    bool invalidates;     // its valid E$ copy is invalidated (EC_snoop_inv)
    bool invalidate_l1;   // its D$ and P$ copies must be invalidated

    constexpr SnoopResult reply() const { return {shared, owned}; }
};

inline constexpr unsigned kNumSnoopRows = kNumTransactionTypes * kNumMoesiStates;

namespace snoop_table_detail {
using T = TransactionType;
using C = MoesiState;
inline constexpr bool Y = true;
inline constexpr bool N = false;

// The one table. Row index = type * kNumMoesiStates + local (checked in
// snoop_protocol.cpp).
// clang-format off
inline constexpr std::array<SnoopRow, kNumSnoopRows> kRows{{
    // type       local  next   shared owned data inv  l1
    {T::RTS,      C::I,  C::I,  N,     N,    N,   N,   N},
    {T::RTS,      C::S,  C::S,  Y,     N,    N,   N,   N},
    {T::RTS,      C::E,  C::S,  Y,     N,    N,   N,   N},
    {T::RTS,      C::O,  C::O,  Y,     Y,    Y,   N,   N},
    {T::RTS,      C::Os, C::Os, Y,     Y,    Y,   N,   N},
    {T::RTS,      C::M,  C::O,  Y,     Y,    Y,   N,   N},

    {T::RTSA,     C::I,  C::I,  N,     N,    N,   N,   N},
    {T::RTSA,     C::S,  C::S,  Y,     N,    N,   N,   N},
    {T::RTSA,     C::E,  C::S,  Y,     N,    N,   N,   N},
    {T::RTSA,     C::O,  C::O,  Y,     Y,    Y,   N,   N},
    {T::RTSA,     C::Os, C::Os, Y,     Y,    Y,   N,   N},
    {T::RTSA,     C::M,  C::O,  Y,     Y,    Y,   N,   N},

    {T::RTO,      C::I,  C::I,  N,     N,    N,   N,   Y},
    {T::RTO,      C::S,  C::I,  N,     N,    N,   Y,   Y},
    {T::RTO,      C::E,  C::I,  N,     N,    N,   Y,   Y},
    {T::RTO,      C::O,  C::I,  N,     Y,    Y,   Y,   Y},
    {T::RTO,      C::Os, C::I,  N,     Y,    Y,   Y,   Y},
    {T::RTO,      C::M,  C::I,  N,     Y,    Y,   Y,   Y},

    {T::RS,       C::I,  C::I,  N,     N,    N,   N,   N},
    {T::RS,       C::S,  C::S,  Y,     N,    N,   N,   N},
    {T::RS,       C::E,  C::E,  Y,     N,    N,   N,   N},
    {T::RS,       C::O,  C::O,  Y,     Y,    Y,   N,   N},
    {T::RS,       C::Os, C::Os, Y,     Y,    Y,   N,   N},
    {T::RS,       C::M,  C::M,  Y,     Y,    Y,   N,   N},

    {T::WS,       C::I,  C::I,  N,     N,    N,   N,   Y},
    {T::WS,       C::S,  C::I,  N,     N,    N,   Y,   Y},
    {T::WS,       C::E,  C::I,  N,     N,    N,   Y,   Y},
    {T::WS,       C::O,  C::I,  N,     N,    N,   Y,   Y},
    {T::WS,       C::Os, C::I,  N,     N,    N,   Y,   Y},
    {T::WS,       C::M,  C::I,  N,     N,    N,   Y,   Y},

    {T::WB,       C::I,  C::I,  N,     N,    N,   N,   N},
    {T::WB,       C::S,  C::S,  N,     N,    N,   N,   N},
    {T::WB,       C::E,  C::E,  N,     N,    N,   N,   N},
    {T::WB,       C::O,  C::O,  N,     N,    N,   N,   N},
    {T::WB,       C::Os, C::Os, N,     N,    N,   N,   N},
    {T::WB,       C::M,  C::M,  N,     N,    N,   N,   N},

    // remote (SSM) forms issued by a local CPU: as the local forms
    {T::R_RTS,    C::I,  C::I,  N,     N,    N,   N,   N},
    {T::R_RTS,    C::S,  C::S,  Y,     N,    N,   N,   N},
    {T::R_RTS,    C::E,  C::S,  Y,     N,    N,   N,   N},
    {T::R_RTS,    C::O,  C::O,  Y,     Y,    Y,   N,   N},
    {T::R_RTS,    C::Os, C::Os, Y,     Y,    Y,   N,   N},
    {T::R_RTS,    C::M,  C::O,  Y,     Y,    Y,   N,   N},

    {T::R_RTSA,   C::I,  C::I,  N,     N,    N,   N,   N},
    {T::R_RTSA,   C::S,  C::S,  Y,     N,    N,   N,   N},
    {T::R_RTSA,   C::E,  C::S,  Y,     N,    N,   N,   N},
    {T::R_RTSA,   C::O,  C::O,  Y,     Y,    Y,   N,   N},
    {T::R_RTSA,   C::Os, C::Os, Y,     Y,    Y,   N,   N},
    {T::R_RTSA,   C::M,  C::O,  Y,     Y,    Y,   N,   N},

    {T::R_RTO,    C::I,  C::I,  N,     N,    N,   N,   Y},
    {T::R_RTO,    C::S,  C::I,  N,     N,    N,   Y,   Y},
    {T::R_RTO,    C::E,  C::I,  N,     N,    N,   Y,   Y},
    {T::R_RTO,    C::O,  C::I,  N,     Y,    Y,   Y,   Y},
    {T::R_RTO,    C::Os, C::I,  N,     Y,    Y,   Y,   Y},
    {T::R_RTO,    C::M,  C::I,  N,     Y,    Y,   Y,   Y},

    {T::R_RS,     C::I,  C::I,  N,     N,    N,   N,   N},
    {T::R_RS,     C::S,  C::S,  Y,     N,    N,   N,   N},
    {T::R_RS,     C::E,  C::E,  Y,     N,    N,   N,   N},
    {T::R_RS,     C::O,  C::O,  Y,     Y,    Y,   N,   N},
    {T::R_RS,     C::Os, C::Os, Y,     Y,    Y,   N,   N},
    {T::R_RS,     C::M,  C::M,  Y,     Y,    Y,   N,   N},

    {T::R_WS,     C::I,  C::I,  N,     N,    N,   N,   Y},
    {T::R_WS,     C::S,  C::I,  N,     N,    N,   Y,   Y},
    {T::R_WS,     C::E,  C::I,  N,     N,    N,   Y,   Y},
    {T::R_WS,     C::O,  C::I,  N,     N,    N,   Y,   Y},
    {T::R_WS,     C::Os, C::I,  N,     N,    N,   Y,   Y},
    {T::R_WS,     C::M,  C::I,  N,     N,    N,   Y,   Y},

    {T::R_WB,     C::I,  C::I,  N,     N,    N,   N,   N},
    {T::R_WB,     C::S,  C::S,  N,     N,    N,   N,   N},
    {T::R_WB,     C::E,  C::E,  N,     N,    N,   N,   N},
    {T::R_WB,     C::O,  C::O,  N,     N,    N,   N,   N},
    {T::R_WB,     C::Os, C::Os, N,     N,    N,   N,   N},
    {T::R_WB,     C::M,  C::M,  N,     N,    N,   N,   N},

    // on behalf of a remote node (the SSM agent): the only way into Os
    {T::RTSR,     C::I,  C::I,  N,     N,    N,   N,   N},
    {T::RTSR,     C::S,  C::S,  Y,     N,    N,   N,   N},
    {T::RTSR,     C::E,  C::S,  Y,     N,    N,   N,   N},
    {T::RTSR,     C::O,  C::Os, Y,     Y,    Y,   N,   N},
    {T::RTSR,     C::Os, C::Os, Y,     Y,    Y,   N,   N},
    {T::RTSR,     C::M,  C::Os, Y,     Y,    Y,   N,   N},

    {T::RTOR,     C::I,  C::I,  N,     N,    N,   N,   Y},
    {T::RTOR,     C::S,  C::I,  N,     N,    N,   Y,   Y},
    {T::RTOR,     C::E,  C::I,  N,     N,    N,   Y,   Y},
    {T::RTOR,     C::O,  C::I,  N,     Y,    Y,   Y,   Y},
    {T::RTOR,     C::Os, C::I,  N,     Y,    Y,   Y,   Y},
    {T::RTOR,     C::M,  C::I,  N,     Y,    Y,   Y,   Y},

    // I/O space and interrupts: no cache reacts
    {T::RIO,      C::I,  C::I,  N,     N,    N,   N,   N},
    {T::RIO,      C::S,  C::S,  N,     N,    N,   N,   N},
    {T::RIO,      C::E,  C::E,  N,     N,    N,   N,   N},
    {T::RIO,      C::O,  C::O,  N,     N,    N,   N,   N},
    {T::RIO,      C::Os, C::Os, N,     N,    N,   N,   N},
    {T::RIO,      C::M,  C::M,  N,     N,    N,   N,   N},

    {T::RBIO,     C::I,  C::I,  N,     N,    N,   N,   N},
    {T::RBIO,     C::S,  C::S,  N,     N,    N,   N,   N},
    {T::RBIO,     C::E,  C::E,  N,     N,    N,   N,   N},
    {T::RBIO,     C::O,  C::O,  N,     N,    N,   N,   N},
    {T::RBIO,     C::Os, C::Os, N,     N,    N,   N,   N},
    {T::RBIO,     C::M,  C::M,  N,     N,    N,   N,   N},

    {T::WIO,      C::I,  C::I,  N,     N,    N,   N,   N},
    {T::WIO,      C::S,  C::S,  N,     N,    N,   N,   N},
    {T::WIO,      C::E,  C::E,  N,     N,    N,   N,   N},
    {T::WIO,      C::O,  C::O,  N,     N,    N,   N,   N},
    {T::WIO,      C::Os, C::Os, N,     N,    N,   N,   N},
    {T::WIO,      C::M,  C::M,  N,     N,    N,   N,   N},

    {T::WBIO,     C::I,  C::I,  N,     N,    N,   N,   N},
    {T::WBIO,     C::S,  C::S,  N,     N,    N,   N,   N},
    {T::WBIO,     C::E,  C::E,  N,     N,    N,   N,   N},
    {T::WBIO,     C::O,  C::O,  N,     N,    N,   N,   N},
    {T::WBIO,     C::Os, C::Os, N,     N,    N,   N,   N},
    {T::WBIO,     C::M,  C::M,  N,     N,    N,   N,   N},

    {T::INT,      C::I,  C::I,  N,     N,    N,   N,   N},
    {T::INT,      C::S,  C::S,  N,     N,    N,   N,   N},
    {T::INT,      C::E,  C::E,  N,     N,    N,   N,   N},
    {T::INT,      C::O,  C::O,  N,     N,    N,   N,   N},
    {T::INT,      C::Os, C::Os, N,     N,    N,   N,   N},
    {T::INT,      C::M,  C::M,  N,     N,    N,   N,   N},
}};
// clang-format on
} // namespace snoop_table_detail

using SnoopTable = std::array<SnoopRow, kNumSnoopRows>;
inline constexpr const SnoopTable& kSnoopTable = snoop_table_detail::kRows;

constexpr unsigned snoop_row_index(TransactionType type, MoesiState local) {
    return static_cast<unsigned>(type) * kNumMoesiStates + static_cast<unsigned>(local);
}

// The row for a cache in `local` that snoops another agent's `type`.
constexpr const SnoopRow& snoop(TransactionType type, MoesiState local) {
    return kSnoopTable[snoop_row_index(type, local)];
}

// The snooper loses write permission (E or M before, neither after): pending
// stores to the line need a new RTO, and its W$ copy must be merged into the
// E$ before the copyback (M -> O) or dropped with it (M -> I).
constexpr bool loses_write_permission(const SnoopRow& row) {
    return is_writable(row.local) && !is_writable(row.next);
}

// ---------------------------------------------------------------------------
// The requester
// ---------------------------------------------------------------------------

// Where the data phase brings the requester its data from.
enum class DataSource : uint8_t {
    None,   // no data moves to the requester
    Memory, // the memory controller (no cache owns the line)
    Cache,  // the owning cache (a cache-to-cache copyback)
    Device, // an I/O device (RIO, RBIO)
};

std::string_view to_string(DataSource source);

// Bit of a state in a state mask.
constexpr uint8_t state_bit(MoesiState s) {
    return uint8_t(1u << static_cast<unsigned>(s));
}

enum class RequesterData : uint8_t {
    None,     // no data moves to the requester
    Coherent, // from the owner when the combined result is owned, else memory
    Device,   // from an I/O device
};

struct RequesterRule {
    TransactionType type;
    uint8_t may_issue_from; // mask of state_bit()s the requester may issue it from
    RequesterData data;     // where inbound data comes from, if any
    uint8_t no_data_from;   // mask of states from which it needs no data (upgrades)
    bool sets_state;        // false: the requester's state does not change
    MoesiState if_alone;    // new state when the combined result is neither shared nor owned
    MoesiState if_shared;   // new state otherwise
};

namespace snoop_table_detail {
inline constexpr uint8_t kFromI = state_bit(C::I);
inline constexpr uint8_t kFromClean = state_bit(C::I) | state_bit(C::S) | state_bit(C::E);
inline constexpr uint8_t kFromUpgradable =
    state_bit(C::I) | state_bit(C::S) | state_bit(C::O) | state_bit(C::Os);
inline constexpr uint8_t kFromDirty = state_bit(C::O) | state_bit(C::Os) | state_bit(C::M);
inline constexpr uint8_t kFromAny = uint8_t((1u << kNumMoesiStates) - 1);
inline constexpr uint8_t kFromValid = uint8_t(kFromAny & ~kFromI);
using D = RequesterData;

// Row index = type (checked in snoop_protocol.cpp).
// clang-format off
inline constexpr std::array<RequesterRule, kNumTransactionTypes> kRequesterRows{{
    // type      may issue from    data         no data from  sets   alone  shared
    {T::RTS,     kFromI,           D::Coherent, 0,            Y,     C::E,  C::S},
    {T::RTSA,    kFromI,           D::Coherent, 0,            Y,     C::S,  C::S},
    {T::RTO,     kFromUpgradable,  D::Coherent, kFromValid,   Y,     C::M,  C::M},
    {T::RS,      kFromClean,       D::Coherent, 0,            N,     C::I,  C::I},
    {T::WS,      kFromAny,         D::None,     kFromAny,     Y,     C::I,  C::I},
    {T::WB,      kFromDirty,       D::None,     kFromAny,     Y,     C::I,  C::I},
    {T::R_RTS,   kFromI,           D::Coherent, 0,            Y,     C::E,  C::S},
    {T::R_RTSA,  kFromI,           D::Coherent, 0,            Y,     C::S,  C::S},
    {T::R_RTO,   kFromUpgradable,  D::Coherent, kFromValid,   Y,     C::M,  C::M},
    {T::R_RS,    kFromClean,       D::Coherent, 0,            N,     C::I,  C::I},
    {T::R_WS,    kFromAny,         D::None,     kFromAny,     Y,     C::I,  C::I},
    {T::R_WB,    kFromDirty,       D::None,     kFromAny,     Y,     C::I,  C::I},
    {T::RTSR,    kFromI,           D::Coherent, 0,            N,     C::I,  C::I},
    {T::RTOR,    kFromI,           D::Coherent, 0,            N,     C::I,  C::I},
    {T::RIO,     kFromAny,         D::Device,   0,            N,     C::I,  C::I},
    {T::RBIO,    kFromAny,         D::Device,   0,            N,     C::I,  C::I},
    {T::WIO,     kFromAny,         D::None,     kFromAny,     N,     C::I,  C::I},
    {T::WBIO,    kFromAny,         D::None,     kFromAny,     N,     C::I,  C::I},
    {T::INT,     kFromAny,         D::None,     kFromAny,     N,     C::I,  C::I},
}};
// clang-format on
} // namespace snoop_table_detail

inline constexpr const std::array<RequesterRule, kNumTransactionTypes>& kRequesterRules =
    snoop_table_detail::kRequesterRows;

constexpr const RequesterRule& requester_rule(TransactionType type) {
    return kRequesterRules[static_cast<unsigned>(type)];
}

// Whether a cache in `before` may issue `type` for the line (a protocol use,
// not a wasted or stale transaction).
constexpr bool may_issue(TransactionType type, MoesiState before) {
    return (requester_rule(type).may_issue_from & state_bit(before)) != 0;
}

// The requester's state once `type` completes, given its state when the
// transaction was ordered and the combined snoop result of every other cache.
constexpr MoesiState requester_outcome(TransactionType type, MoesiState before,
                                       SnoopResult combined) {
    const RequesterRule& r = requester_rule(type);
    if (!r.sets_state) return before;
    return (combined.shared || combined.owned) ? r.if_shared : r.if_alone;
}

// Whether data must move to the requester: false for RTO upgrades from S, O,
// Os (and E, M), for writes, writebacks and interrupts.
constexpr bool needs_data(TransactionType type, MoesiState before, SnoopResult /*combined*/) {
    const RequesterRule& r = requester_rule(type);
    return r.data != RequesterData::None && (r.no_data_from & state_bit(before)) == 0;
}

constexpr DataSource data_source(TransactionType type, MoesiState before, SnoopResult combined) {
    if (!needs_data(type, before, combined)) return DataSource::None;
    if (requester_rule(type).data == RequesterData::Device) return DataSource::Device;
    return combined.owned ? DataSource::Cache : DataSource::Memory;
}

// ---------------------------------------------------------------------------
// Invariants and a reference model of one line across N caches
// ---------------------------------------------------------------------------

// The line invariants themselves are the protocol's: check_line_invariants
// in models/fireplane/moesi.h.

// A requester index that names no cache: an agent with no E$ (the SSM agent,
// an I/O bridge). Its state is I before and after.
inline constexpr std::size_t kNoCache = static_cast<std::size_t>(-1);

struct BusOutcome {
    TransactionType type = TransactionType::RTS;
    MoesiState requester_before = MoesiState::I;
    MoesiState requester_after = MoesiState::I;
    SnoopResult snoop; // combined reply of every cache but the requester
    DataSource source = DataSource::None;
    std::size_t supplier = kNoCache;    // the cache that copied back, when source == Cache
    unsigned copybacks = 0;             // EC_snoop_cb events (0 or 1)
    unsigned invalidations = 0;         // EC_snoop_inv events, over all snoopers
    unsigned l1_invalidations = 0;      // snoopers told to invalidate their D$/P$
    unsigned lost_write_permission = 0; // snoopers that left E or M
};

// Applies one transaction by cache `requester` (or kNoCache) to the states of
// one line in n caches, with the tables above: every other cache snoops, the
// requester gets requester_outcome(). Throws std::invalid_argument when the
// requester may not issue the type from its state or the index is out of
// range, and std::logic_error when two snoopers would supply data.
BusOutcome apply_transaction(MoesiState* states, std::size_t n, std::size_t requester,
                             TransactionType type);
BusOutcome apply_transaction(std::vector<MoesiState>& states, std::size_t requester,
                             TransactionType type);

} // namespace fireplane::cache
