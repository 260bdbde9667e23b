#pragma once
// What the FPop handlers of exec_fp.cpp and exec_quad.cpp share: FSR
// exception bookkeeping (exact with traps enabled, lazy otherwise), the
// signaling-NaN check for every width, and float-to-integer conversion.
#include "exec_common.h"
#include "fp_registers.h"
#include "host_fp.h"

#include <cmath>
#include <cstring>
#include <functional>
#include <limits>
#include <type_traits>

extern "C" __float128 sqrtf128(__float128); // glibc libm

namespace fireplane::sparc {

// FSR fields.
constexpr unsigned kCexcShift = 0, kAexcShift = 5, kTemShift = 23;
constexpr uint64_t kFttMask = 7ull << 14;
constexpr uint64_t kFttIeee = 1ull << 14;

// Records the exceptions of one FPop in exact mode. Returns false (with the
// trap raised) when an enabled exception traps: rd must not be written then.
inline bool finish(SparcCore& c, uint8_t exc) {
    c.fsr &= ~(uint64_t(0x1f) << kCexcShift);
    const unsigned tem = unsigned(c.fsr >> kTemShift) & 0x1f;
    if (exc & tem) {
        c.fsr = (c.fsr & ~kFttMask) | kFttIeee | (uint64_t(exc & tem) << kCexcShift);
        return c.raise(kTrapFpExceptionIeee754);
    }
    c.fsr |= uint64_t(exc) << kCexcShift;
    c.fsr |= uint64_t(exc) << kAexcShift;
    return true;
}

inline uint8_t stored_exceptions(const SparcCore::FpRecord& rec, unsigned) {
    return uint8_t(rec.a);
}

// Records exceptions already known (found in software, or computed in
// isolation); false when one of them traps.
inline bool known_exceptions(SparcCore& c, uint8_t exc) {
    if (__builtin_expect(c.fp_exact(), 0)) return finish(c, exc);
    c.fsr |= uint64_t(exc) << kAexcShift;
    c.record_fp({stored_exceptions, exc, 0});
    return true;
}

template <typename T> uint8_t signaling_of(T v) {
    if constexpr (std::is_same_v<T, Quad>)
        return is_signaling(v) ? kFpInvalid : 0;
    else if constexpr (std::is_floating_point_v<T>)
        return signaling_exc(v);
    else
        return 0;
}

// Float to integer, always rounding toward zero. Out of range and NaN are
// invalid, with SPARC's saturated results rather than x86's "indefinite".
template <typename From, typename Int> bool ftoint(SparcCore& c, const Insn& in) {
    if (!c.fp_enabled()) return c.raise(kTrapFpDisabled);
    const From a = Reg<From>::get(c, in.rs2);
    const From lo = From(std::numeric_limits<Int>::min());
    const From hi_exclusive = -lo; // 2^31 or 2^63, exactly representable
    Int r;
    uint8_t exc = 0;
    if (a != a || a >= hi_exclusive) {
        r = std::numeric_limits<Int>::max();
        exc = kFpInvalid;
    } else if (a < lo) {
        r = std::numeric_limits<Int>::min();
        exc = kFpInvalid;
    } else {
        r = Int(host_fp_barrier(a));
        if (From(r) != a) exc = kFpInexact;
    }
    if (!known_exceptions(c, exc)) return false;
    Reg<Int>::set(c, in.rd, r);
    return next(c);
}

// ---- quad NaNs, by the same rules as single and double ----

inline Quad quieten(Quad q) {
    uint64_t halves[2];
    std::memcpy(halves, &q, sizeof q);
    halves[1] |= kQuadQuietBit;
    std::memcpy(&q, halves, sizeof q);
    return q;
}

inline Quad quad_default_nan() {
    const uint64_t halves[2] = {~0ull, 0x7fffffffffffffffull};
    Quad q;
    std::memcpy(&q, halves, sizeof q);
    return q;
}

// The NaN an operation returns, by the same rule as single and double.
inline Quad sparc_nan_result(Quad rs1, Quad rs2, bool two_operands) {
    if (is_signaling(rs2)) return quieten(rs2);
    if (two_operands && is_signaling(rs1)) return quieten(rs1);
    if (rs2 != rs2) return rs2;
    if (two_operands && rs1 != rs1) return rs1;
    return quad_default_nan();
}

// The NaN a conversion to `To` gives for NaN operand `v`.
template <typename To, typename From> To quad_convert_nan(From v) {
    if constexpr (std::is_same_v<To, Quad>) {
        // Widen: the sign and the top fraction bits move up, quietened.
        const uint64_t high = to_bits(double(v)); // float widens exactly, NaN payload kept
        const uint64_t halves[2] = {0, (high & (1ull << 63)) | (0x7fffull << 48) | kQuadQuietBit |
                                           ((high & 0xfffffffffffffull) >> 4)};
        Quad q;
        std::memcpy(&q, halves, sizeof q);
        return q;
    } else {
        const uint64_t high = quad_high(v);
        const double d = bits_to<double>((high & (1ull << 63)) | (0x7ffull << 52) | (1ull << 51) |
                                         ((high << 4) & 0xfffffffffffffull));
        return To(d);
    }
}

// ---- operations computed by the host FPU ----
// The 64-bit form an operand takes in an FpRecord, and back.
template <typename T> uint64_t raw_bits(T v) {
    if constexpr (std::is_same_v<T, Quad>)
        return 0; // never recorded: see fp_compute
    else if constexpr (std::is_floating_point_v<T>)
        return to_bits(v);
    else
        return uint64_t(v);
}
template <typename T> T from_raw(uint64_t v) {
    if constexpr (std::is_same_v<T, Quad>)
        return Quad(0);
    else if constexpr (std::is_floating_point_v<T>)
        return bits_to<T>(v);
    else
        return T(v);
}
// ---- operations computed by the host FPU ----
// Each has operand type A, result type R, f() and the NaN SPARC returns when f() gives one.
template <typename T, typename Fn> struct Arith {
    using A = T;
    using R = T;
    static constexpr bool kBinary = true;
    static R f(A a, A b) { return Fn{}(a, b); }
    static R nan(A a, A b) { return sparc_nan_result(a, b, true); }
};
template <typename T> using FAdd = Arith<T, std::plus<T>>;
template <typename T> using FSub = Arith<T, std::minus<T>>;
template <typename T> using FMul = Arith<T, std::multiplies<T>>;
template <typename T> using FDiv = Arith<T, std::divides<T>>;

inline float fp_sqrt(float v) {
    return std::sqrt(v);
}
inline double fp_sqrt(double v) {
    return std::sqrt(v);
}
inline Quad fp_sqrt(Quad v) {
    return sqrtf128(v);
}

template <typename T> struct FSqrt {
    using A = T;
    using R = T;
    static constexpr bool kBinary = false;
    static R f(A, A b) { return fp_sqrt(b); }
    static R nan(A, A b) { return sparc_nan_result(b, b, false); }
};
// fsmuld: the exact product of two singles as a double.
struct FsMulD {
    using A = float;
    using R = double;
    static constexpr bool kBinary = true;
    static R f(A a, A b) { return double(a) * double(b); }
    static R nan(A a, A b) { return widen_nan(sparc_nan_result(a, b, true)); }
};
// Format conversions, and integer (held in an FP register) to float.
template <typename From, typename To> struct Convert {
    using A = From;
    using R = To;
    static constexpr bool kBinary = false;
    static R f(A, A b) { return R(b); }
    static R nan(A, A b) {
        if constexpr (std::is_same_v<A, Quad> || std::is_same_v<R, Quad>)
            return quad_convert_nan<To>(b);
        else if constexpr (std::is_floating_point_v<A>)
            return convert_nan<To>(b);
        else
            return R(b);
    }
};

// The exceptions of one operation, computed in isolation under rounding `rd`.
template <typename Op>
inline uint8_t compute_exceptions(typename Op::A a, typename Op::A b, unsigned rd,
                                  typename Op::R& r) {
    const uint8_t exc = host_fp_op(rd, [&] {
        r = Op::f(host_fp_barrier(a), host_fp_barrier(b));
        return r;
    });
    return exc | (Op::kBinary ? signaling_of(a) : 0) | signaling_of(b);
}

template <typename Op> uint8_t recorded_exceptions(const SparcCore::FpRecord& rec, unsigned rd) {
    typename Op::R r;
    return compute_exceptions<Op>(from_raw<typename Op::A>(rec.a), from_raw<typename Op::A>(rec.b),
                                  rd, r);
}

// One FPop computed by the host FPU. Lazily (TEM = 0) it only records its
// operands, so cexc can be recomputed if software reads the FSR; quad
// operands do not fit the record, so quads always compute their exceptions.
template <typename Op> bool fp_compute(SparcCore& c, const Insn& in) {
    using A = typename Op::A;
    using R = typename Op::R;
    constexpr bool kRecordable = sizeof(A) <= sizeof(uint64_t);
    if (!c.fp_enabled()) return c.raise(kTrapFpDisabled);
    const A a = Op::kBinary ? Reg<A>::get(c, in.rs1) : A{}, b = Reg<A>::get(c, in.rs2);
    R r;
    if (kRecordable && __builtin_expect(!c.fp_exact(), 1)) {
        r = Op::f(host_fp_barrier(a), host_fp_barrier(b));
        c.record_fp({recorded_exceptions<Op>, raw_bits(a), raw_bits(b)});
    } else if (!known_exceptions(c, compute_exceptions<Op>(a, b, c.fp_rounding(), r))) {
        return false;
    }
    if (r != r) r = Op::nan(a, b);
    Reg<R>::set(c, in.rd, r);
    return next(c);
}

} // namespace fireplane::sparc
