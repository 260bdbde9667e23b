#pragma once
// Running one guest FP operation on the host's SSE unit: the guest rounding
// mode goes into MXCSR, the IEEE flags come back out, and compiler barriers
// keep the operation between the two. Also the NaN rules where x86 and SPARC
// disagree.
#include <xmmintrin.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <type_traits>

namespace fireplane::sparc {

// FSR exception bits (cexc/aexc/tem layout).
enum : uint8_t {
    kFpInexact = 0x01,
    kFpDivZero = 0x02,
    kFpUnderflow = 0x04,
    kFpOverflow = 0x08,
    kFpInvalid = 0x10
};

template <typename T> inline T bits_to(std::conditional_t<sizeof(T) == 4, uint32_t, uint64_t> v) {
    T out;
    std::memcpy(&out, &v, sizeof out);
    return out;
}
inline uint32_t to_bits(float v) {
    uint32_t b;
    std::memcpy(&b, &v, 4);
    return b;
}
inline uint64_t to_bits(double v) {
    uint64_t b;
    std::memcpy(&b, &v, 8);
    return b;
}

// MXCSR rounding-control bits for SPARC rounding mode `rd`
// (0 nearest, 1 toward zero, 2 +inf, 3 -inf).
inline unsigned host_fp_rounding_bits(unsigned rd) {
    static constexpr unsigned kMxcsrRounding[4] = {0x0000, 0x6000, 0x4000, 0x2000};
    return kMxcsrRounding[rd & 3];
}

// Forces `v` to be materialised here, so the optimiser cannot move the
// computation across the MXCSR accesses around it.
template <typename T> inline T host_fp_barrier(T v) {
    if constexpr (std::is_floating_point_v<T> || std::is_same_v<T, __float128>)
        asm volatile("" : "+x"(v));
    else
        asm volatile("" : "+r"(v));
    return v;
}

// MXCSR exception flags (IE, ZE, OE, UE, PE; DE has no IEEE counterpart) as FSR bits.
inline uint8_t fsr_exceptions(unsigned mxcsr) {
    uint8_t exc = 0;
    if (mxcsr & 0x01) exc |= kFpInvalid;
    if (mxcsr & 0x04) exc |= kFpDivZero;
    if (mxcsr & 0x08) exc |= kFpOverflow;
    if (mxcsr & 0x10) exc |= kFpUnderflow;
    if (mxcsr & 0x20) exc |= kFpInexact;
    return exc;
}

// Runs `op` (which returns its result) under SPARC rounding mode `rd`
// (0 nearest, 1 toward zero, 2 +inf, 3 -inf). Returns the FSR exception bits.
template <typename Op> inline uint8_t host_fp_op(unsigned rd, Op&& op) {
    const unsigned saved = _mm_getcsr();
    _mm_setcsr(0x1f80u | host_fp_rounding_bits(rd)); // all exceptions masked, flags clear
    auto result = op();
    host_fp_barrier(result);
    const unsigned flags = _mm_getcsr();
    _mm_setcsr(saved);
    return fsr_exceptions(flags);
}

// MXCSR ownership while a core runs: the guest's rounding mode, exceptions
// masked, flags sticky. The flags then hold every exception raised since they
// were last taken, which is what FSR.aexc accumulates.
inline unsigned host_fp_enter(unsigned rd) {
    const unsigned saved = _mm_getcsr();
    _mm_setcsr(0x1f80u | host_fp_rounding_bits(rd));
    return saved;
}
inline void host_fp_leave(unsigned saved) {
    _mm_setcsr(saved);
}
inline void host_fp_set_rounding(unsigned rd) {
    _mm_setcsr((_mm_getcsr() & ~0x6000u) | host_fp_rounding_bits(rd));
}
// The exceptions raised since the last call, as FSR bits; clears them.
inline uint8_t host_fp_take_flags() {
    const unsigned csr = _mm_getcsr();
    if (!(csr & 0x3d)) return 0;
    _mm_setcsr(csr & ~0x3fu);
    return fsr_exceptions(csr);
}

template <typename T> inline auto quiet_bit() {
    if constexpr (sizeof(T) == 4)
        return uint32_t(1) << 22;
    else
        return uint64_t(1) << 51;
}
template <typename T> inline bool is_signaling(T v) {
    return std::isnan(v) && !(to_bits(v) & quiet_bit<T>());
}
template <typename T> inline T quieten(T v) {
    return bits_to<T>(to_bits(v) | quiet_bit<T>());
}
template <typename T> inline uint8_t signaling_exc(T v) {
    return is_signaling(v) ? kFpInvalid : 0;
}

// SPARC's default NaN: sign clear, every fraction bit set.
template <typename T> inline T sparc_default_nan() {
    if constexpr (sizeof(T) == 4)
        return bits_to<T>(0x7fffffffu);
    else
        return bits_to<T>(0x7fffffffffffffffull);
}

// The NaN an operation returns: a signaling operand (rs2 first) quietened,
// else a quiet operand (rs2 first), else the default NaN.
template <typename T> inline T sparc_nan_result(T rs1, T rs2, bool two_operands) {
    if (is_signaling(rs2)) return quieten(rs2);
    if (two_operands && is_signaling(rs1)) return quieten(rs1);
    if (std::isnan(rs2)) return rs2;
    if (two_operands && std::isnan(rs1)) return rs1;
    return sparc_default_nan<T>();
}

// Format conversion of a NaN keeps the sign and the top fraction bits, quietened.
template <typename To, typename From> inline To convert_nan(From v) {
    if constexpr (sizeof(To) == sizeof(From))
        return quieten(v);
    else if constexpr (sizeof(To) == 8) {
        uint32_t b = to_bits(v) | quiet_bit<From>();
        uint64_t out =
            (uint64_t(b >> 31) << 63) | (0x7ffull << 52) | (uint64_t(b & 0x7fffff) << 29);
        return bits_to<double>(out);
    } else {
        uint64_t b = to_bits(v) | quiet_bit<From>();
        uint32_t out = uint32_t((b >> 63) << 31) | (0xffu << 23) | uint32_t((b >> 29) & 0x7fffff);
        return bits_to<float>(out);
    }
}
inline double widen_nan(float v) {
    return convert_nan<double>(v);
}

} // namespace fireplane::sparc
