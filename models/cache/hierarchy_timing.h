// The behaviour and timing of one UltraSPARC IIICu's caches below the
// pipeline: I$, D$ (write-through, virtually indexed), P$, the store buffer,
// W$ and E$, with MSHRs for the lines in flight on the bus. Plain C++ on CPU
// cycles, no SystemC: cache_hierarchy.h puts it behind TLM sockets, and the
// unit tests drive it directly. All state is plain members.
//
// A request either completes at once (a hit: the cycle the instruction may go
// on is returned) or waits for the bus; it then completes through
// HierarchyClient::completed once the fill it depends on has arrived.
#pragma once

#include "cache_array.h"
#include "cache_events.h"
#include "cache_request.h"
#include "models/fireplane/transaction_types.h"
#include "mshr.h"
#include "prefetch_functions.h"
#include "snoop_protocol.h"
#include "store_buffer.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace fireplane::cache {

struct HierarchyConfig {
    CacheArrayConfig icache{kIcacheGeometry, ReplacementPolicy::Lru, 1, false};
    CacheArrayConfig dcache{kDcacheGeometry, ReplacementPolicy::Lru, 1, false};
    CacheArrayConfig pcache{kPcacheGeometry, ReplacementPolicy::Lru, 1, false};
    CacheArrayConfig wcache{kWcacheGeometry, ReplacementPolicy::Lru, 1, true};
    CacheArrayConfig ecache{kEcacheGeometry, ReplacementPolicy::Lfsr, 1, false};
    unsigned coherence_unit = 64; // bytes per bus transaction (an E$ sub-block)

    // Latencies in CPU cycles, added to the pipeline's own issue and load-use time.
    unsigned ecache_hit = 18;     // load that misses the D$ and hits the E$ (T2.2)
    unsigned icache_miss = 15;    // fetch that misses the I$ and hits the E$
    unsigned miss_detect = 12;    // D$ miss to the bus request of an E$ miss
    unsigned fill = 8;            // bus data arrival to the load's data in a register
    unsigned store_buffer = 8;    // entries
    unsigned store_residency = 6; // cycles from a store's issue to the earliest it can leave
    unsigned drain_interval = 2;  // cycles between two stores leaving the buffer
    unsigned wcache_move = 30;    // one W$ line to the off-chip E$; moves do not overlap
    unsigned atomic = 46;         // CAS/LDSTUB/SWAP once the line is owned and the buffer empty
    unsigned raw_ec_miss = 12;    // forward refused: the store's line misses the E$ (T3.3)
    unsigned raw_overlap = 19;    // load partly covered by a pending store (T3.4-T3.6)
    unsigned raw_same_line = 15;  // D$-missing load to a line with pending stores (T3.8-T3.9)
    unsigned raw_past = 30;       // load of a store that a younger one to its line follows (T3.10)
    unsigned mshrs = 8;           // lines in flight on the bus at once

    // The snoop table this hierarchy follows. Only tests change it: a broken
    // copy proves that the coherence checkers catch a broken protocol.
    const SnoopTable* snoop_table = &kSnoopTable;
};

// Which protocol transitions a hierarchy went through, counted on the timed
// path (warming is left out): what the coherence random tester covered.
struct ProtocolCoverage {
    // Another agent's transaction snooped, by snoop table row (snoop_row_index).
    std::array<uint64_t, kNumSnoopRows> snooped{};
    // Its own transactions, by (type, state before, state after).
    std::array<uint64_t, kNumTransactionTypes * kNumMoesiStates * kNumMoesiStates> issued{};

    static constexpr unsigned issued_index(TransactionType type, MoesiState before,
                                           MoesiState after) {
        return (unsigned(type) * kNumMoesiStates + unsigned(before)) * kNumMoesiStates +
               unsigned(after);
    }
};

// What the hierarchy did, beyond the counter events (the statistics registry
// shows each as <cpu>.caches.<name>; see cache_hierarchy.cpp).
struct HierarchyActivity {
    uint64_t wcache_moves = 0;      // W$ lines moved to the E$
    uint64_t mshr_merges = 0;       // requests that joined a line in flight
    uint64_t mshr_stalls = 0;       // requests that waited: exclusive behind shared, or no MSHR
    uint64_t prefetch_upgrades = 0; // prefetches in flight a demand access upgraded
};

// Nothing, or the parameter to blame (as hierarchy_params() names it) and
// one sentence saying why the configuration cannot work.
std::optional<ConfigProblem> validate(const HierarchyConfig& config);

