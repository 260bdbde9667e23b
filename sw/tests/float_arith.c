// Float and double arithmetic as the FPU sees it: add/sub/mul/div/sqrt in
// both precisions (results printed as raw bits so any rounding slip shows),
// every int<->float<->double conversion instruction with out-of-range inputs
// filtered out first (those are UB in C), and comparisons involving NaN,
// which exercise the unordered fcc outcomes and fbfcc/fmovcc.
#include "check.h"
#include <float.h>
#include <inttypes.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

static uint64_t dbits(double d) {
    uint64_t u;
    memcpy(&u, &d, sizeof u);
    return u;
}
static uint32_t fbits(float f) {
    uint32_t u;
    memcpy(&u, &f, sizeof u);
    return u;
}

static volatile double dv[] = {0.0,
                               -0.0,
                               1.0,
                               -1.0,
                               0.1,
                               3.0,
                               1e308,
                               -1e-308,
                               5e-324,
                               1e16,
                               2.5,
                               -2.5,
                               0.49999999999999994,
                               4503599627370497.0,
                               9007199254740993.0,
                               1.0 / 3.0,
                               1e-10,
                               -7.75};
#define ND (int)(sizeof(dv) / sizeof(dv[0]))

static void arithmetic(void) {
    uint64_t h = FNV64_INIT;
    for (int i = 0; i < ND; i++)
        for (int j = 0; j < ND; j++) {
            double a = dv[i], b = dv[j];
            uint64_t r[4] = {dbits(a + b), dbits(a - b), dbits(a * b), dbits(b != 0 ? a / b : a)};
            float fa = (float)a, fb = (float)b;
            uint32_t fr[4] = {fbits(fa + fb), fbits(fa - fb), fbits(fa * fb),
                              fbits(fb != 0 ? fa / fb : fa)};
            h = fnv1a64(r, sizeof r, h);
            h = fnv1a64(fr, sizeof fr, h);
        }
    printf("arith checksum %016" PRIx64 "\n", h);

    for (int i = 0; i < ND; i++) {
        double a = fabs(dv[i]);
        printf("sqrt(%.17g) = %.17g [%016" PRIx64 "] f %.9g\n", a, sqrt(a), dbits(sqrt(a)),
               (double)sqrtf((float)a));
    }
    volatile double two = 2.0;
    CHECK(sqrt(two) * sqrt(two) != 2.0); // famous: the product is 2.0000000000000004
    CHECK(dbits(sqrt(two)) == 0x3ff6a09e667f3bcdULL);
    volatile double tenth = 0.1, fifth = 0.2;
    CHECK(tenth + fifth != 0.3 && dbits(tenth + fifth) == 0x3fd3333333333334ULL);
    volatile float ft = 0.1f;
    CHECK(fbits(ft * 3.0f) == 0x3e99999a);
    // Catastrophic cancellation and exact operations.
    volatile double big = 1e16;
    CHECK(big + 1.0 - big == 0.0);
    CHECK(big + 2.0 - big == 2.0);
    // fma is exactly rounded once.
    volatile double x = 1.0 + DBL_EPSILON, y = 1.0 - DBL_EPSILON;
    printf("fma residual %a, plain %a\n", fma(x, y, -1.0), x * y - 1.0);
    CHECK(fma(x, y, -1.0) == -DBL_EPSILON * DBL_EPSILON);
    // Negation and absolute value only touch the sign bit, also of NaN.
    volatile double nan = NAN;
    CHECK(dbits(-nan) == (dbits(nan) ^ 0x8000000000000000ULL));
    CHECK(dbits(fabs(-0.0)) == 0);
    CHECK(signbit(copysign(3.0, -0.0)));
}

