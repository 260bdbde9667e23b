// The UltraSPARC IIICu store buffer as timing state: eight stores in program
// order, each with the cycle it leaves for the W$ (unknown while its line is
// still being fetched), and the read-after-write classification of VALIDATION
// Table 3. It holds no data: the ISS has already written memory.
#pragma once

#include "core/checkpoint/state_io.h"

#include <cstddef>
#include <cstdint>
#include <deque>

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
    StoreBuffer(unsigned capacity, unsigned line_size) : capacity_(capacity), line_(line_size) {}

    unsigned capacity() const { return capacity_; }
    size_t size() const { return entries_.size(); }
    bool empty() const { return entries_.empty(); }
    bool full() const { return entries_.size() >= capacity_; }

    // Drops the stores that have drained by `cycle` (they leave in order).
    void retire_until(uint64_t cycle);
    StoreEntry& push(uint64_t pa, unsigned size, uint64_t cycle);

    StoreEntry& at(size_t i) { return entries_[i]; }
    const StoreEntry& at(size_t i) const { return entries_[i]; }
    const StoreEntry& oldest() const { return entries_.front(); }
    const StoreEntry& youngest() const { return entries_.back(); }
    uint64_t line_of(uint64_t pa) const { return pa & ~uint64_t(line_ - 1); }

    RawCheck check_load(uint64_t pa, unsigned size) const;

    void checkpoint(StateIo& io) { io(entries_, next_seq_); }

private:
    unsigned capacity_;
    unsigned line_;
    std::deque<StoreEntry> entries_;
    uint64_t next_seq_ = 0;
};

inline void StoreBuffer::retire_until(uint64_t cycle) {
    while (!entries_.empty() && entries_.front().drains_at <= cycle)
        entries_.pop_front();
}

} // namespace fireplane::cache
