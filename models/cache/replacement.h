// Victim selection for a set-associative cache: true LRU or an LFSR-driven
// pseudo-random choice, the latter being what the UltraSPARC IIICu E$ uses.
#pragma once

#include "core/checkpoint/state_io.h"

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace fireplane::cache {

enum class ReplacementPolicy : uint8_t { Lru, Lfsr };

std::string_view to_string(ReplacementPolicy p);
// "lru" or "lfsr" (the spelling the YAML configuration uses); nullopt otherwise.
std::optional<ReplacementPolicy> parse_replacement_policy(std::string_view name);

// 16-bit maximal-length Galois LFSR, polynomial x^16 + x^14 + x^13 + x^11 + 1
// (feedback mask 0xB400), period 65535. The real part's LFSR width, polynomial
// and stepping are undocumented; this one only has to be pseudo-random and
// deterministic.
class Lfsr16 {
public:
    static constexpr uint16_t kFeedback = 0xB400;

    // The seed is folded to 16 bits; a fold of zero (the lock-up state) uses 1.
    explicit Lfsr16(uint64_t seed = 1);

    // Shifts once and returns the bit shifted out.
    unsigned step();
    // Shifts `n` times; the bits shifted out form the result, first bit lowest.
    unsigned bits(unsigned n);

    uint16_t state() const { return state_; }
    void set_state(uint16_t s) { state_ = s != 0 ? s : 1; }
    void checkpoint(StateIo& io) { io(state_); }

private:
    uint16_t state_;
};

// Per-set replacement state for `sets` x `ways` lines (ways <= kMaxWays).
class Replacement {
public:
    Replacement(uint64_t sets, unsigned ways, ReplacementPolicy policy, uint64_t seed = 1);

    ReplacementPolicy policy() const { return policy_; }
    unsigned ways() const { return ways_; }
    uint64_t sets() const { return sets_; }

    // The way to fill in `set`. Bit w of `valid_ways` says way w holds a block.
    // The lowest invalid way wins if there is one, without touching the policy
    // state; otherwise LRU returns the least recently touched way and LFSR
    // takes log2(ways) fresh bits from the register.
    unsigned victim(uint64_t set, uint64_t valid_ways);

    // Marks `way` most recently used (LRU only; a no-op for LFSR).
    void touch(uint64_t set, unsigned way);

    // Ways of `set` from most to least recently used. After construction every
    // set is ordered 0, 1, ..., ways-1. Meaningful for LRU only.
    std::vector<unsigned> lru_order(uint64_t set) const;

    // For checkpoints and checkers; the LRU stacks are reachable via lru_order().
    uint16_t lfsr_state() const { return lfsr_.state(); }
    void set_lfsr_state(uint16_t s) { lfsr_.set_state(s); }

    // The recency stacks and the LFSR (cache_checkpoint.cpp).
    void checkpoint(StateIo& io);

private:
    uint64_t sets_;
    unsigned ways_;
    unsigned way_bits_;
    ReplacementPolicy policy_;
    // Recency stack per set, MRU first: ways_ entries per set. Small ways
    // counts make the linear move-to-front cheaper than any cleverer encoding.
    std::vector<uint8_t> order_;
    Lfsr16 lfsr_;
};

inline void Replacement::touch(uint64_t set, unsigned way) {
    if (way >= ways_) throw std::out_of_range("replacement: way " + std::to_string(way));
    if (policy_ != ReplacementPolicy::Lru) return;
    uint8_t* o = &order_[set * ways_];
    if (o[0] == way) return; // already most recent: the usual repeated hit
    unsigned pos = 0;
    while (o[pos] != way)
        ++pos;
    // Move-to-front: shift the more recent ways down by one.
    for (; pos > 0; --pos)
        o[pos] = o[pos - 1];
    o[0] = static_cast<uint8_t>(way);
}

} // namespace fireplane::cache
