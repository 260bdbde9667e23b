#pragma once
// What the collector's searches read of the guest: instruction words and
// data, without touching caches, counters or any architectural state.
#include "models/cpu/sparc_core.h"

#include <cstdint>

namespace fireplane::profiling {

class CodeReader {
public:
    explicit CodeReader(sparc::SparcCore& core) : core_(core) {}
    bool word(uint64_t va, uint32_t& out) const { return core_.fetch_word(va, out); }
    bool doubleword(uint64_t va, uint64_t& out) const {
        const uint64_t fault = core_.fault_address; // read_bytes sets it on failure
        uint8_t b[8];
        const bool ok = core_.read_bytes(va, b, sizeof b);
        core_.fault_address = fault;
        if (!ok) return false;
        out = 0;
        for (uint8_t byte : b)
            out = out << 8 | byte;
        return true;
    }
    const sparc::SparcCore& core() const { return core_; }

private:
    sparc::SparcCore& core_;
};

} // namespace fireplane::profiling
