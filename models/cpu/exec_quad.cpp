// Quad-precision FPops (the compares are with the others in exec_fp.cpp). The UltraSPARC III does
// not implement them; the Linux kernel emulates them when they trap, and glibc's _Qp_* routines
// execute fcmpq to raise exceptions. Here they run directly on the host's binary128 support (libgcc
// soft-fp, which honours MXCSR's rounding mode and flags).
#include "fp_common.h"

#include <cmath>
#include <cstring>
#include <limits>

namespace fireplane::sparc {

namespace {

// fdmulq: the exact product of two doubles as a quad.
struct FdMulQ {
    using A = double;
    using R = Quad;
    static constexpr bool kBinary = true;
    static R f(A a, A b) { return Quad(a) * Quad(b); }
    static R nan(A a, A b) { return quad_convert_nan<Quad>(sparc_nan_result(a, b, true)); }
};

constexpr uint32_t kFp1 = op(2) | op3(0x34);
constexpr uint32_t kRs1Mask = 0x1fu << 14;

} // namespace

void add_quad_rows(std::vector<IsaRow>& rows) {
    const IsaRow table[] = {
        {"fsqrtq", kOpfMask | kRs1Mask, kFp1 | opf(0x02b), "f2q,fdq", fp_compute<FSqrt<Quad>>,
         nullptr},
        {"faddq", kOpfMask, kFp1 | opf(0x043), "f1q,f2q,fdq", fp_compute<FAdd<Quad>>, nullptr},
        {"fsubq", kOpfMask, kFp1 | opf(0x047), "f1q,f2q,fdq", fp_compute<FSub<Quad>>, nullptr},
        {"fmulq", kOpfMask, kFp1 | opf(0x04b), "f1q,f2q,fdq", fp_compute<FMul<Quad>>, nullptr},
        {"fdivq", kOpfMask, kFp1 | opf(0x04f), "f1q,f2q,fdq", fp_compute<FDiv<Quad>>, nullptr},
        {"fdmulq", kOpfMask, kFp1 | opf(0x06e), "f1d,f2d,fdq", fp_compute<FdMulQ>, nullptr},
        {"fqtox", kOpfMask | kRs1Mask, kFp1 | opf(0x083), "f2q,fdd", (ftoint<Quad, int64_t>),
         nullptr},
        {"fxtoq", kOpfMask | kRs1Mask, kFp1 | opf(0x08c), "f2d,fdq",
         (fp_compute<Convert<int64_t, Quad>>), nullptr},
        {"fqtos", kOpfMask | kRs1Mask, kFp1 | opf(0x0c7), "f2q,fds",
         (fp_compute<Convert<Quad, float>>), nullptr},
        {"fqtod", kOpfMask | kRs1Mask, kFp1 | opf(0x0cb), "f2q,fdd",
         (fp_compute<Convert<Quad, double>>), nullptr},
        {"fitoq", kOpfMask | kRs1Mask, kFp1 | opf(0x0cc), "f2s,fdq",
         (fp_compute<Convert<int32_t, Quad>>), nullptr},
        {"fstoq", kOpfMask | kRs1Mask, kFp1 | opf(0x0cd), "f2s,fdq",
         (fp_compute<Convert<float, Quad>>), nullptr},
        {"fdtoq", kOpfMask | kRs1Mask, kFp1 | opf(0x0ce), "f2d,fdq",
         (fp_compute<Convert<double, Quad>>), nullptr},
        {"fqtoi", kOpfMask | kRs1Mask, kFp1 | opf(0x0d3), "f2q,fds", (ftoint<Quad, int32_t>),
         nullptr},
    };
    rows.insert(rows.end(), std::begin(table), std::end(table));
}

} // namespace fireplane::sparc
