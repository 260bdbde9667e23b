// Quad-precision FPops (the compares are with the others in exec_fp.cpp). The UltraSPARC III does
// not implement them; the Linux kernel emulates them when they trap, and glibc's _Qp_* routines
// execute fcmpq to raise exceptions. Here they run directly on the host's binary128 support (libgcc
// soft-fp, which honours MXCSR's rounding mode and flags).
#include "exec_common.h"
#include "fp_registers.h"
#include "host_fp.h"

#include <cmath>
#include <cstring>
#include <limits>

extern "C" __float128 sqrtf128(__float128); // glibc libm

namespace fireplane::sparc {

namespace {

constexpr unsigned kAexcShift = 5, kTemShift = 23;

Quad quieten(Quad q) {
    uint64_t halves[2];
    std::memcpy(halves, &q, sizeof q);
    halves[1] |= kQuadQuietBit;
    std::memcpy(&q, halves, sizeof q);
    return q;
}

Quad default_nan() {
    const uint64_t halves[2] = {~0ull, 0x7fffffffffffffffull};
    Quad q;
    std::memcpy(&q, halves, sizeof q);
    return q;
}

// The NaN an operation returns, by the same rule as single and double.
Quad nan_result(Quad rs1, Quad rs2, bool two_operands) {
    if (is_signaling(rs2)) return quieten(rs2);
    if (two_operands && is_signaling(rs1)) return quieten(rs1);
    if (rs2 != rs2) return rs2;
    if (two_operands && rs1 != rs1) return rs1;
    return default_nan();
}

// Records the exceptions of one quad FPop (computed in isolation); false when it traps.
bool finish_quad(SparcCore& c, uint8_t exc) {
    if (c.fp_exact()) {
        c.fsr &= ~uint64_t(0x1f);
        const unsigned tem = unsigned(c.fsr >> kTemShift) & 0x1f;
        if (exc & tem) {
            c.fsr = (c.fsr & ~(7ull << 14)) | (1ull << 14) | (exc & tem);
            return c.raise(kTrapFpExceptionIeee754);
        }
        c.fsr |= exc | (uint64_t(exc) << kAexcShift);
        return true;
    }
    c.fsr |= uint64_t(exc) << kAexcShift;
    c.record_fp({[](const SparcCore::FpRecord& r, unsigned) { return uint8_t(r.a); }, exc, 0});
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

// The NaN a conversion to `To` gives for NaN operand `v`.
template <typename To, typename From> To converted_nan(From v) {
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

// Arithmetic: binary, and sqrt (rs2 only).
struct QAdd {
    static Quad f(Quad a, Quad b) { return a + b; }
};
struct QSub {
    static Quad f(Quad a, Quad b) { return a - b; }
};
struct QMul {
    static Quad f(Quad a, Quad b) { return a * b; }
};
struct QDiv {
    static Quad f(Quad a, Quad b) { return a / b; }
};

template <typename Op> bool quad_arith(SparcCore& c, const Insn& in) {
    if (!c.fp_enabled()) return c.raise(kTrapFpDisabled);
    const Quad a = Reg<Quad>::get(c, in.rs1), b = Reg<Quad>::get(c, in.rs2);
    Quad r;
    const uint8_t exc = host_fp_op(c.fp_rounding(), [&] {
        r = Op::f(a, b);
        return 0;
    });
    if (!finish_quad(c, exc | signaling_of(a) | signaling_of(b))) return false;
    Reg<Quad>::set(c, in.rd, r != r ? nan_result(a, b, true) : r);
    return next(c);
}

bool fsqrtq(SparcCore& c, const Insn& in) {
    if (!c.fp_enabled()) return c.raise(kTrapFpDisabled);
    const Quad b = Reg<Quad>::get(c, in.rs2);
    Quad r;
    const uint8_t exc = host_fp_op(c.fp_rounding(), [&] {
        r = sqrtf128(b);
        return 0;
    });
    if (!finish_quad(c, exc | signaling_of(b))) return false;
    Reg<Quad>::set(c, in.rd, r != r ? nan_result(b, b, false) : r);
    return next(c);
}

// fdmulq: the exact product of two doubles as a quad.
bool fdmulq(SparcCore& c, const Insn& in) {
    if (!c.fp_enabled()) return c.raise(kTrapFpDisabled);
    const double a = Reg<double>::get(c, in.rs1), b = Reg<double>::get(c, in.rs2);
    Quad r;
    const uint8_t exc = host_fp_op(c.fp_rounding(), [&] {
        r = Quad(a) * Quad(b);
        return 0;
    });
    if (!finish_quad(c, exc | signaling_of(a) | signaling_of(b))) return false;
    if (r != r) r = converted_nan<Quad>(sparc_nan_result(a, b, true));
    Reg<Quad>::set(c, in.rd, r);
    return next(c);
}

// Conversions between quad and float, double or integer (not to integer: see below).
template <typename From, typename To> bool quad_convert(SparcCore& c, const Insn& in) {
    if (!c.fp_enabled()) return c.raise(kTrapFpDisabled);
    const From a = Reg<From>::get(c, in.rs2);
    To r;
    const uint8_t exc = host_fp_op(c.fp_rounding(), [&] {
        r = To(a);
        return 0;
    });
    if (!finish_quad(c, exc | signaling_of(a))) return false;
    if constexpr (!std::is_integral_v<From>)
        if (a != a) r = converted_nan<To>(a);
    Reg<To>::set(c, in.rd, r);
    return next(c);
}

// Quad to integer rounds toward zero and saturates, like the other widths.
template <typename Int> bool quad_to_int(SparcCore& c, const Insn& in) {
    if (!c.fp_enabled()) return c.raise(kTrapFpDisabled);
    const Quad a = Reg<Quad>::get(c, in.rs2);
    const Quad lo = Quad(std::numeric_limits<Int>::min());
    Int r;
    uint8_t exc = 0;
    if (a != a || a >= -lo) {
        r = std::numeric_limits<Int>::max();
        exc = kFpInvalid;
    } else if (a < lo) {
        r = std::numeric_limits<Int>::min();
        exc = kFpInvalid;
    } else {
        r = Int(a);
        if (Quad(r) != a) exc = kFpInexact;
    }
    if (!finish_quad(c, exc)) return false;
    Reg<Int>::set(c, in.rd, r);
    return next(c);
}

constexpr uint32_t kFp1 = op(2) | op3(0x34);
constexpr uint32_t kRs1Mask = 0x1fu << 14;

} // namespace

void add_quad_rows(std::vector<IsaRow>& rows) {
    const IsaRow table[] = {
        {"fsqrtq", kOpfMask | kRs1Mask, kFp1 | opf(0x02b), "f2q,fdq", fsqrtq, nullptr},
        {"faddq", kOpfMask, kFp1 | opf(0x043), "f1q,f2q,fdq", quad_arith<QAdd>, nullptr},
        {"fsubq", kOpfMask, kFp1 | opf(0x047), "f1q,f2q,fdq", quad_arith<QSub>, nullptr},
        {"fmulq", kOpfMask, kFp1 | opf(0x04b), "f1q,f2q,fdq", quad_arith<QMul>, nullptr},
        {"fdivq", kOpfMask, kFp1 | opf(0x04f), "f1q,f2q,fdq", quad_arith<QDiv>, nullptr},
        {"fdmulq", kOpfMask, kFp1 | opf(0x06e), "f1d,f2d,fdq", fdmulq, nullptr},
        {"fqtox", kOpfMask | kRs1Mask, kFp1 | opf(0x083), "f2q,fdd", quad_to_int<int64_t>, nullptr},
        {"fxtoq", kOpfMask | kRs1Mask, kFp1 | opf(0x08c), "f2d,fdq", quad_convert<int64_t, Quad>,
         nullptr},
        {"fqtos", kOpfMask | kRs1Mask, kFp1 | opf(0x0c7), "f2q,fds", quad_convert<Quad, float>,
         nullptr},
        {"fqtod", kOpfMask | kRs1Mask, kFp1 | opf(0x0cb), "f2q,fdd", quad_convert<Quad, double>,
         nullptr},
        {"fitoq", kOpfMask | kRs1Mask, kFp1 | opf(0x0cc), "f2s,fdq", quad_convert<int32_t, Quad>,
         nullptr},
        {"fstoq", kOpfMask | kRs1Mask, kFp1 | opf(0x0cd), "f2s,fdq", quad_convert<float, Quad>,
         nullptr},
        {"fdtoq", kOpfMask | kRs1Mask, kFp1 | opf(0x0ce), "f2d,fdq", quad_convert<double, Quad>,
         nullptr},
        {"fqtoi", kOpfMask | kRs1Mask, kFp1 | opf(0x0d3), "f2q,fds", quad_to_int<int32_t>, nullptr},
    };
    rows.insert(rows.end(), std::begin(table), std::end(table));
}

} // namespace fireplane::sparc