// What the hierarchy needs from its surroundings.
class HierarchyClient {
public:
    virtual ~HierarchyClient() = default;
    // Sends a bus transaction for the coherence unit at `pa` at `cycle`;
    // `mshr` is the entry to answer with fill_arrived(), or -1 (writeback).
    virtual void bus_request(TransactionType type, uint64_t pa, uint64_t cycle, int mshr) = 0;
    // Functional warming (HierarchyTiming::warm): `type` for the unit at `pa`,
    // issued at `cycle`, happens now: every other cache snoops it, and the
    // combined result comes back. No data moves; `needs_data` is the
    // requester's. `cycle` becomes the cycle the requester has the line: the
    // bus times what moves a line between caches, where threads queue.
    // Without a snooping bus no other cache holds lines.
    virtual SnoopResult warm_transaction(TransactionType /*type*/, uint64_t /*pa*/,
                                         bool /*needs_data*/, uint64_t& /*cycle*/) {
        return {};
    }
    // A request that returned done = false has completed.
    virtual void completed(uintptr_t tag, uint64_t ready, StallCause cause) = 0;
    virtual void count(CacheEvent event, uint64_t n) = 0;
    // A store or atomic was performed on the coherence unit at `pa` (the line
    // is M here now). For tracing and data models; nothing depends on it.
    virtual void wrote(uint64_t /*pa*/) {}
};

// What this hierarchy drives in the snoop phase of another agent's transaction.
struct SnoopAnswer {
    SnoopResult reply;
    bool supplies = false; // it owns the line and copies it back to the requester
};

class HierarchyTiming {
public:
    HierarchyTiming(const HierarchyConfig& config, HierarchyClient& client);

    CacheAnswer access(const CacheRequest& request);
    // Functional warming (hierarchy_warming.cpp): leaves in the caches what
    // the request would, at once, counting nothing. A miss's transaction goes
    // through HierarchyClient::warm_transaction. Lines still in flight from a
    // timed stretch are left to their fills.
    // Answers done, with a repeat_shift when the request left its I$ or D$
    // line the most recent of its set (CacheAnswer), and
    // the cycle the instruction may go on (later than the request's only
    // when the line came from another cache).
    CacheAnswer warm(const CacheRequest& request);
    // The DCU control register's IC and DC bits: a first-level cache that is
    // off is neither looked in nor filled (its accesses go to the E$, which
    // stays on). Both are on unless firmware turns them off.
    void set_first_level(bool icache_on, bool dcache_on);
    // ASI_DCACHE_INVALIDATE: drops the D$ line holding physical `pa`, under
    // every virtual alias (the data stays in the E$ and memory).
    void invalidate_dcache_line(uint64_t pa);
    // The bus answered MSHR `mshr` at `cycle`. An MSHR the snooping bus ordered
    // installs its pending state (snoop_protocol.h); without a snooping bus,
    // `shared` says another cache keeps a copy (S, else E; RTO always gives M).
    void fill_arrived(unsigned mshr, uint64_t cycle, bool shared);

    // --- the snooping bus (snoop_protocol.h) ---
    // The coherence unit's state as snoops see it: the pending state of an MSHR
    // the bus has ordered, a dirty sub-block whose writeback is not ordered yet,
    // else the E$ sub-block.
    MoesiState effective_state(uint64_t pa) const;
    // The bus ordered this hierarchy's transaction for MSHR `id` (its self-
    // snoop): records the state before and returns whether data must move.
    bool order(unsigned id);
    // The other caches' combined snoop result for an ordered MSHR.
    void resolve(unsigned id, SnoopResult combined);
    bool resolved(unsigned id) const { return mshrs_[id].resolved; }
    // The bus ordered our writeback of `pa`'s unit: false when a snoop took
    // the line first (the writeback is cancelled, no data moves).
    bool order_writeback(uint64_t pa);
    // Another agent's transaction, at its address broadcast (or at once, for
    // warming: then `counted` is false).
    SnoopAnswer snoop(TransactionType type, uint64_t pa, bool needs_data, bool counted = true);
    size_t writebacks_pending() const { return writebacks_.size(); }
    // When the writeback of `pa`'s unit was sent, or 0: a later transaction for
    // the unit must not reach the bus before it.
    uint64_t writeback_cycle(uint64_t pa) const;

    const HierarchyConfig& config() const { return config_; }
    const CacheArray& icache() const { return icache_; }
    const CacheArray& dcache() const { return dcache_; }
    const CacheArray& pcache() const { return pcache_; }
    const CacheArray& wcache() const { return wcache_; }
    const CacheArray& ecache() const { return ecache_; }
    const StoreBuffer& store_buffer() const { return store_buffer_; }
    const MshrTable& mshrs() const { return mshrs_; }
    // The D$ lookup key: physical tag bits above one way, virtual index below.
    uint64_t dcache_key(uint64_t va, uint64_t pa) const;
    const HierarchyActivity& activity() const { return activity_; }
    const ProtocolCoverage& coverage() const { return coverage_; }
    // Counts I$ fills: a line that hit stays present until the next one.
    uint64_t icache_epoch() const { return icache_epoch_; }
    size_t deferred() const { return deferred_.size() + raw_waiters_.size(); }

