#include "store_buffer.h"

#include <deque>
#include <stdexcept>
#include <string>

namespace fireplane::cache {

void StoreBuffer::overflow() const {
    throw std::logic_error("store buffer: a store entered a full buffer (" +
                           std::to_string(count_) + " entries)");
}

void StoreBuffer::checkpoint(StateIo& io) {
    // Written as the sequence it is (the format a deque of entries has).
    std::deque<StoreEntry> entries;
    for (size_t i = 0; i < count_; ++i)
        entries.push_back(at(i));
    io(entries, next_seq_);
    if (!io.restoring()) return;
    if (entries.size() > slots_.size()) { // saved under a larger buffer
        slots_.assign(ring_size(entries.size()), StoreEntry{});
        mask_ = slots_.size() - 1;
    }
    head_ = 0;
    count_ = entries.size();
    first_unscheduled_ = next_seq_;
    for (size_t i = 0; i < count_; ++i) {
        slots_[i] = entries[i];
        if (entries[i].drains_at == kUnknownCycle && first_unscheduled_ == next_seq_)
            first_unscheduled_ = entries[i].seq;
    }
}

RawCheck StoreBuffer::check_load(uint64_t pa, unsigned size) const {
    RawCheck r;
    const uint64_t line = line_of(pa);
    const uint64_t end = pa + size;
    // Youngest first: the first overlapping store found is the one whose data
    // a forward would return.
    for (size_t i = count_; i-- > 0;) {
        const StoreEntry* it = &at(i);
        if (line_of(it->pa) != line) continue;
        if (!r.line_last) r.line_last = it;
        const uint64_t s_end = it->pa + it->size;
        if (it->pa >= end || s_end <= pa) continue; // no common byte
        r.store = it;
        // Only a store of exactly the load's bytes forwards: a load of part of
        // a store (ldx after stx of 4 of them, or lduw of half an stx) is an
        // overlap (the paper's Table 3, T3.4-T3.6 in docs/validation.md; section 4.1).
        if (it->pa != pa || s_end != end)
            r.hazard = RawHazard::Overlap;
        else
            r.hazard = it == r.line_last ? RawHazard::Forward : RawHazard::Past;
        return r;
    }
    if (r.line_last) {
        r.hazard = RawHazard::SameLine;
        r.store = r.line_last;
    }
    return r;
}

} // namespace fireplane::cache
