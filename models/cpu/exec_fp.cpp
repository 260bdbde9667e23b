// Floating-point operates (FPop1/FPop2): arithmetic, conversions, compares and
// moves, single and double. IEEE results come from the host's SSE unit under
// the guest's rounding mode; exceptions are read back from MXCSR into FSR, and
// NaN results are rewritten to SPARC's rules (x86 differs in default NaN and
// in which operand propagates).
#include "fp_common.h"

#include <type_traits>

namespace fireplane::sparc {

namespace {

// ---- operations whose exceptions are decided in software ----

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
    if (!known_exceptions(c, exc)) return false;
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
        c.set_fd(in.rd, v);
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
    c.set_fd(in.rd, hi);
    c.set_fd(in.rd + 1, lo);
    no_exceptions(c);
    return next(c);
}

template <bool Double> void move_reg(SparcCore& c, const Insn& in) {
    if (Double)
        c.set_fd(in.rd, c.f[in.rs2]);
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

#define FP1(name, code, ops, fn, ...)                                                              \
    { name, kOpfMask, kFp1 | opf(code), ops, fn, nullptr, 0, __VA_ARGS__ }
#define FP1_NORS1(name, code, ops, fn, ...)                                                        \
    { name, kOpfMask | kRs1Mask, kFp1 | opf(code), ops, fn, nullptr, 0, __VA_ARGS__ }

} // namespace

void add_fp_rows(std::vector<IsaRow>& rows) {
    const IsaRow table[] = {
        FP1_NORS1("fmovs", 0x001, "f2s,fds", (fmove<MoveKind::Mov, false>)),
        FP1_NORS1("fmovd", 0x002, "f2d,fdd", (fmove<MoveKind::Mov, true>), NativeOp::FMovD),
        FP1_NORS1("fmovq", 0x003, "f2q,fdq", fmoveq<MoveKind::Mov>),
        FP1_NORS1("fnegs", 0x005, "f2s,fds", (fmove<MoveKind::Neg, false>)),
        FP1_NORS1("fnegd", 0x006, "f2d,fdd", (fmove<MoveKind::Neg, true>), NativeOp::FNegD),
        FP1_NORS1("fnegq", 0x007, "f2q,fdq", fmoveq<MoveKind::Neg>),
        FP1_NORS1("fabss", 0x009, "f2s,fds", (fmove<MoveKind::Abs, false>)),
        FP1_NORS1("fabsd", 0x00a, "f2d,fdd", (fmove<MoveKind::Abs, true>), NativeOp::FAbsD),
        FP1_NORS1("fabsq", 0x00b, "f2q,fdq", fmoveq<MoveKind::Abs>),
        FP1_NORS1("fsqrts", 0x029, "f2s,fds", fp_compute<FSqrt<float>>, NativeOp::FSqrtS),
        FP1_NORS1("fsqrtd", 0x02a, "f2d,fdd", fp_compute<FSqrt<double>>, NativeOp::FSqrtD),
        FP1("fadds", 0x041, "f1s,f2s,fds", fp_compute<FAdd<float>>, NativeOp::FAddS),
        FP1("faddd", 0x042, "f1d,f2d,fdd", fp_compute<FAdd<double>>, NativeOp::FAddD),
        FP1("fsubs", 0x045, "f1s,f2s,fds", fp_compute<FSub<float>>, NativeOp::FSubS),
        FP1("fsubd", 0x046, "f1d,f2d,fdd", fp_compute<FSub<double>>, NativeOp::FSubD),
        FP1("fmuls", 0x049, "f1s,f2s,fds", fp_compute<FMul<float>>, NativeOp::FMulS),
        FP1("fmuld", 0x04a, "f1d,f2d,fdd", fp_compute<FMul<double>>, NativeOp::FMulD),
        FP1("fdivs", 0x04d, "f1s,f2s,fds", fp_compute<FDiv<float>>, NativeOp::FDivS),
        FP1("fdivd", 0x04e, "f1d,f2d,fdd", fp_compute<FDiv<double>>, NativeOp::FDivD),
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
         nullptr, 0, NativeOp::FCmpS},
        {"fcmpd", kOpfMask | (7u << 27), kFp2 | opf(0x052), "fcc_rd,f1d,f2d", fcmp<double, false>,
         nullptr, 0, NativeOp::FCmpD},
        {"fcmpq", kOpfMask | (7u << 27), kFp2 | opf(0x053), "fcc_rd,f1q,f2q", fcmp<Quad, false>,
         nullptr},
        {"fcmpes", kOpfMask | (7u << 27), kFp2 | opf(0x055), "fcc_rd,f1s,f2s", fcmp<float, true>,
         nullptr, 0, NativeOp::FCmpS},
        {"fcmped", kOpfMask | (7u << 27), kFp2 | opf(0x056), "fcc_rd,f1d,f2d", fcmp<double, true>,
         nullptr, 0, NativeOp::FCmpD},
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
