#include "replacement.h"

#include "cache_geometry.h"

#include <stdexcept>
#include <string>

namespace fireplane::cache {

std::string_view to_string(ReplacementPolicy p) {
    switch (p) {
    case ReplacementPolicy::Lru: return "lru";
    case ReplacementPolicy::Lfsr: return "lfsr";
    }
    return "?";
}

std::optional<ReplacementPolicy> parse_replacement_policy(std::string_view name) {
    if (name == "lru") return ReplacementPolicy::Lru;
    if (name == "lfsr") return ReplacementPolicy::Lfsr;
    return std::nullopt;
}

Lfsr16::Lfsr16(uint64_t seed) : state_(1) {
    set_state(static_cast<uint16_t>(seed ^ (seed >> 16) ^ (seed >> 32) ^ (seed >> 48)));
}

unsigned Lfsr16::step() {
    const unsigned out = state_ & 1u;
    state_ >>= 1;
    if (out) state_ ^= kFeedback;
    return out;
}

unsigned Lfsr16::bits(unsigned n) {
    unsigned v = 0;
    for (unsigned i = 0; i < n; ++i)
        v |= step() << i;
    return v;
}

Replacement::Replacement(uint64_t sets, unsigned ways, ReplacementPolicy policy, uint64_t seed)
    : sets_(sets), ways_(ways), way_bits_(0), policy_(policy), lfsr_(seed) {
    if (sets == 0 || ways == 0 || ways > kMaxWays || !is_power_of_two(ways))
        throw std::invalid_argument("replacement: need sets > 0 and a power-of-two way count <= " +
                                    std::to_string(kMaxWays));
    while ((1u << way_bits_) < ways_)
        ++way_bits_;
    if (policy_ == ReplacementPolicy::Lru) {
        order_.resize(sets_ * ways_);
        for (uint64_t s = 0; s < sets_; ++s)
            for (unsigned w = 0; w < ways_; ++w)
                order_[s * ways_ + w] = static_cast<uint8_t>(w);
    }
}

unsigned Replacement::victim(uint64_t set, uint64_t valid_ways) {
    const uint64_t all = ways_ == 64 ? ~uint64_t{0} : (uint64_t{1} << ways_) - 1;
    const uint64_t invalid = ~valid_ways & all;
    if (invalid != 0) {
        unsigned w = 0;
        while (!((invalid >> w) & 1))
            ++w;
        return w;
    }
    if (policy_ == ReplacementPolicy::Lru) return order_[set * ways_ + ways_ - 1];
    // ways_ is a power of two, so way_bits_ fresh bits are uniform over the ways.
    return lfsr_.bits(way_bits_);
}

std::vector<unsigned> Replacement::lru_order(uint64_t set) const {
    std::vector<unsigned> r(ways_);
    for (unsigned w = 0; w < ways_; ++w)
        r[w] = policy_ == ReplacementPolicy::Lru ? order_[set * ways_ + w] : w;
    return r;
}

} // namespace fireplane::cache
