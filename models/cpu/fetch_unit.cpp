#include "fetch_unit.h"

#include <algorithm>

namespace fireplane::sparc {

FetchUnit::FetchUnit(const FetchConfig& config)
    : config_(config), queue_(std::max(1u, config.queue), 0) {
    while ((2u << line_shift_) <= config.line)
        ++line_shift_; // log2 of the line, a power of two
}

} // namespace fireplane::sparc