// Conversions, with the unrepresentable cases filtered out as careful code must.
static void conversions(void) {
    volatile double in[] = {0.0,
                            -0.0,
                            0.9,
                            -0.9,
                            1.5,
                            -1.5,
                            2.5,
                            -2.5,
                            2147483647.0,
                            -2147483648.0,
                            2147483648.0,
                            -2147483649.0,
                            4294967295.0,
                            4294967296.0,
                            9.2233720368547748e18,
                            -9.2233720368547758e18,
                            1.8446744073709550e19,
                            1e19,
                            123456789.987,
                            NAN,
                            INFINITY,
                            -1e300};
    for (unsigned i = 0; i < sizeof(in) / sizeof(in[0]); i++) {
        double d = in[i];
        printf("%-24.17g", d);
        if (d > -2147483649.0 && d < 2147483648.0)
            printf(" i32 %11" PRId32, (int32_t)d);
        else
            printf(" i32 %11s", "-");
        if (d > -1.0 && d < 4294967296.0)
            printf(" u32 %10" PRIu32, (uint32_t)d);
        else
            printf(" u32 %10s", "-");
        if (d >= -9223372036854775808.0 && d < 9223372036854775808.0)
            printf(" i64 %20" PRId64, (int64_t)d);
        else
            printf(" i64 %20s", "-");
        if (d > -1.0 && d < 18446744073709551616.0)
            printf(" u64 %20" PRIu64, (uint64_t)d);
        else
            printf(" u64 %20s", "-");
        float f = (float)d; // double->float is defined (rounds, or gives inf)
        printf(" f %08" PRIx32 "\n", fbits(f));
    }
    volatile int64_t ints[] = {
        0,         1,         -1,        16777217,         -16777217, 9007199254740993LL,
        INT64_MAX, INT64_MIN, INT32_MIN, 123456789012345LL};
    for (unsigned i = 0; i < sizeof(ints) / sizeof(ints[0]); i++) {
        int64_t v = ints[i];
        printf("%20" PRId64 " -> d %016" PRIx64 " f %08" PRIx32 " (i32->d %016" PRIx64
               ") (u64->d %016" PRIx64 ") (u64->f %08" PRIx32 ")\n",
               v, dbits((double)v), fbits((float)v), dbits((double)(int32_t)v),
               dbits((double)(uint64_t)v), fbits((float)(uint64_t)v));
    }
    volatile uint64_t u = 0xffffffffffffffffULL;
    CHECK((double)u == 18446744073709551616.0);
    volatile double d = 1e19;
    CHECK((uint64_t)d == 10000000000000000000ULL);
    volatile float fl = 16777217.0f; // rounds to 16777216
    CHECK((int32_t)fl == 16777216);
    CHECK((double)(float)0.1 == 0.100000001490116119384765625);
    volatile int32_t neg = -7;
    CHECK((double)neg / 2 == -3.5 && (int32_t)(neg / 2.0) == -3);
}

// Comparisons: with NaN every ordered relation is false and != is true.
__attribute__((noinline)) static unsigned rel(double a, double b) {
    unsigned m = 0;
    if (a < b) m |= 1;
    if (a <= b) m |= 2;
    if (a > b) m |= 4;
    if (a >= b) m |= 8;
    if (a == b) m |= 16;
    if (a != b) m |= 32;
    if (isless(a, b)) m |= 64; // the quiet (non-signalling) forms
    if (isunordered(a, b)) m |= 128;
    if (islessgreater(a, b)) m |= 256;
    return m;
}
__attribute__((noinline)) static unsigned relf(float a, float b) {
    return (a < b) | (a <= b) << 1 | (a > b) << 2 | (a >= b) << 3 | (a == b) << 4 | (a != b) << 5;
}
__attribute__((noinline)) static double fsel(double a, double b, double x, double y) {
    return (a < b ? x : y) + (a == b ? x : -y) + (a >= b ? 2 * x : 0); // fmovdcc candidates
}

static void comparisons(void) {
    volatile double cv[] = {NAN, -NAN, INFINITY, -INFINITY, 0.0, -0.0, 1.0, DBL_MIN, 5e-324};
    const int n = sizeof(cv) / sizeof(cv[0]);
    for (int i = 0; i < n; i++) {
        printf("%-5g:", cv[i]);
        for (int j = 0; j < n; j++)
            printf(" %03x/%02x", rel(cv[i], cv[j]), relf((float)cv[i], (float)cv[j]));
        printf(" | sel %g\n", fsel(cv[i], 1.0, 2.0, 3.0));
    }
    volatile double nan = NAN, zero = 0.0, nzero = -0.0;
    CHECK(rel(nan, nan) == (32 | 128));
    CHECK(rel(nan, 1.0) == (32 | 128));
    CHECK(rel(zero, nzero) == (2 | 8 | 16));
    CHECK(rel(-INFINITY, INFINITY) == (1 | 2 | 32 | 64 | 256));
    CHECK(isnan(nan) && !isnan(zero) && isinf(1 / zero) && 1 / nzero < 0);
    CHECK(fpclassify(5e-324) == FP_SUBNORMAL && fpclassify(nzero) == FP_ZERO);
}

int main(void) {
    arithmetic();
    conversions();
    comparisons();
    return check_done();
}
