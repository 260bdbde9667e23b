// Functional warming (HierarchyTiming::warm): what a request leaves in the
// caches, with no time and no counts. Sampled simulation runs it between
// its detailed units so that each unit starts with the caches the whole
// program would have left (SMARTS). The same arrays, fills and protocol
// tables as the timed path; what it leaves out is time: no store buffer, no
// MSHRs, and a miss's bus transaction happens at once (warm_transaction).
// Only a line that moves from another cache takes time, as the bus reckons it.
#include "hierarchy_timing.h"

namespace fireplane::cache {

// The line's unit valid (exclusive: writable) in the E$, by an instant bus
// transaction if need be. False when a timed fill or writeback of the unit
// is still under way (left by a detailed stretch): that one settles it.
bool HierarchyTiming::warm_line(uint64_t pa, MshrAccess access, TransactionType type,
                                uint64_t& cycle) {
    const bool exclusive = access == MshrAccess::Exclusive;
    if (exclusive ? ecache_writable(pa) : ecache_valid(pa)) return true;
    const uint64_t line = unit(pa);
    if (mshrs_.find(line) >= 0 || find_writeback(line)) return false;
    const MoesiState before = ecache_.state(line);
    const SnoopResult combined =
        client_.warm_transaction(type, line, needs_data(type, before, SnoopResult{}), cycle);
    install_ecache(line, requester_outcome(type, before, combined), 0);
    return true;
}

namespace {
// The answer's grant (CacheAnswer::repeat_shift): `array`'s line is now the
// most recent of its set. Only for arrays of one sub-block a line, where
// that means every byte of the line hits.
void grant(CacheAnswer& answer, const CacheArray& array) {
    const CacheGeometry& g = array.geometry();
    if (g.sub_blocks != 1) return;
    answer.repeat_shift = uint8_t(g.offset_bits());
    answer.repeat_set_bits = uint8_t(g.index_bits());
}
} // namespace

CacheAnswer HierarchyTiming::warm(const CacheRequest& r) {
    const QuietCounting quiet(counting_, true);
    warming_ = true;
    uint64_t cycle = r.cycle;
    const CacheArray* granted = nullptr; // whose line is the most recent of its set now
    switch (r.kind) {
    case RequestKind::Fetch:
        if (icache_on_ && icache_.hit_and_touch(r.pa)) {
            granted = &icache_;
            break;
        }
        if (warm_line(r.pa, MshrAccess::Shared, TransactionType::RTSA, cycle)) {
            fill_icache(r.pa);
            if (icache_on_) granted = &icache_;
        }
        break;
    case RequestKind::Load:
    case RequestKind::FpLoad: {
        const uint64_t key = dcache_key(r.va, r.pa);
        if (dcache_on_ && dcache_.hit_and_touch(key)) {
            granted = &dcache_;
            break;
        }
        if (r.kind == RequestKind::FpLoad && pcache_.hit_and_touch(r.pa)) break;
        if (warm_line(r.pa, MshrAccess::Shared, TransactionType::RTS, cycle) && dcache_on_) {
            dcache_.fill(key);
            granted = &dcache_;
        }
        break;
    }
    case RequestKind::Store:
    case RequestKind::Atomic: {
        const uint64_t key = dcache_key(r.va, r.pa);
        const LookupResult dc = dcache_.lookup(key);
        if (dc.hit) dcache_.touch(dc.set, dc.way); // write-through: updated, never allocated
        if (dc.hit && dcache_on_) granted = &dcache_;
        if (pcache_filled_) pcache_.invalidate_block(r.pa);
        if (!warm_line(r.pa, MshrAccess::Exclusive, TransactionType::RTO, cycle)) break;
        if (r.kind == RequestKind::Store) {
            write_line(r.pa, r.size);
        } else {
            perform_atomic(r.pa, key);
            if (dcache_on_) granted = &dcache_;
        }
        break;
    }
    case RequestKind::Prefetch: warm_prefetch(r, cycle); break;
    case RequestKind::Barrier: break; // orders stores: nothing to leave behind
    }
    warming_ = false;
    CacheAnswer answer(true, cycle);
    if (granted) grant(answer, *granted);
    return answer;
}

void HierarchyTiming::warm_prefetch(const CacheRequest& r, uint64_t& cycle) {
    const PrefetchFunction* f = find_prefetch_function(r.prefetch_fcn);
    if (!f) return;
    if (f->invalidate_pcache) {
        pcache_.invalidate_block(r.pa);
        return;
    }
    bool present = f->exclusive ? ecache_writable(r.pa) : ecache_valid(r.pa);
    if (!present && f->ecache) {
        const TransactionType type = f->exclusive ? TransactionType::RTO : TransactionType::RTS;
        present =
            warm_line(r.pa, f->exclusive ? MshrAccess::Exclusive : MshrAccess::Shared, type, cycle);
    }
    // A P$-only prefetch that misses the E$ reads the line (RS), which changes
    // no cache's state: only the P$ fills.
    if (!present && !f->ecache) present = mshrs_.find(unit(r.pa)) < 0;
    if (present && f->pcache) fill_pcache(r.pa);
}

} // namespace fireplane::cache
