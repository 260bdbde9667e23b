#pragma once
// A cache port that answers every request at once, in the cycle it is
// presented, and warms nothing: the detailed model with perfect caches, for
// tests of what it does besides waiting for them.
#include "models/cpu/detailed_timing.h"

namespace cpu_test {

struct InstantPort : fireplane::sparc::CachePort {
    InstantPort() { set_next_request(next); }
    fireplane::cache::CacheRequest next;
    fireplane::cache::CacheAnswer send() override {
        return {true, next.cycle, fireplane::cache::StallCause::None, 0};
    }
    uint64_t warm() override { return 0; }
};

} // namespace cpu_test
