#pragma once
// Addresses in messages and files: "0x" and lower-case hex digits.
#include <cinttypes>
#include <cstdio>
#include <string>

namespace fireplane {

inline std::string hex(uint64_t v) {
    char buf[24];
    std::snprintf(buf, sizeof buf, "0x%" PRIx64, v);
    return buf;
}

} // namespace fireplane
