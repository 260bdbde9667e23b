#include "cache_geometry.h"

namespace fireplane::cache {

bool is_power_of_two(uint64_t v) {
    return v != 0 && (v & (v - 1)) == 0;
}

std::string CacheGeometry::validate() const {
    // Zero checks first: every later check divides by these.
    if (size == 0) return "cache size is zero.";
    if (ways == 0) return "cache has zero ways.";
    if (line_size == 0) return "cache line size is zero.";
    if (sub_blocks == 0) return "cache line has zero sub-blocks.";
    if (!is_power_of_two(size))
        return "cache size " + std::to_string(size) + " is not a power of two.";
    if (!is_power_of_two(line_size))
        return "line size " + std::to_string(line_size) + " is not a power of two.";
    if (!is_power_of_two(sub_blocks))
        return "sub-block count " + std::to_string(sub_blocks) + " is not a power of two.";
    // Power-of-two ways keep the set count a power of two, so the index is a bit field.
    if (!is_power_of_two(ways))
        return "associativity " + std::to_string(ways) + " is not a power of two.";
    if (ways > kMaxWays)
        return "associativity " + std::to_string(ways) + " exceeds the supported " +
               std::to_string(kMaxWays) + " ways.";
    if (size < line_size)
        return "cache size " + std::to_string(size) + " is smaller than one " +
               std::to_string(line_size) + "-byte line.";
    if (size / line_size < ways)
        return "cache has " + std::to_string(size / line_size) + " lines, fewer than its " +
               std::to_string(ways) + " ways.";
    if (sub_blocks > line_size)
        return "a " + std::to_string(line_size) + "-byte line cannot be divided into " +
               std::to_string(sub_blocks) + " sub-blocks.";
    if (sub_blocks > kMaxSubBlocks)
        return "sub-block count " + std::to_string(sub_blocks) + " exceeds the supported " +
               std::to_string(kMaxSubBlocks) + ".";
    return "";
}

} // namespace fireplane::cache
