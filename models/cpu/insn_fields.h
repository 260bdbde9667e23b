#pragma once
// Field extraction from a SPARC instruction word.
#include <cstdint>

namespace fireplane::sparc::field {

constexpr uint32_t bits(uint32_t w, unsigned hi, unsigned lo) {
    return (w >> lo) & ((1u << (hi - lo + 1)) - 1);
}
constexpr int64_t sext(uint64_t v, unsigned width) {
    return int64_t(v << (64 - width)) >> (64 - width);
}
constexpr unsigned op(uint32_t w) {
    return w >> 30;
}
constexpr unsigned rd(uint32_t w) {
    return bits(w, 29, 25);
}
constexpr unsigned op2(uint32_t w) {
    return bits(w, 24, 22);
}
constexpr unsigned op3(uint32_t w) {
    return bits(w, 24, 19);
}
constexpr unsigned rs1(uint32_t w) {
    return bits(w, 18, 14);
}
constexpr bool i(uint32_t w) {
    return (w >> 13) & 1;
}
constexpr bool x(uint32_t w) {
    return (w >> 12) & 1;
}
constexpr unsigned rs2(uint32_t w) {
    return bits(w, 4, 0);
}
constexpr unsigned opf(uint32_t w) {
    return bits(w, 13, 5);
}
constexpr unsigned imm_asi(uint32_t w) {
    return bits(w, 12, 5);
}
constexpr int64_t simm13(uint32_t w) {
    return sext(bits(w, 12, 0), 13);
}
constexpr int64_t simm11(uint32_t w) {
    return sext(bits(w, 10, 0), 11);
}
constexpr int64_t simm10(uint32_t w) {
    return sext(bits(w, 9, 0), 10);
}
constexpr bool annul(uint32_t w) {
    return (w >> 29) & 1;
}
constexpr unsigned cond(uint32_t w) {
    return bits(w, 28, 25);
}
constexpr int64_t disp22(uint32_t w) {
    return sext(bits(w, 21, 0), 22) * 4;
}
constexpr int64_t disp19(uint32_t w) {
    return sext(bits(w, 18, 0), 19) * 4;
}
constexpr int64_t disp16(uint32_t w) {
    return sext((bits(w, 21, 20) << 14) | bits(w, 13, 0), 16) * 4;
}
constexpr int64_t disp30(uint32_t w) {
    return sext(bits(w, 29, 0), 30) * 4;
}

// Floating-point register numbers: 5-bit field to register index.
constexpr unsigned freg_single(unsigned f) {
    return f;
}
constexpr unsigned freg_double(unsigned f) {
    return (f & 0x1e) | ((f & 1) << 5);
}

} // namespace fireplane::sparc::field
