// Floating-point environment: the rounding direction (FSR.RD) changes the
// results of arithmetic, conversions via rint and printf; the accrued
// exception bits (FSR.aexc) must be set by exactly the operations that raise
// them. Built with -frounding-math, and every operand is volatile so gcc
// evaluates at run time after each fesetround.
#include "check.h"
#include <fenv.h>
#include <float.h>
#include <inttypes.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

static const struct {
    int mode;
    const char* name;
} modes[] = {{FE_TONEAREST, "nearest"},
             {FE_UPWARD, "upward"},
             {FE_DOWNWARD, "downward"},
             {FE_TOWARDZERO, "towardzero"}};

static uint64_t dbits(double d) {
    uint64_t u;
    memcpy(&u, &d, sizeof u);
    return u;
}

static void flags(const char* what) {
    int e = fetestexcept(FE_ALL_EXCEPT);
    printf("%-22s:%s%s%s%s%s%s\n", what, e & FE_INVALID ? " invalid" : "",
           e & FE_DIVBYZERO ? " divbyzero" : "", e & FE_OVERFLOW ? " overflow" : "",
           e & FE_UNDERFLOW ? " underflow" : "", e & FE_INEXACT ? " inexact" : "",
           e ? "" : " none");
}

int main(void) {
    volatile double one = 1.0, three = 3.0, ten = 10.0, neg = -1.0, big = DBL_MAX, tiny = DBL_MIN,
                    zero = 0.0, two = 2.0;
    volatile float fone = 1.0f, fthree = 3.0f;
    volatile double halves[] = {0.5, 1.5, 2.5, -0.5, -1.5, -2.5, 2.4, -2.6};

    for (unsigned m = 0; m < 4; m++) {
        CHECK(fesetround(modes[m].mode) == 0);
        CHECK(fegetround() == modes[m].mode);
        double third = one / three, nthird = neg / three;
        float fthird = fone / fthree;
        double s = sqrt(two);
        printf("%-10s 1/3=%016" PRIx64 " -1/3=%016" PRIx64 " f1/3=%a sqrt2=%016" PRIx64 "\n",
               modes[m].name, dbits(third), dbits(nthird), (double)fthird, dbits(s));
        printf("%-10s 1/3*3=%.17g 0.1+0.2=%.17g big*2=%g -big*2=%g\n", modes[m].name, third * three,
               0.1 / ten * ten + 0.2, big * two, -big * two);
        printf("%-10s rint:", modes[m].name);
        for (unsigned i = 0; i < 8; i++)
            printf(" %g/%ld", rint(halves[i]), lrint(halves[i]));
        // Plain casts always truncate, whatever the mode.
        printf(" cast %d %d", (int)halves[2], (int)halves[7]);
        printf(" nearbyint %g", nearbyint(halves[1]));
        // printf rounds decimal output in the current mode.
        printf(" printf %.2f %.0f %.1e\n", 2.675, halves[0], -1.05);
    }
    fesetround(FE_TONEAREST);

    // Directed rounding brackets the true value.
    fesetround(FE_DOWNWARD);
    double lo = one / ten;
    fesetround(FE_UPWARD);
    double hi = one / ten;
    fesetround(FE_TONEAREST);
    CHECK(lo < hi && nextafter(lo, 1.0) == hi);
    CHECK(lo == 0.1 || hi == 0.1);

    // Exception flags, one operation at a time.
    feclearexcept(FE_ALL_EXCEPT);
    flags("after clear");
    volatile double r;
    r = one + one;
    flags("1+1 (exact)");
    CHECK(fetestexcept(FE_ALL_EXCEPT) == 0);
    r = one / three;
    flags("1/3");
    CHECK(fetestexcept(FE_ALL_EXCEPT) == FE_INEXACT);
    feclearexcept(FE_ALL_EXCEPT);
    r = one / zero;
    flags("1/0");
    CHECK(fetestexcept(FE_ALL_EXCEPT) == FE_DIVBYZERO && isinf(r));
    feclearexcept(FE_ALL_EXCEPT);
    r = zero / zero;
    flags("0/0");
    CHECK(fetestexcept(FE_ALL_EXCEPT) == FE_INVALID && isnan(r));
    feclearexcept(FE_ALL_EXCEPT);
    r = big * two;
    flags("max*2");
    CHECK(fetestexcept(FE_OVERFLOW | FE_INEXACT) == (FE_OVERFLOW | FE_INEXACT));
    feclearexcept(FE_ALL_EXCEPT);
    r = tiny / three;
    flags("min/3");
    CHECK(fetestexcept(FE_UNDERFLOW | FE_INEXACT) == (FE_UNDERFLOW | FE_INEXACT));
    feclearexcept(FE_ALL_EXCEPT);
    r = sqrt(neg);
    flags("sqrt(-1)");
    CHECK(fetestexcept(FE_INVALID) && isnan(r));
    feclearexcept(FE_ALL_EXCEPT);
    volatile double nan = NAN;
    volatile int lt = nan < one; // ordered compare of a quiet NaN signals
    flags("nan < 1");
    CHECK(lt == 0 && fetestexcept(FE_INVALID));
    feclearexcept(FE_ALL_EXCEPT);
    volatile int eq = nan == one; // equality is a quiet compare
    flags("nan == 1");
    CHECK(eq == 0 && fetestexcept(FE_ALL_EXCEPT) == 0);
    feclearexcept(FE_ALL_EXCEPT);
    volatile float f = (float)big;
    flags("(float)DBL_MAX");
    CHECK(isinf(f) && fetestexcept(FE_OVERFLOW));
    feclearexcept(FE_ALL_EXCEPT);
    volatile double huge = 1e30;
    volatile long l = lrint(huge); // unrepresentable: invalid, unspecified value
    (void)l;
    flags("lrint(1e30)");
    CHECK(fetestexcept(FE_INVALID));

    // Raise and save/restore the environment.
    feclearexcept(FE_ALL_EXCEPT);
    feraiseexcept(FE_OVERFLOW | FE_DIVBYZERO);
    flags("feraiseexcept");
    fenv_t env;
    fegetenv(&env);
    feclearexcept(FE_ALL_EXCEPT);
    fesetround(FE_UPWARD);
    fesetenv(&env);
    flags("fesetenv");
    // Raising overflow may also raise inexact (C11 F.8.6), so ignore that bit.
    CHECK(fegetround() == FE_TONEAREST &&
          fetestexcept(FE_ALL_EXCEPT & ~FE_INEXACT) == (FE_OVERFLOW | FE_DIVBYZERO));
    fexcept_t saved;
    fegetexceptflag(&saved, FE_ALL_EXCEPT);
    feclearexcept(FE_ALL_EXCEPT);
    fesetexceptflag(&saved, FE_DIVBYZERO);
    flags("fesetexceptflag");
    CHECK(fetestexcept(FE_ALL_EXCEPT) == FE_DIVBYZERO);
    (void)r;
    return check_done();
}
