// Floating-point operates (FPop1/FPop2): arithmetic, conversions, compares and
// moves, single and double. IEEE results come from the host's SSE unit under
// the guest's rounding mode; exceptions are read back from MXCSR into FSR, and
// NaN results are rewritten to SPARC's rules (x86 differs in default NaN and
// in which operand propagates).
#include "exec_common.h"
#include "fp_registers.h"
#include "host_fp.h"

#include <cmath>
#include <cstring>
#include <limits>
#include <type_traits>

namespace fireplane::sparc {

namespace {

// ---- FSR fields ----
constexpr unsigned kCexcShift = 0, kAexcShift = 5, kTemShift = 23;
constexpr uint64_t kFttMask = 7ull << 14;
constexpr uint64_t kFttIeee = 1ull << 14;

unsigned rounding_mode(const SparcCore& c) {
    return c.fp_rounding();
}

// Records the exceptions of one FPop. Returns false (with the trap raised)
// when an enabled exception traps, in which case rd must not be written.
bool finish(SparcCore& c, uint8_t exc) {
    c.fsr &= ~(uint64_t(0x1f) << kCexcShift);
    unsigned tem = unsigned(c.fsr >> kTemShift) & 0x1f;
    if (exc & tem) {
        c.fsr = (c.fsr & ~kFttMask) | kFttIeee | (uint64_t(exc & tem) << kCexcShift);
        return c.raise(kTrapFpExceptionIeee754);
    }
    c.fsr |= uint64_t(exc) << kCexcShift;
    c.fsr |= uint64_t(exc) << kAexcShift;
    return true;
}

template <typename T> uint64_t raw_bits(T v) {
    if constexpr (std::is_floating_point_v<T>)
        return to_bits(v);
    else
        return uint64_t(v);
}
template <typename T> T from_raw(uint64_t v) {
    if constexpr (std::is_floating_point_v<T>)
        return bits_to<T>(v);
    else
        return T(v);
}
template <typename T> uint8_t signaling_of(T v) {
    if constexpr (std::is_floating_point_v<T>)
        return signaling_exc(v);
    else
        return 0;
}

// ---- operations computed by the host FPU ----
// Each has operand type A, result type R, f() and the NaN SPARC returns when f() gives one.
template <typename T> struct FAdd {
    using A = T;
    using R = T;
    static constexpr bool kBinary = true;
    static R f(A a, A b) { return a + b; }
    static R nan(A a, A b) { return sparc_nan_result(a, b, true); }
};
template <typename T> struct FSub {
    using A = T;
    using R = T;
    static constexpr bool kBinary = true;
    static R f(A a, A b) { return a - b; }
    static R nan(A a, A b) { return sparc_nan_result(a, b, true); }
};
template <typename T> struct FMul {
    using A = T;
    using R = T;
    static constexpr bool kBinary = true;
    static R f(A a, A b) { return a * b; }
    static R nan(A a, A b) { return sparc_nan_result(a, b, true); }
};
template <typename T> struct FDiv {
    using A = T;
    using R = T;
    static constexpr bool kBinary = true;
    static R f(A a, A b) { return a / b; }
    static R nan(A a, A b) { return sparc_nan_result(a, b, true); }
};
template <typename T> struct FSqrt {
    using A = T;
    using R = T;
    static constexpr bool kBinary = false;
    static R f(A, A b) { return std::sqrt(b); }
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
        if constexpr (std::is_floating_point_v<A>)
            return convert_nan<To>(b);
        else
            return R(b);
    }
};

// The exceptions of one operation, computed in isolation under rounding `rd`.
template <typename Op>
uint8_t compute_exceptions(typename Op::A a, typename Op::A b, unsigned rd, typename Op::R& r) {
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

template <typename Op> bool fp_compute(SparcCore& c, const Insn& in) {
    using A = typename Op::A;
    using R = typename Op::R;
    if (!c.fp_enabled()) return c.raise(kTrapFpDisabled);
    const A a = Op::kBinary ? Reg<A>::get(c, in.rs1) : A{}, b = Reg<A>::get(c, in.rs2);
    R r;
    if (__builtin_expect(!c.fp_exact(), 1)) {
        r = Op::f(host_fp_barrier(a), host_fp_barrier(b));
        c.record_fp({recorded_exceptions<Op>, raw_bits(a), raw_bits(b)});
    } else if (!finish(c, compute_exceptions<Op>(a, b, rounding_mode(c), r))) {
        return false;
    }
    if (r != r) r = Op::nan(a, b);
    Reg<R>::set(c, in.rd, r);
    return next(c);
}

// ---- operations whose exceptions are decided in software ----

uint8_t stored_exceptions(const SparcCore::FpRecord& rec, unsigned) {
    return uint8_t(rec.a);
}

// Records exceptions found in software; false when one of them traps.
bool software_exceptions(SparcCore& c, uint8_t exc) {
    if (__builtin_expect(c.fp_exact(), 0)) return finish(c, exc);
    c.fsr |= uint64_t(exc) << kAexcShift;
    c.record_fp({stored_exceptions, exc, 0});
    return true;
}

// Float to integer, always rounding toward zero. Out of range and NaN are
// invalid, with SPARC's saturated results rather than x86's "indefinite".
template <typename From, typename Int> bool ftoint(SparcCore& c, const Insn& in) {
    if (!c.fp_enabled()) return c.raise(kTrapFpDisabled);
    const From a = Reg<From>::get(c, in.rs2);
    Int r;
    uint8_t exc = 0;
    const From lo = From(std::numeric_limits<Int>::min());
    const From hi_exclusive = -lo; // 2^31 or 2^63, exactly representable
    if (a != a) {
        r = std::numeric_limits<Int>::max();
        exc = kFpInvalid;
    } else if (a >= hi_exclusive) {
        r = std::numeric_limits<Int>::max();
        exc = kFpInvalid;
    } else if (a < lo) {
        r = std::numeric_limits<Int>::min();
        exc = kFpInvalid;
    } else {
        r = Int(host_fp_barrier(a));
        if (From(r) != a) exc = kFpInexact;
    }
    if (!software_exceptions(c, exc)) return false;
    Reg<Int>::set(c, in.rd, r);
    return next(c);
}

// Compares: fcc 0 =, 1 <, 2 >, 3 unordered.
template <typename T, bool Signaling> bool fcmp(SparcCore& c, const Insn& in) {
    if (!c.fp_enabled()) return c.raise(kTrapFpDisabled);
    const T a = Reg<T>::get(c, in.rs1), b = Reg<T>::get(c, in.rs2);
    unsigned result;
    uint8_t exc = 0;
    if (a != a || b != b) {
        result = 3;
        if (Signaling || is_signaling(a) || is_signaling(b)) exc = kFpInvalid;
    } else {
        result = a == b ? 0 : a < b ? 1 : 2;
    }
    if (!software_exceptions(c, exc)) return false;
    c.set_fcc(in.rd & 3, result);
    return next(c);
}

// ---- moves: bit operations that raise nothing and clear cexc ----

void no_exceptions(SparcCore& c) {
    if (__builtin_expect(c.fp_exact(), 0))
        c.fsr &= ~uint64_t(0x1f);
    else
        c.record_fp({stored_exceptions, 0, 0});
}

enum class MoveKind { Mov, Neg, Abs };

template <MoveKind K, bool Double> bool fmove(SparcCore& c, const Insn& in) {
    if (!c.fp_enabled()) return c.raise(kTrapFpDisabled);
    const uint64_t sign = Double ? (1ull << 63) : (1ull << 31);
    uint64_t v = Double ? c.f[in.rs2] : c.fs(in.rs2);
    if (K == MoveKind::Neg) v ^= sign;
    if (K == MoveKind::Abs) v &= ~sign;
    if (Double)
        c.f[in.rd] = v;
    else
        c.set_fs(in.rd, uint32_t(v));
    no_exceptions(c);
    return next(c);
}

// fmovq/fnegq/fabsq: two doubles; the sign is in the first.
template <MoveKind K> bool fmoveq(SparcCore& c, const Insn& in) {
    if (!c.fp_enabled()) return c.raise(kTrapFpDisabled);
    uint64_t hi = c.f[in.rs2], lo = c.f[in.rs2 + 1];
    if (K == MoveKind::Neg) hi ^= 1ull << 63;
    if (K == MoveKind::Abs) hi &= ~(1ull << 63);
    c.f[in.rd] = hi;
    c.f[in.rd + 1] = lo;
    no_exceptions(c);
    return next(c);
}

template <bool Double> void move_reg(SparcCore& c, const Insn& in) {
    if (Double)
        c.f[in.rd] = c.f[in.rs2];
    else
        c.set_fs(in.rd, c.fs(in.rs2));
}

// FMOVcc: rs1 holds the cc selector (0-3 fcc, 4 icc, 6 xcc), aux the condition.
template <bool Double> bool fmovcc(SparcCore& c, const Insn& in) {
    if (!c.fp_enabled()) return c.raise(kTrapFpDisabled);
    bool take = in.rs1 < 4 ? SparcCore::eval_fcond(in.aux, c.fcc(in.rs1))
                           : SparcCore::eval_cond(in.aux, selected_cc(c, in.rs1));
    if (take) move_reg<Double>(c, in);
    no_exceptions(c);
    return next(c);
}

// FMOVr: the integer register rs1 is tested; aux holds rcond.
template <bool Double> bool fmovr(SparcCore& c, const Insn& in) {
    if (!c.fp_enabled()) return c.raise(kTrapFpDisabled);
    if (eval_rcond(in.aux, c.r[in.rs1])) move_reg<Double>(c, in);
    no_exceptions(c);
    return next(c);
}

constexpr uint32_t kFp1 = op(2) | op3(0x34);
constexpr uint32_t kFp2 = op(2) | op3(0x35);
constexpr uint32_t kRs1Mask = 0x1fu << 14;

#define FP1(name, code, ops, fn)                                                                   \
    { name, kOpfMask, kFp1 | opf(code), ops, fn, nullptr }
#define FP1_NORS1(name, code, ops, fn)                                                             \
    { name, kOpfMask | kRs1Mask, kFp1 | opf(code), ops, fn, nullptr }

} // namespace

void add_fp_rows(std::vector<IsaRow>& rows) {
    const IsaRow table[] = {
        FP1_NORS1("fmovs", 0x001, "f2s,fds", (fmove<MoveKind::Mov, false>)),
        FP1_NORS1("fmovd", 0x002, "f2d,fdd", (fmove<MoveKind::Mov, true>)),
        FP1_NORS1("fmovq", 0x003, "f2q,fdq", fmoveq<MoveKind::Mov>),
        FP1_NORS1("fnegs", 0x005, "f2s,fds", (fmove<MoveKind::Neg, false>)),
        FP1_NORS1("fnegd", 0x006, "f2d,fdd", (fmove<MoveKind::Neg, true>)),
        FP1_NORS1("fnegq", 0x007, "f2q,fdq", fmoveq<MoveKind::Neg>),
        FP1_NORS1("fabss", 0x009, "f2s,fds", (fmove<MoveKind::Abs, false>)),
        FP1_NORS1("fabsd", 0x00a, "f2d,fdd", (fmove<MoveKind::Abs, true>)),
        FP1_NORS1("fabsq", 0x00b, "f2q,fdq", fmoveq<MoveKind::Abs>),
        FP1_NORS1("fsqrts", 0x029, "f2s,fds", fp_compute<FSqrt<float>>),
        FP1_NORS1("fsqrtd", 0x02a, "f2d,fdd", fp_compute<FSqrt<double>>),
        FP1("fadds", 0x041, "f1s,f2s,fds", fp_compute<FAdd<float>>),
        FP1("faddd", 0x042, "f1d,f2d,fdd", fp_compute<FAdd<double>>),
        FP1("fsubs", 0x045, "f1s,f2s,fds", fp_compute<FSub<float>>),
        FP1("fsubd", 0x046, "f1d,f2d,fdd", fp_compute<FSub<double>>),
        FP1("fmuls", 0x049, "f1s,f2s,fds", fp_compute<FMul<float>>),
        FP1("fmuld", 0x04a, "f1d,f2d,fdd", fp_compute<FMul<double>>),
        FP1("fdivs", 0x04d, "f1s,f2s,fds", fp_compute<FDiv<float>>),
        FP1("fdivd", 0x04e, "f1d,f2d,fdd", fp_compute<FDiv<double>>),
        FP1("fsmuld", 0x069, "f1s,f2s,fdd", fp_compute<FsMulD>),
        FP1_NORS1("fstox", 0x081, "f2s,fdd", (ftoint<float, int64_t>)),
        FP1_NORS1("fdtox", 0x082, "f2d,fdd", (ftoint<double, int64_t>)),
        FP1_NORS1("fxtos", 0x084, "f2d,fds", (fp_compute<Convert<int64_t, float>>)),
        FP1_NORS1("fxtod", 0x088, "f2d,fdd", (fp_compute<Convert<int64_t, double>>)),
        FP1_NORS1("fitos", 0x0c4, "f2s,fds", (fp_compute<Convert<int32_t, float>>)),
        FP1_NORS1("fdtos", 0x0c6, "f2d,fds", (fp_compute<Convert<double, float>>)),
        FP1_NORS1("fitod", 0x0c8, "f2s,fdd", (fp_compute<Convert<int32_t, double>>)),
        FP1_NORS1("fstod", 0x0c9, "f2s,fdd", (fp_compute<Convert<float, double>>)),
        FP1_NORS1("fstoi", 0x0d1, "f2s,fds", (ftoint<float, int32_t>)),
        FP1_NORS1("fdtoi", 0x0d2, "f2d,fds", (ftoint<double, int32_t>)),
        // FPop2. FCMP: bits 29:27 are zero and rd<1:0> is the fcc number.
        {"fcmps", kOpfMask | (7u << 27), kFp2 | opf(0x051), "fcc_rd,f1s,f2s", fcmp<float, false>,
         nullptr},
        {"fcmpd", kOpfMask | (7u << 27), kFp2 | opf(0x052), "fcc_rd,f1d,f2d", fcmp<double, false>,
         nullptr},
        {"fcmpq", kOpfMask | (7u << 27), kFp2 | opf(0x053), "fcc_rd,f1q,f2q", fcmp<Quad, false>,
         nullptr},
        {"fcmpes", kOpfMask | (7u << 27), kFp2 | opf(0x055), "fcc_rd,f1s,f2s", fcmp<float, true>,
         nullptr},
        {"fcmped", kOpfMask | (7u << 27), kFp2 | opf(0x056), "fcc_rd,f1d,f2d", fcmp<double, true>,
         nullptr},
        {"fcmpeq", kOpfMask | (7u << 27), kFp2 | opf(0x057), "fcc_rd,f1q,f2q", fcmp<Quad, true>,
         nullptr},
        // FMOVcc: bit 18 zero, opf_low (bits 10:5) 1 = single, 2 = double.
        {"fmovs", kOp3Mask | (1u << 18) | (0x3fu << 5), kFp2 | (1u << 5), "mcc,f2s,fds",
         fmovcc<false>, nullptr},
        {"fmovd", kOp3Mask | (1u << 18) | (0x3fu << 5), kFp2 | (2u << 5), "mcc,f2d,fdd",
         fmovcc<true>, nullptr},
        // FMOVr: bit 13 zero, opf_low (bits 9:5) 5 = single, 6 = double.
        {"fmovrs", kOp3Mask | (1u << 13) | (0x1fu << 5), kFp2 | (5u << 5), "r1,rc,f2s,fds",
         fmovr<false>, nullptr},
        {"fmovrd", kOp3Mask | (1u << 13) | (0x1fu << 5), kFp2 | (6u << 5), "r1,rc,f2d,fdd",
         fmovr<true>, nullptr},
    };
    rows.insert(rows.end(), std::begin(table), std::end(table));
}

} // namespace fireplane::sparc
