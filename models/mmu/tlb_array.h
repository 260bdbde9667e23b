#pragma once
// The two kinds of TLB of the UltraSPARC III Cu: the 16-entry fully
// associative T16 (any page size, lockable) and the 2-way set-associative
// T512/T128 (one page size at a time, no locks). Entries are numbered as the
// data access ASIs number them: way * sets + set.
#include "tte.h"

#include "core/checkpoint/state_io.h"

#include <array>
#include <cstdint>
#include <string>

namespace fireplane::mmu {

struct TlbEntry {
    uint64_t tag = 0;  // VA<63:13> | context<12:0>
    uint64_t data = 0; // TTE data, stored bits only; V clear: empty slot
    bool used = false; // T16 replacement: written or hit since the last sweep
    void checkpoint(StateIo& io) { io(tag, data, used); }

    bool valid() const { return tte::valid(data); }
    bool locked() const { return data & tte::kLock; }
    bool global() const { return data & tte::kG; }
    // Whether the entry translates `va` in `context`: VA bits above the
    // entry's page size, and the context unless the entry is global.
    bool matches(uint64_t va, unsigned context) const {
        const uint64_t mask = ~tte::page_mask(tte::size_code(data));
        return valid() && ((tag ^ va) & mask) == 0 &&
               (global() || tte::tag_context(tag) == context);
    }
};

// Deterministic stand-in for the hardware's pseudo-random way choice.
class Lfsr16 {
public:
    void reset() { state_ = 0xace1; }
    void checkpoint(StateIo& io) { io(state_); }
    unsigned next_bit() {
        const unsigned bit = state_ & 1;
        state_ = uint16_t((state_ >> 1) ^ (bit ? 0xb400u : 0u));
        return bit;
    }

private:
    uint16_t state_ = 0xace1;
};

class FullyAssociativeTlb {
public:
    static constexpr unsigned kEntries = 16;

    TlbEntry* lookup(uint64_t va, unsigned context);
    // The entry an automatic (data in) write replaces: the first invalid one,
    // else the first unlocked one not used since the last sweep (clearing the
    // used bits when every unlocked one is used); with all 16 locked, the last.
    unsigned replacement_index();

    TlbEntry& entry(unsigned index) { return entries_[index % kEntries]; }
    const TlbEntry& entry(unsigned index) const { return entries_[index % kEntries]; }
    static constexpr unsigned size() { return kEntries; }
    void clear() { entries_ = {}; }
    void checkpoint(StateIo& io) { io(entries_); }

private:
    std::array<TlbEntry, kEntries> entries_{};
};

class SetAssociativeTlb {
public:
    static constexpr unsigned kWays = 2;
    static constexpr unsigned kMaxSets = 256;

    explicit SetAssociativeTlb(unsigned sets) : sets_(sets) {}

    // Set of `va` for pages of `size_code`: VA bits just above the page offset.
    unsigned set_of(uint64_t va, unsigned size_code) const {
        return unsigned(va >> tte::page_shift(size_code)) & (sets_ - 1);
    }
    TlbEntry* lookup(uint64_t va, unsigned context, unsigned size_code);
    // The entry a data-in write of `va` replaces: an invalid way (way 0
    // first), else the way the LFSR picks.
    unsigned replacement_index(uint64_t va, unsigned size_code, Lfsr16& lfsr) const;

    TlbEntry& entry(unsigned index) { return entries_[index % size()]; }
    const TlbEntry& entry(unsigned index) const { return entries_[index % size()]; }
    unsigned size() const { return sets_ * kWays; }
    unsigned sets() const { return sets_; }
    void clear() { entries_ = {}; }
    void checkpoint(StateIo& io) {
        unsigned sets = sets_;
        io(sets);
        if (sets != sets_) io.fail("a TLB of " + std::to_string(sets) + " sets");
        io(entries_);
    }

private:
    unsigned sets_;
    std::array<TlbEntry, kMaxSets * kWays> entries_{};
};

} // namespace fireplane::mmu
