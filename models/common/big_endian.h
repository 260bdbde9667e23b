#pragma once
// Big-endian byte order, as the SPARC and the Fireplane have it: a value of
// n bytes (1-8) read from or written to a byte array, most significant first.
#include <cstdint>

namespace fireplane {

inline uint64_t load_big_endian(const uint8_t* bytes, unsigned n) {
    uint64_t value = 0;
    for (unsigned i = 0; i < n; ++i)
        value = value << 8 | bytes[i];
    return value;
}

inline void store_big_endian(uint8_t* bytes, uint64_t value, unsigned n) {
    for (unsigned i = n; i-- > 0; value >>= 8)
        bytes[i] = uint8_t(value);
}

} // namespace fireplane
