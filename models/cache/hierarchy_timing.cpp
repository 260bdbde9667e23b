#include "hierarchy_timing.h"

#include <algorithm>
#include <stdexcept>
#include <string>
#include <utility>

namespace fireplane::cache {

std::optional<ConfigProblem> validate(const HierarchyConfig& c) {
    const std::pair<const char*, const CacheArrayConfig*> caches[] = {{"icache", &c.icache},
                                                                      {"dcache", &c.dcache},
                                                                      {"pcache", &c.pcache},
                                                                      {"wcache", &c.wcache},
                                                                      {"ecache", &c.ecache}};
    // Limits that keep a mistyped size from asking the host for gigabytes of tags.
    constexpr uint64_t kMaxCacheSize = uint64_t(1) << 30;
    constexpr unsigned kMaxQueue = 256;
    const std::string unit = std::to_string(c.coherence_unit);
    for (const auto& [name, cache] : caches) {
        if (auto problem = cache->geometry.validate())
            return ConfigProblem{std::string(name) + "." + problem->param, problem->message};
        if (cache->geometry.size > kMaxCacheSize)
            return ConfigProblem{std::string(name) + ".size",
                                 "caches larger than 1 GiB are not supported."};
    }
    if (c.store_buffer > kMaxQueue)
        return ConfigProblem{"store_buffer.entries", "at most 256 entries."};
    if (c.mshrs > kMaxQueue) return ConfigProblem{"mshrs", "at most 256."};
    if (c.ecache.geometry.sub_block_size() != c.coherence_unit)
        return ConfigProblem{"ecache.sub_blocks",
                             "sub-blocks must be the coherence unit (" + unit + " bytes)."};
    if (c.wcache.geometry.line_size != c.coherence_unit)
        return ConfigProblem{"wcache.line",
                             "lines must be the coherence unit (" + unit + " bytes)."};
    for (const auto& [name, cache] : caches)
        if (cache->geometry.line_size > c.ecache.geometry.line_size)
            return ConfigProblem{std::string(name) + ".line",
                                 "lines cannot be longer than an E$ block."};
    if (c.store_buffer == 0)
        return ConfigProblem{"store_buffer.entries", "needs at least one entry."};
    if (c.mshrs == 0) return ConfigProblem{"mshrs", "needs at least one."};
    if (c.drain_interval == 0)
        return ConfigProblem{"store_buffer.drain_interval", "must be at least one cycle."};
    if (c.store_residency == 0)
        return ConfigProblem{"store_buffer.residency",
                             "must be at least one cycle (else no store can forward)."};
    return std::nullopt;
}

HierarchyTiming::HierarchyTiming(const HierarchyConfig& config, HierarchyClient& client)
    : config_(config), client_(client), icache_(config.icache), dcache_(config.dcache),
      pcache_(config.pcache), wcache_(config.wcache), ecache_(config.ecache),
      store_buffer_(config.store_buffer, config.coherence_unit), mshrs_(config.mshrs),
      dcache_index_mask_(config.dcache.geometry.size / config.dcache.geometry.ways - 1) {
    if (const auto problem = validate(config))
        throw std::invalid_argument("HierarchyTiming: " + problem->param + ": " + problem->message);
}

uint64_t HierarchyTiming::dcache_key(uint64_t va, uint64_t pa) const {
    return (pa & ~dcache_index_mask_) | (va & dcache_index_mask_);
}

CacheAnswer HierarchyTiming::access(const CacheRequest& r) {
    switch (r.kind) {
    case RequestKind::Fetch: return fetch(r);
    case RequestKind::Load:
    case RequestKind::FpLoad: return load(r);
    case RequestKind::Store: return store(r);
    case RequestKind::Atomic: return atomic(r);
    case RequestKind::Prefetch: return prefetch(r);
    case RequestKind::Barrier: return barrier(r);
    }
    return {true, r.cycle, StallCause::None};
}

void HierarchyTiming::set_first_level(bool icache_on, bool dcache_on) {
    icache_on_ = icache_on;
    dcache_on_ = dcache_on;
    ++icache_epoch_; // the CPU's I$ line buffer must ask again
}

void HierarchyTiming::fill_pcache(uint64_t pa) {
    pcache_filled_ = true;
    pcache_.fill(pa);
}

void HierarchyTiming::fill_icache(uint64_t pa) {
    ++icache_epoch_;
    if (icache_on_) icache_.fill(pa);
}

bool HierarchyTiming::ecache_valid(uint64_t pa) {
    return ecache_.hit_and_touch(pa);
}

bool HierarchyTiming::ecache_writable(uint64_t pa) {
    if (wcache_.lookup(pa).block_present) return true; // the W$ only holds owned lines
    return is_writable(ecache_.state(pa));
}

CacheAnswer HierarchyTiming::defer(const CacheRequest& r, StallCause cause, bool counted) {
    deferred_.push_back({r, cause, counted});
    return {false, 0, cause};
}

int HierarchyTiming::miss(uint64_t pa, MshrAccess access, uint64_t cycle, bool prefetch,
                          const FillTargets& targets) {
    const uint64_t line = unit(pa);
    switch (mshrs_.classify(line, access)) {
    case MshrDecision::Merge: {
        const unsigned id = unsigned(mshrs_.find(line));
        Mshr& m = mshrs_[id];
        if (counting_) ++activity_.mshr_merges;
        m.targets.ecache |= targets.ecache;
        m.targets.pcache |= targets.pcache;
        m.targets.icache |= targets.icache;
        if (targets.dcache) m.targets.dcache = true, m.targets.dcache_key = targets.dcache_key;
        if (!prefetch && m.prefetch) { // a demand access overlaps a prefetch: upgrade it
            ++activity_.prefetch_upgrades;
            m.prefetch = false;
            m.upgraded = true;
            m.targets.ecache = true;
        }
        return int(id);
    }
    case MshrDecision::Stall:
    case MshrDecision::Full:
        if (counting_) ++activity_.mshr_stalls;
        return -1;
    case MshrDecision::Allocate: break;
    }
    const unsigned id = mshrs_.allocate(line, access);
    mshrs_[id].prefetch = prefetch;
    mshrs_[id].targets = targets;
    const TransactionType type = access == MshrAccess::Exclusive ? TransactionType::RTO
                                 : targets.icache                ? TransactionType::RTSA
                                 : targets.ecache                ? TransactionType::RTS
                                                                 : TransactionType::RS;
    mshrs_[id].type = type;
    client_.bus_request(type, line, cycle, int(id));
    return int(id);
}

CacheAnswer HierarchyTiming::fetch(const CacheRequest& r) {
    count(CacheEvent::IcRef);
    if (icache_on_ && icache_.hit_and_touch(r.pa)) return {true, r.cycle, StallCause::None};
    count(CacheEvent::IcMiss);
    count(CacheEvent::EcRef);
    if (ecache_valid(r.pa)) {
        fill_icache(r.pa);
        return {true, r.cycle + config_.icache_miss, StallCause::IcMiss};
    }
    count(CacheEvent::EcMisses);
    FillTargets t;
    t.ecache = t.icache = true;
    const int m = miss(r.pa, MshrAccess::Shared, r.cycle + config_.miss_detect, false, t);
    if (m < 0) return defer(r, StallCause::IcMiss);
    waiters_.push_back({unsigned(m), r, StallCause::IcMiss});
    return {false, 0, StallCause::None};
}

CacheAnswer HierarchyTiming::load(const CacheRequest& r) {
    store_buffer_.retire_until(r.cycle);
    const RawCheck raw = store_buffer_.check_load(r.pa, r.size);
    if (raw.hazard == RawHazard::None) // the common case: no store pending to the line
        return load_from_caches(r, r.cycle, StallCause::None);
    const bool dc_hit = dcache_.lookup(dcache_key(r.va, r.pa)).hit;
    if (raw.hazard == RawHazard::Forward) {
        if (!dc_hit) count(CacheEvent::DcRdMiss);
        // No forwarding from a store whose line is still missing in the E$ (T3.3).
        if (!raw.store->line_ready) return {true, r.cycle + config_.raw_ec_miss, StallCause::Raw};
        return {true, r.cycle, StallCause::None};
    }
    const StoreEntry* wait_for = nullptr;
    unsigned penalty = 0;
    if (raw.hazard == RawHazard::Overlap) {
        wait_for = raw.store, penalty = config_.raw_overlap;
    } else if (raw.hazard == RawHazard::Past) {
        wait_for = raw.line_last, penalty = config_.raw_past;
    } else if (raw.hazard == RawHazard::SameLine && !dc_hit) {
        wait_for = raw.line_last, penalty = config_.raw_same_line;
    }
    if (!wait_for) return load_from_caches(r, r.cycle, StallCause::None);
    // The load recirculates until the store has left the buffer, then reads the caches.
    if (wait_for->drains_at == kUnknownCycle) { // its line is still on the way
        raw_waiters_.push_back({wait_for->seq, penalty, r});
        return {false, 0, StallCause::Raw};
    }
    return load_from_caches(r, std::max(r.cycle, wait_for->drains_at) + penalty, StallCause::Raw);
}

CacheAnswer HierarchyTiming::load_from_caches(const CacheRequest& r, uint64_t at,
                                              StallCause cause) {
    const uint64_t key = dcache_key(r.va, r.pa);
    if (dcache_on_ && dcache_.hit_and_touch(key)) return {true, at, cause};
    // Floating-point loads also look in the P$, in parallel with the D$.
    if (r.kind == RequestKind::FpLoad && pcache_.hit_and_touch(r.pa)) return {true, at, cause};
    count(CacheEvent::DcRdMiss);
    count(CacheEvent::EcRef);
    if (cause == StallCause::None) cause = StallCause::DcMiss;
    if (ecache_valid(r.pa)) {
        if (dcache_on_) dcache_.fill(key);
        return {true, at + config_.ecache_hit, cause};
    }
    count(CacheEvent::EcMisses);
    count(CacheEvent::EcRdMiss);
    if (cause == StallCause::DcMiss) cause = StallCause::EcMiss;
    FillTargets t;
    t.ecache = true;
    t.dcache = dcache_on_;
    t.dcache_key = key;
    const int m = miss(r.pa, MshrAccess::Shared, at + config_.miss_detect, false, t);
    if (m < 0) return defer(r, cause);
    CacheRequest waiting = r;
    waiting.cycle = at;
    waiters_.push_back({unsigned(m), waiting, cause});
    return {false, 0, cause};
}

CacheAnswer HierarchyTiming::store(const CacheRequest& r) {
    store_buffer_.retire_until(r.cycle);
    uint64_t at = r.cycle;
    StallCause cause = StallCause::None;
    if (store_buffer_.full()) {
        const uint64_t frees = store_buffer_.oldest().drains_at;
        // Nothing counted yet: the re-run counts the store's events.
        if (frees == kUnknownCycle) return defer(r, StallCause::StoreQueue, false);
        at = frees;
        cause = StallCause::StoreQueue;
        store_buffer_.retire_until(at);
    }
    const LookupResult dc = dcache_.lookup(dcache_key(r.va, r.pa));
    if (dc.hit)
        dcache_.touch(dc.set, dc.way); // write-through: the D$ copy is updated, never allocated
    else
        count(CacheEvent::DcWrMiss);
    if (pcache_filled_) pcache_.invalidate_block(r.pa); // stores invalidate the P$
    StoreEntry& e = store_buffer_.push(r.pa, r.size, at);
    const bool writable = ecache_writable(r.pa);
    if (writable) {
        e.line_ready = true;
        e.ready_at = at;
    } else if (mshrs_.find(unit(r.pa)) < 0) { // else it joins the fetch in flight
        count(CacheEvent::EcRef);
        count(ecache_.lookup(r.pa).hit ? CacheEvent::EcWriteHitRto : CacheEvent::EcMisses);
        FillTargets t;
        t.ecache = true;
        miss(r.pa, MshrAccess::Exclusive, at + config_.miss_detect, false, t);
        // A shared fetch in flight, or no free MSHR: schedule_stores retries after fills.
    }
    schedule_stores(at, writable ? &e : nullptr);
    return {true, at, cause};
}

void HierarchyTiming::schedule_stores(uint64_t cycle, const StoreEntry* just_checked) {
    for (size_t i = store_buffer_.scheduled(); i < store_buffer_.size(); ++i) {
        StoreEntry& e = store_buffer_.at(i);
        // A snoop may have taken the line since the store found it writable,
        // or an older store's W$ victim: not when this is the first store to
        // leave and store() has just looked.
        if (e.line_ready && &e != just_checked && !ecache_writable(e.pa)) e.line_ready = false;
        if (!e.line_ready) {
            if (!ecache_writable(e.pa)) {
                if (mshrs_.find(unit(e.pa)) < 0) {
                    // The line came shared, or no MSHR was free when the store went in.
                    count(CacheEvent::EcRef);
                    count(ecache_.lookup(e.pa).hit ? CacheEvent::EcWriteHitRto
                                                   : CacheEvent::EcMisses);
                    FillTargets t;
                    t.ecache = true;
                    miss(e.pa, MshrAccess::Exclusive, cycle + config_.miss_detect, false, t);
                }
                return; // stores leave in order: the rest wait for this one
            }
            e.line_ready = true;
            e.ready_at = cycle;
        }
        uint64_t d = std::max({e.enqueued + config_.store_residency,
                               last_drain_ + config_.drain_interval, e.ready_at});
        if (write_line(e.pa, e.size)) { // the W$ victim goes to the E$, one move at a time
            d = std::max(d, move_free_at_);
            move_free_at_ = d + config_.wcache_move;
            ++activity_.wcache_moves;
        }
        store_buffer_.schedule_next(d);
        just_checked = nullptr; // this store may have moved a W$ line out
        last_drain_ = d;
        if (!raw_waiters_.empty()) complete_raw_waiters(e); // the common case: none
    }
}

bool HierarchyTiming::write_line(uint64_t pa, unsigned size) {
    const bool moves = wcache_.write(pa, size, MoesiState::M);
    ecache_.set_state_if_present(pa, MoesiState::M);
    client_.wrote(unit(pa));
    return moves;
}

void HierarchyTiming::perform_atomic(uint64_t pa, uint64_t key) {
    ecache_.set_state_if_present(pa, MoesiState::M);
    client_.wrote(unit(pa));
    dcache_.fill(key);
}

void HierarchyTiming::complete_raw_waiters(const StoreEntry& e) {
    std::vector<RawWaiter> waiting;
    waiting.swap(raw_waiters_);
    for (const RawWaiter& w : waiting) {
        if (w.store_seq != e.seq) {
            raw_waiters_.push_back(w);
            continue;
        }
        const uint64_t at = std::max(w.request.cycle, e.drains_at) + w.penalty;
        const CacheAnswer res = load_from_caches(w.request, at, StallCause::Raw);
        if (res.done) client_.completed(w.request.tag, res.ready, StallCause::Raw);
    }
}

CacheAnswer HierarchyTiming::atomic(const CacheRequest& r) {
    // Atomics drain the store buffer first (TSO), then own the line.
    store_buffer_.retire_until(r.cycle);
    uint64_t at = r.cycle;
    if (!store_buffer_.empty()) {
        at = store_buffer_.youngest().drains_at;
        if (at == kUnknownCycle) return defer(r, StallCause::StoreQueue, false);
    }
    const uint64_t key = dcache_key(r.va, r.pa);
    if (pcache_filled_) pcache_.invalidate_block(r.pa); // an atomic writes, like a store
    if (ecache_writable(r.pa)) {
        perform_atomic(r.pa, key);
        return {true, at + config_.atomic, StallCause::None};
    }
    count(CacheEvent::EcRef);
    count(ecache_.lookup(r.pa).hit ? CacheEvent::EcWriteHitRto : CacheEvent::EcMisses);
    FillTargets t;
    t.ecache = true;
    miss(r.pa, MshrAccess::Exclusive, at + config_.miss_detect, false, t);
    return defer(r, StallCause::None); // runs again once the line is owned
}

CacheAnswer HierarchyTiming::barrier(const CacheRequest& r) {
    store_buffer_.retire_until(r.cycle);
    if (store_buffer_.empty()) return {true, r.cycle, StallCause::None};
    const uint64_t drained = store_buffer_.youngest().drains_at;
    if (drained == kUnknownCycle) return defer(r, StallCause::None, false);
    return {true, drained, StallCause::None}; // no counter names this stall
}

CacheAnswer HierarchyTiming::prefetch(const CacheRequest& r) {
    const CacheAnswer done{true, r.cycle, StallCause::None};
    const PrefetchFunction* f = find_prefetch_function(r.prefetch_fcn);
    if (!f) return done;
    if (f->invalidate_pcache) {
        pcache_.invalidate_block(r.pa);
        return done;
    }
    const bool present = f->exclusive ? ecache_writable(r.pa) : ecache_valid(r.pa);
    if (present) {
        if (f->pcache) fill_pcache(r.pa);
        return done;
    }
    count(CacheEvent::EcRef);
    count(CacheEvent::EcMisses);
    FillTargets t;
    t.ecache = f->ecache;
    t.pcache = f->pcache;
    const MshrAccess access = f->exclusive ? MshrAccess::Exclusive : MshrAccess::Shared;
    const MshrDecision d = mshrs_.classify(unit(r.pa), access);
    if (d == MshrDecision::Full) return defer(r, StallCause::None); // the prefetch queue is full
    if (d == MshrDecision::Stall) {
        // Exclusive behind a shared fetch: issued when that one is back; the CPU goes on.
        CacheRequest later = r;
        later.tag = 0;
        deferred_.push_back({later, StallCause::None, true});
        return done;
    }
    miss(r.pa, access, r.cycle + config_.miss_detect, true, t);
    return done;
}

void HierarchyTiming::install_ecache(uint64_t pa, MoesiState state, uint64_t cycle) {
    const LookupResult l = ecache_.lookup(pa);
    if (l.block_present) {
        ecache_.touch(l.set, l.way);
    } else {
        const BlockInfo victim = ecache_.allocate(pa);
        if (victim.valid) {
            const uint64_t dirty = victim.dirty_mask();
            for (unsigned i = 0; i < victim.sub_blocks; ++i) {
                const uint64_t sub = victim.base + uint64_t(i) * config_.coherence_unit;
                wcache_.invalidate_block(sub); // the W$ is inclusive in the E$
                // Warming drops dirty victims: caches hold no data, so no time, no bus.
                if (!((dirty >> i) & 1) || warming_) continue;
                count(CacheEvent::EcWb);
                writebacks_.push_back({sub, victim.states[i], cycle});
                client_.bus_request(TransactionType::WB, sub, cycle, -1);
            }
        }
    }
    ecache_.set_state(pa, state);
    // An upgrade ordered before its line was evicted brings the line back:
    // the E$ copy is the owner now, and the writeback will be cancelled.
    if (Writeback* wb = find_writeback(unit(pa))) wb->absorbed = true;
}

void HierarchyTiming::fill_arrived(unsigned id, uint64_t cycle, bool shared) {
    const Mshr m = mshrs_[id];
    if (m.ordered && !m.resolved)
        throw std::logic_error("fill_arrived: MSHR " + std::to_string(id) +
                               " was ordered but its snoop result never resolved");
    mshrs_.release(id);
    bool l1 = true;    // the L1s may take the data
    bool hold = false; // granted M, taken away while in flight
    if (m.ordered) {
        // The state the transaction left, after every snoop since it was ordered.
        // A line granted M first serves the stores and atomics that waited for
        // it, as the part does before it answers the snoops queued behind its
        // fill (else two writers could take the line from each other forever).
        hold = m.granted == MoesiState::M && m.pending != MoesiState::M;
        const MoesiState state = hold ? m.granted : m.pending;
        if (is_valid(state) && (m.targets.ecache || m.access == MshrAccess::Exclusive))
            install_ecache(m.line, state, cycle);
        l1 = !m.l1_killed && (is_valid(m.pending) || m.type == TransactionType::RS);
    } else if (m.targets.ecache || m.access == MshrAccess::Exclusive) {
        // No snooping bus ordered it (a bus-less machine): nobody else holds lines.
        install_ecache(m.line,
                       m.access == MshrAccess::Exclusive ? MoesiState::M
                       : shared                          ? MoesiState::S
                                                         : MoesiState::E,
                       cycle);
    }
    if (m.targets.pcache && l1) fill_pcache(m.line);
    if (m.targets.dcache && l1) dcache_.fill(m.targets.dcache_key);

    // This MSHR's waiters leave, in order; the others stay, in order. The
    // list borrows a spare buffer: no allocation per fill, even if an answer
    // below came back here.
    std::vector<Waiter> done;
    done.swap(spare_waiters_);
    done.clear();
    size_t kept = 0;
    for (const Waiter& w : waiters_)
        if (w.mshr == id)
            done.push_back(w);
        else
            waiters_[kept++] = w;
    waiters_.resize(kept);
    for (const Waiter& w : done) {
        if (l1 && w.request.kind == RequestKind::Fetch)
            fill_icache(w.request.pa);
        else if (l1) // every merged load gets its own D$ line, not only the last one's
            dcache_.fill(dcache_key(w.request.va, w.request.pa));
        client_.completed(w.request.tag, cycle + config_.fill, w.cause);
    }
    spare_waiters_.swap(done);

    schedule_stores(cycle);
    // Requests that could not go on before run again now, without counting twice.
    std::vector<Deferred> again;
    again.swap(spare_deferred_); // a spare buffer: no allocation per fill
    again.clear();
    again.swap(deferred_);
    const bool was = counting_;
    for (Deferred& d : again) {
        CacheRequest r = d.request;
        r.cycle = std::max(r.cycle, cycle);
        counting_ = was && !d.counted;
        const CacheAnswer res = access(r);
        if (res.done && r.tag != 0)
            client_.completed(r.tag, res.ready, d.cause != StallCause::None ? d.cause : res.cause);
    }
    counting_ = was;
    again.clear();
    spare_deferred_.swap(again);
    if (hold) { // now the snoops that came while the data was on its way
        take_away(m.line, m.pending);
        schedule_stores(cycle); // stores still waiting for the line ask for it again
    }
}

} // namespace fireplane::cache
