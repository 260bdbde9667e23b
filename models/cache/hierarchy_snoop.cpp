// The snooping side of HierarchyTiming: what the hierarchy does when the bus
// orders its own transaction (order, resolve, order_writeback) and when it
// sees another agent's (snoop), following the tables of snoop_protocol.h.
// The CPU side (requests, fills, the store buffer) is hierarchy_timing.cpp.
#include "hierarchy_timing.h"

#include <algorithm>
#include <stdexcept>
#include <string>

namespace fireplane::cache {

void HierarchyTiming::take_away(uint64_t line, MoesiState state) {
    if (Writeback* wb = find_writeback(line))
        wb->state = state; // evicted meanwhile: the writeback answers for it
    else if (ecache_.lookup(line).block_present)
        ecache_.set_state(line, state);
    if (!is_writable(state)) wcache_.invalidate_block(line);
    if (!is_valid(state)) invalidate_l1(line);
}

HierarchyTiming::Writeback* HierarchyTiming::find_writeback(uint64_t line) {
    for (Writeback& w : writebacks_)
        if (w.line == line && !w.absorbed) return &w;
    return nullptr;
}

uint64_t HierarchyTiming::writeback_cycle(uint64_t pa) const {
    uint64_t at = 0;
    for (const Writeback& w : writebacks_)
        if (w.line == unit(pa)) at = std::max(at, w.cycle);
    return at;
}

MoesiState HierarchyTiming::effective_state(uint64_t pa) const {
    const uint64_t line = unit(pa);
    const int id = mshrs_.find(line);
    if (id >= 0 && mshrs_[unsigned(id)].ordered) {
        if (!mshrs_[unsigned(id)].resolved)
            throw std::logic_error("effective_state: MSHR " + std::to_string(id) +
                                   " is ordered but unresolved");
        return mshrs_[unsigned(id)].pending;
    }
    for (const Writeback& w : writebacks_)
        if (w.line == line && !w.absorbed) return w.state;
    return ecache_.state(line);
}

bool HierarchyTiming::order(unsigned id) {
    Mshr& m = mshrs_[id];
    if (!m.valid || m.ordered)
        throw std::logic_error("order: MSHR " + std::to_string(id) + " is not waiting for the bus");
    // The state now, not when it decided to issue: an S copy may have gone since.
    m.before = ecache_.state(m.line);
    if (Writeback* wb = find_writeback(m.line)) {
        // An upgrade whose O line was evicted while it waited for the bus: it
        // still owns the data in the writeback buffer, and the writeback,
        // ordered later, is cancelled.
        if (is_valid(m.before))
            throw std::logic_error("order: a line is both in the E$ and being written back");
        m.before = wb->state;
        wb->absorbed = true;
    }
    if (!may_issue(m.type, m.before)) {
        std::string why = "order: ";
        why += to_string(m.type);
        why += " ordered from state ";
        why += to_string(m.before);
        throw std::logic_error(why);
    }
    m.ordered = true;
    m.resolved = false;
    return needs_data(m.type, m.before, SnoopResult{});
}

void HierarchyTiming::resolve(unsigned id, SnoopResult combined) {
    Mshr& m = mshrs_[id];
    if (!m.ordered || m.resolved)
        throw std::logic_error("resolve: MSHR " + std::to_string(id) +
                               " is not awaiting its result");
    m.granted = m.pending = requester_outcome(m.type, m.before, combined);
    m.resolved = true;
    if (counting_) ++coverage_.issued[ProtocolCoverage::issued_index(m.type, m.before, m.granted)];
    if (combined.owned) count(CacheEvent::SiOwned);
}

bool HierarchyTiming::order_writeback(uint64_t pa) {
    const uint64_t line = unit(pa);
    for (size_t i = 0; i < writebacks_.size(); ++i) {
        if (writebacks_[i].line != line) continue;
        const bool dirty = !writebacks_[i].absorbed && is_dirty(writebacks_[i].state);
        if (dirty && counting_)
            ++coverage_.issued[ProtocolCoverage::issued_index(TransactionType::WB,
                                                              writebacks_[i].state, MoesiState::I)];
        writebacks_.erase(writebacks_.begin() + long(i));
        return dirty;
    }
    throw std::logic_error("order_writeback: no writeback pending for the line");
}

void HierarchyTiming::invalidate_l1(uint64_t line) {
    if (pcache_filled_) pcache_.invalidate_block(line);
    // The D$ index is virtual: below the smallest page (8 KiB) the VA equals
    // the PA; the index bits above it (the 16 KiB alias) can be anything.
    constexpr uint64_t kMinPage = 8192;
    const unsigned step = dcache_.geometry().line_size;
    for (uint64_t alias = 0; alias <= dcache_index_mask_; alias += kMinPage)
        for (uint64_t off = 0; off < config_.coherence_unit; off += step) {
            const uint64_t pa = line + off;
            dcache_.invalidate_block(dcache_key((pa & (kMinPage - 1)) | alias, pa));
        }
}

void HierarchyTiming::invalidate_dcache_line(uint64_t pa) {
    constexpr uint64_t kMinPage = 8192;
    for (uint64_t alias = 0; alias <= dcache_index_mask_; alias += kMinPage)
        dcache_.invalidate_block(dcache_key((pa & (kMinPage - 1)) | alias, pa));
}

SnoopAnswer HierarchyTiming::snoop(TransactionType type, uint64_t pa, bool data_needed,
                                   bool counted) {
    const QuietCounting quiet(counting_, !counted);
    const uint64_t line = unit(pa);
    const int id = mshrs_.find(line);
    Mshr* m = id >= 0 && mshrs_[unsigned(id)].ordered ? &mshrs_[unsigned(id)] : nullptr;
    if (m && !m->resolved) throw std::logic_error("snoop: an ordered MSHR is unresolved");
    Writeback* wb = m ? nullptr : find_writeback(line);
    const MoesiState s = m ? m->pending : wb ? wb->state : ecache_.state(line);
    const unsigned row_index = snoop_row_index(type, s);
    const SnoopRow& row = (*config_.snoop_table)[row_index];
    if (counted) ++coverage_.snooped[row_index];
    SnoopAnswer a;
    a.reply = row.reply();
    a.supplies = row.supplies_data && data_needed;
    if (a.supplies) count(CacheEvent::EcSnoopCb);
    if (row.invalidates) count(CacheEvent::EcSnoopInv);
    if (m) { // in flight: the fill installs the new state
        m->pending = row.next;
        if (row.invalidate_l1) m->l1_killed = true;
        // An upgrade's old copy goes with the pending state.
        if (!is_valid(row.next) && ecache_.lookup(line).hit) ecache_.invalidate(line);
    } else if (wb) {
        wb->state = row.next;
    } else if (row.next != s) {
        ecache_.set_state(line, row.next);
    }
    // The W$ only holds writable lines.
    if (!is_writable(row.next)) wcache_.invalidate_block(line);
    if (row.invalidate_l1) invalidate_l1(line);
    return a;
}

} // namespace fireplane::cache
