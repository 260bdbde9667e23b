// The UltraSPARC IIICu store buffer as timing state: eight stores in program
// order, each with the cycle it leaves for the W$ (unknown while its line is
// still being fetched), and the read-after-write classification of VALIDATION
// Table 3. It holds no data: the ISS has already written memory.
#pragma once

#include "core/checkpoint/state_io.h"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace fireplane::cache {

inline constexpr uint64_t kUnknownCycle = ~uint64_t(0);

// How a load relates to the stores still in the buffer (paper section 4.1).
enum class RawHazard : uint8_t {
    None,     // no pending store to the load's line
    Forward,  // the youngest store to the line wrote exactly the bytes the load reads
    Overlap,  // a pending store wrote some of the load's bytes, or more (8 written, 4 read)
    Past,     // an older store covers the load, but a younger one went to the same line
    SameLine, // stores to the line are pending, none to the load's bytes
};

struct StoreEntry {
    uint64_t seq = 0; // order of entry, unique
    uint64_t pa = 0;
    uint8_t size = 0;
    uint64_t enqueued = 0;              // cycle the store entered the buffer
    uint64_t drains_at = kUnknownCycle; // cycle it leaves for the W$
    bool line_ready = false;            // the W$/E$ may take it (the line is writable)
    uint64_t ready_at = 0;              // ... from this cycle
    void checkpoint(StateIo& io) { io(seq, pa, size, enqueued, drains_at, line_ready, ready_at); }
};

struct RawCheck {
    RawHazard hazard = RawHazard::None;
    // The store the load depends on: for Forward/Overlap/Past the youngest
    // store covering (part of) the load, for SameLine the youngest to the line.
    const StoreEntry* store = nullptr;
    // The youngest store to the load's line, whose drain ends the hazard.
    const StoreEntry* line_last = nullptr;
};

class StoreBuffer {
public:
    StoreBuffer(unsigned capacity, unsigned line_size)
        : capacity_(capacity), line_(line_size), slots_(ring_size(capacity)),
          mask_(slots_.size() - 1) {}

    unsigned capacity() const { return capacity_; }
    size_t size() const { return count_; }
    bool empty() const { return count_ == 0; }
    bool full() const { return count_ >= capacity_; }

    // Drops the stores that have drained by `cycle` (they leave in order).
    void retire_until(uint64_t cycle);
    // A store enters; the buffer must not be full (std::logic_error).
    StoreEntry& push(uint64_t pa, unsigned size, uint64_t cycle);

    // Oldest first. Entries stay where they are until they leave.
    StoreEntry& at(size_t i) { return slots_[(head_ + i) & mask_]; }
    const StoreEntry& at(size_t i) const { return slots_[(head_ + i) & mask_]; }

    // Stores learn their drain cycle in order, so those that know it are the
    // oldest ones: entries [0, scheduled()). Schedulers start at scheduled().
    size_t scheduled() const {
        if (count_ == 0 || first_unscheduled_ <= at(0).seq) return 0;
        return std::min<uint64_t>(count_, first_unscheduled_ - at(0).seq);
    }
    // Entry scheduled() leaves for the W$ at `cycle`.
    void schedule_next(uint64_t cycle);
    const StoreEntry& oldest() const { return at(0); }
    const StoreEntry& youngest() const { return at(count_ - 1); }
    uint64_t line_of(uint64_t pa) const { return pa & ~uint64_t(line_ - 1); }

    RawCheck check_load(uint64_t pa, unsigned size) const;

    // As a sequence of entries, oldest first, and the next sequence number.
    void checkpoint(StateIo& io);

private:
    // A ring of a power of two slots: entries never move, and indexing is a mask.
    static size_t ring_size(size_t entries) {
        size_t n = 1;
        while (n < entries)
            n *= 2;
        return n;
    }

    unsigned capacity_;
    unsigned line_;
    std::vector<StoreEntry> slots_;
    size_t mask_;
    size_t head_ = 0, count_ = 0;
    uint64_t next_seq_ = 0;
    uint64_t first_unscheduled_ = 0; // the seq of the oldest store without a drain cycle
    [[noreturn]] void overflow() const;
};

inline StoreEntry& StoreBuffer::push(uint64_t pa, unsigned size, uint64_t cycle) {
    if (count_ >= slots_.size()) overflow();
    StoreEntry& e = slots_[(head_ + count_++) & mask_];
    e = StoreEntry{};
    e.seq = next_seq_++;
    e.pa = pa;
    e.size = uint8_t(size);
    e.enqueued = cycle;
    return e;
}

inline void StoreBuffer::schedule_next(uint64_t cycle) {
    StoreEntry& e = at(scheduled());
    e.drains_at = cycle;
    first_unscheduled_ = e.seq + 1;
}

inline void StoreBuffer::retire_until(uint64_t cycle) {
    while (count_ && slots_[head_].drains_at <= cycle) {
        head_ = (head_ + 1) & mask_;
        --count_;
    }
}

} // namespace fireplane::cache
