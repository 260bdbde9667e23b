#include "cache_geometry.h"

namespace fireplane::cache {

bool is_power_of_two(uint64_t v) {
    return v != 0 && (v & (v - 1)) == 0;
}

std::optional<ConfigProblem> CacheGeometry::validate() const {
    auto n = [](uint64_t v) { return std::to_string(v); };
    // Zero checks first: every later check divides by these.
    if (size == 0) return ConfigProblem{"size", "cache size is zero."};
    if (ways == 0) return ConfigProblem{"ways", "cache has zero ways."};
    if (line_size == 0) return ConfigProblem{"line", "cache line size is zero."};
    if (sub_blocks == 0) return ConfigProblem{"sub_blocks", "cache line has zero sub-blocks."};
    if (!is_power_of_two(size))
        return ConfigProblem{"size", "cache size " + n(size) + " is not a power of two."};
    if (!is_power_of_two(line_size))
        return ConfigProblem{"line", "line size " + n(line_size) + " is not a power of two."};
    if (!is_power_of_two(sub_blocks))
        return ConfigProblem{"sub_blocks",
                             "sub-block count " + n(sub_blocks) + " is not a power of two."};
    // Power-of-two ways keep the set count a power of two, so the index is a bit field.
    if (!is_power_of_two(ways))
        return ConfigProblem{"ways", "associativity " + n(ways) + " is not a power of two."};
    if (ways > kMaxWays)
        return ConfigProblem{"ways", "associativity " + n(ways) + " exceeds the supported " +
                                         n(kMaxWays) + " ways."};
    if (size < line_size)
        return ConfigProblem{"size", "cache size " + n(size) + " is smaller than one " +
                                         n(line_size) + "-byte line."};
    if (size / line_size < ways)
        return ConfigProblem{"ways", "cache has " + n(size / line_size) +
                                         " lines, fewer than its " + n(ways) + " ways."};
    if (sub_blocks > line_size)
        return ConfigProblem{"sub_blocks", "a " + n(line_size) +
                                               "-byte line cannot be divided into " +
                                               n(sub_blocks) + " sub-blocks."};
    if (sub_blocks > kMaxSubBlocks)
        return ConfigProblem{"sub_blocks", "sub-block count " + n(sub_blocks) +
                                               " exceeds the supported " + n(kMaxSubBlocks) + "."};
    return std::nullopt;
}

} // namespace fireplane::cache
