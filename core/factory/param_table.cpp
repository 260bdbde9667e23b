#include "param_table.h"

namespace fireplane {

std::string range_text(int64_t min, int64_t max, int64_t lowest, int64_t highest) {
    if (min == 1 && max == highest) return "must be greater than 0";
    if (max == highest && min != lowest) return "must be at least " + std::to_string(min);
    if (min == lowest && max != highest) return "must be at most " + std::to_string(max);
    return "must be between " + std::to_string(min) + " and " + std::to_string(max);
}

std::string range_text(uint64_t min, uint64_t max) {
    return range_text(int64_t(min), max > uint64_t(INT64_MAX) ? INT64_MAX : int64_t(max), 0,
                      INT64_MAX);
}

} // namespace fireplane
