// Shape of one set-associative, optionally sectored cache, and the address
// arithmetic that follows from it. Every cache of the UltraSPARC IIICu (I$, D$,
// P$, W$, E$) is one CacheGeometry; the presets below are the V1280 defaults.
#pragma once

#include "core/factory/config_problem.h"

#include <cstdint>
#include <optional>
#include <string>

namespace fireplane::cache {

// Limits that keep per-set and per-block bookkeeping in one 64-bit mask.
inline constexpr unsigned kMaxWays = 64;
inline constexpr unsigned kMaxSubBlocks = 64;

struct CacheGeometry {
    uint64_t size = 0;       // bytes of data the cache holds
    unsigned ways = 0;       // associativity
    unsigned line_size = 0;  // bytes per line (the E$ calls it a block)
    unsigned sub_blocks = 1; // sectors per line, each with its own state

    // Nothing when the geometry is usable, else the field to blame, as machine
    // files name it (size, ways, line, sub_blocks), and one sentence saying
    // why. Only validated geometries may be used with the accessors below.
    std::optional<ConfigProblem> validate() const;

    uint64_t lines() const { return size / line_size; }
    uint64_t sets() const { return lines() / ways; }
    unsigned sub_block_size() const { return line_size / sub_blocks; }

    unsigned offset_bits() const { return log2(line_size); }
    unsigned index_bits() const { return log2(sets()); }

    // Byte offset inside the line, set index, and the tag above both.
    uint64_t offset(uint64_t pa) const { return pa & (uint64_t{line_size} - 1); }
    uint64_t set_index(uint64_t pa) const { return (pa >> offset_bits()) & (sets() - 1); }
    uint64_t tag(uint64_t pa) const { return pa >> (offset_bits() + index_bits()); }
    unsigned sub_block(uint64_t pa) const {
        return static_cast<unsigned>(offset(pa) / sub_block_size());
    }

    uint64_t line_base(uint64_t pa) const { return pa & ~(uint64_t{line_size} - 1); }
    uint64_t sub_block_base(uint64_t pa) const { return pa & ~(uint64_t{sub_block_size()} - 1); }
    // Inverse of tag()/set_index(): the first byte of that line.
    uint64_t base_address(uint64_t tag, uint64_t set) const {
        return (tag << (offset_bits() + index_bits())) | (set << offset_bits());
    }

    friend bool operator==(const CacheGeometry& a, const CacheGeometry& b) {
        return a.size == b.size && a.ways == b.ways && a.line_size == b.line_size &&
               a.sub_blocks == b.sub_blocks;
    }
    friend bool operator!=(const CacheGeometry& a, const CacheGeometry& b) { return !(a == b); }

    static unsigned log2_of(uint64_t v) { return log2(v); }

private:
    // floor(log2(v)), 0 for v <= 1: one instruction, as the hierarchy asks on its hot paths.
    static unsigned log2(uint64_t v) { return v > 1 ? 63u - unsigned(__builtin_clzll(v)) : 0u; }
};

bool is_power_of_two(uint64_t v);

// UltraSPARC IIICu defaults (the memory-modelling paper's Table 1; docs/architecture.md).
inline constexpr CacheGeometry kIcacheGeometry{32 * 1024, 4, 32, 1};
inline constexpr CacheGeometry kDcacheGeometry{64 * 1024, 4, 32, 1};
inline constexpr CacheGeometry kPcacheGeometry{2 * 1024, 4, 64, 2};
inline constexpr CacheGeometry kWcacheGeometry{2 * 1024, 4, 64, 1};
inline constexpr CacheGeometry kEcacheGeometry{8 * 1024 * 1024, 2, 512, 8};

} // namespace fireplane::cache