    // Checkpoints (cache_checkpoint.cpp): every cache's contents, the store
    // buffer and the drain and move times; only between transactions, when
    // busy() is "".
    void checkpoint(StateIo& io);
    // What is in flight (MSHRs, writebacks, waiting requests), or "".
    std::string busy() const;

private:
    struct Waiter { // a load or fetch answered when its fill arrives
        unsigned mshr;
        CacheRequest request;
        StallCause cause;
    };
    struct Deferred { // re-run from the start when a fill arrives
        CacheRequest request;
        StallCause cause;
        bool counted; // its events were counted before it had to wait: not again
    };
    struct RawWaiter { // a load waiting for a store whose drain is not known yet
        uint64_t store_seq;
        unsigned penalty;
        CacheRequest request;
    };

    CacheAnswer fetch(const CacheRequest& r);
    CacheAnswer load(const CacheRequest& r);
    CacheAnswer load_from_caches(const CacheRequest& r, uint64_t at, StallCause cause);
    CacheAnswer store(const CacheRequest& r);
    CacheAnswer atomic(const CacheRequest& r);
    CacheAnswer prefetch(const CacheRequest& r);
    CacheAnswer barrier(const CacheRequest& r);

    uint64_t unit(uint64_t pa) const { return pa & ~uint64_t(config_.coherence_unit - 1); }
    bool ecache_valid(uint64_t pa); // touches on a hit
    void fill_icache(uint64_t pa);
    void fill_pcache(uint64_t pa);
    bool ecache_writable(uint64_t pa); // W$ or E$ holds the line in E or M
    // Starts (or joins) the bus fetch of pa's unit. Returns the MSHR, or -1
    // when the request must wait (Stall/Full): the caller defers it.
    int miss(uint64_t pa, MshrAccess access, uint64_t cycle, bool prefetch,
             const FillTargets& targets);
    void install_ecache(uint64_t pa, MoesiState state, uint64_t cycle);
    // A store's bytes into the W$ and the line M; true when the W$ gave up a
    // valid victim (it moves to the E$).
    bool write_line(uint64_t pa, unsigned size);
    // An atomic on an owned line: M, and the D$ line filled.
    void perform_atomic(uint64_t pa, uint64_t dcache_key);
    bool warm_line(uint64_t pa, MshrAccess access, TransactionType type, uint64_t& cycle);
    void warm_prefetch(const CacheRequest& r, uint64_t& cycle);
    void invalidate_l1(uint64_t pa);
    // Applies snoops that came while a granted M was in flight, once it is served.
    void take_away(uint64_t line, MoesiState state);
    // Gives the stores whose lines are writable their drain cycle, in order.
    // `just_checked`: the store store() has just found writable.
    void schedule_stores(uint64_t cycle, const StoreEntry* just_checked = nullptr);
    void complete_raw_waiters(const StoreEntry& drained);
    // `counted`: whether the request has counted its events already.
    CacheAnswer defer(const CacheRequest& r, StallCause cause, bool counted = true);
    void count(CacheEvent e, uint64_t n = 1) {
        if (counting_) client_.count(e, n);
    }

    HierarchyConfig config_;
    HierarchyClient& client_;
    CacheArray icache_, dcache_, pcache_, wcache_, ecache_;
    StoreBuffer store_buffer_;
    MshrTable mshrs_;
    std::vector<Waiter> waiters_;
    std::vector<Waiter> spare_waiters_; // fill_arrived's list, kept for its capacity
    std::vector<Deferred> deferred_;
    std::vector<Deferred> spare_deferred_; // fill_arrived's, kept for its capacity
    std::vector<RawWaiter> raw_waiters_;
    struct Writeback { // a dirty victim that still answers snoops until its WB is ordered
        uint64_t line;
        MoesiState state;
        uint64_t cycle;        // when the WB was sent
        bool absorbed = false; // an upgrade of the line was ordered first and took its data
    };
    Writeback* find_writeback(uint64_t line);
    std::vector<Writeback> writebacks_;
    uint64_t dcache_index_mask_;
    uint64_t last_drain_ = 0;   // cycle the previous store left the buffer
    uint64_t move_free_at_ = 0; // the W$-to-E$ path is busy until then
    HierarchyActivity activity_;
    ProtocolCoverage coverage_;
    uint64_t icache_epoch_ = 0;
    bool pcache_filled_ = false; // until a prefetch fills it, the P$ has nothing to invalidate
    bool icache_on_ = true, dcache_on_ = true;
    // Turns counting off for a scope when `quiet`; as it was afterwards.
    class QuietCounting {
    public:
        QuietCounting(bool& counting, bool quiet) : counting_(counting), was_(counting) {
            if (quiet) counting = false;
        }
        ~QuietCounting() { counting_ = was_; }
        QuietCounting(const QuietCounting&) = delete;
        QuietCounting& operator=(const QuietCounting&) = delete;

    private:
        bool& counting_;
        bool was_;
    };
    bool counting_ = true; // off while deferred requests re-run, and while warming
    bool warming_ = false; // in warm(): victims leave without a writeback
};

} // namespace fireplane::cache
