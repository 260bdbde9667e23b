#include "code_pace.h"

namespace fireplane::sparc {

void CodePace::record(uint64_t region, uint64_t cycles, uint64_t instructions) {
    Sums& s = regions_[region];
    s.cycles += cycles;
    s.instructions += instructions;
    while (s.instructions >= kHalveAt) {
        s.cycles /= 2;
        s.instructions /= 2;
    }
    ++generation_;
}

uint64_t CodePace::cpi(uint64_t region, uint64_t fallback) const {
    const auto it = regions_.find(region);
    if (it == regions_.end() || it->second.instructions < kMinInstructions) return fallback;
    const Sums& s = it->second;
    const uint64_t cpi = ((s.cycles << kFraction) + s.instructions / 2) / s.instructions;
    return cpi ? cpi : 1;
}

} // namespace fireplane::sparc
