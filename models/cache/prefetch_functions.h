// Where each PREFETCH function code sends its line on the UltraSPARC IIICu
// (paper section 3.4: P$ only, E$ only, both, or E$ with exclusive access).
// Codes 5-15 trap in the ISS; codes not listed are no-ops.
#pragma once

#include <array>
#include <cstdint>

namespace fireplane::cache {

struct PrefetchFunction {
    uint8_t fcn;
    const char* name;
    bool pcache;
    bool ecache;
    bool exclusive;
    bool invalidate_pcache = false;
};

// clang-format off
inline constexpr std::array<PrefetchFunction, 10> kPrefetchFunctions{{
    // fcn  name                     P$     E$     exclusive
    {0,  "several reads",          true,  true,  false},
    {1,  "one read",               true,  false, false},
    {2,  "several writes",         false, true,  true },
    {3,  "one write",              false, true,  true },
    {17, "read to E$ only",        false, true,  false},
    {20, "strong several reads",   true,  true,  false},
    {21, "strong one read",        true,  false, false},
    {22, "strong several writes",  false, true,  true },
    {23, "strong one write",       false, true,  true },
    {16, "invalidate P$ line",     false, false, false, true},
}};
// clang-format on

// nullptr for a no-op function code (4 = page, and the undefined ones).
inline const PrefetchFunction* find_prefetch_function(unsigned fcn) {
    for (const auto& f : kPrefetchFunctions)
        if (f.fcn == fcn) return &f;
    return nullptr;
}

} // namespace fireplane::cache
