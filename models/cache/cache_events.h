// Events the memory hierarchy reports to its CPU's hardware counters. The CPU
// maps each to its PCR event (models/cpu/perf_counters.h); the cache library
// does not depend on the CPU. Stall cycles are not events here: the timing
// model counts them from each answer's StallCause (cache_request.h).
#pragma once

#include <cstdint>

namespace fireplane::cache {

enum class CacheEvent : uint8_t {
    IcRef,         // I$ references (one per fetched I$ line)
    IcMiss,        // I$ misses
    DcRdMiss,      // loads that miss the D$
    DcWrMiss,      // stores that miss the D$
    EcRef,         // E$ references
    EcMisses,      // E$ misses, all sources
    EcRdMiss,      // E$ misses of loads
    EcWb,          // E$ sub-blocks written back
    EcWriteHitRto, // stores that found the line in E$ but not writable (upgrade)
    EcSnoopInv,    // valid E$ sub-blocks another agent's transaction invalidated
    EcSnoopCb,     // E$ sub-blocks copied back to another agent (cache-to-cache)
    SiOwned,       // own transactions whose snoop result was owned (an owner answered)
    kCount
};

} // namespace fireplane::cache
