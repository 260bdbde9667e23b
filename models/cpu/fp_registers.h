#pragma once
// Floating-point register operands by type: singles, doubles and quads (a
// register pair whose first register holds the sign and exponent), and
// integers held in FP registers by the conversion instructions.
#include "host_fp.h"
#include "sparc_core.h"

#include <cstdint>
#include <cstring>

namespace fireplane::sparc {

using Quad = __float128;

template <typename T> struct Reg;
template <> struct Reg<float> {
    static float get(const SparcCore& c, unsigned r) { return bits_to<float>(c.fs(r)); }
    static void set(SparcCore& c, unsigned r, float v) { c.set_fs(r, to_bits(v)); }
};
template <> struct Reg<double> {
    static double get(const SparcCore& c, unsigned r) { return bits_to<double>(c.f[r]); }
    static void set(SparcCore& c, unsigned r, double v) { c.set_fd(r, to_bits(v)); }
};
template <> struct Reg<int32_t> {
    static int32_t get(const SparcCore& c, unsigned r) { return int32_t(c.fs(r)); }
    static void set(SparcCore& c, unsigned r, int32_t v) { c.set_fs(r, uint32_t(v)); }
};
template <> struct Reg<int64_t> {
    static int64_t get(const SparcCore& c, unsigned r) { return int64_t(c.f[r]); }
    static void set(SparcCore& c, unsigned r, int64_t v) { c.set_fd(r, uint64_t(v)); }
};
template <> struct Reg<Quad> {
    static Quad get(const SparcCore& c, unsigned r) {
        const uint64_t halves[2] = {c.f[r + 1], c.f[r]}; // host order: low doubleword first
        Quad q;
        std::memcpy(&q, halves, sizeof q);
        return q;
    }
    static void set(SparcCore& c, unsigned r, Quad q) {
        uint64_t halves[2];
        std::memcpy(halves, &q, sizeof q);
        c.set_fd(r, halves[1]);
        c.set_fd(r + 1, halves[0]);
    }
};

// The high doubleword of a quad: sign, exponent and the top 48 fraction bits.
inline uint64_t quad_high(Quad q) {
    uint64_t halves[2];
    std::memcpy(halves, &q, sizeof q);
    return halves[1];
}
constexpr uint64_t kQuadQuietBit = 1ull << 47;
inline bool is_signaling(Quad q) {
    return q != q && !(quad_high(q) & kQuadQuietBit);
}

} // namespace fireplane::sparc
