// long double is IEEE quad on sparc64. gcc does not use the (unimplemented)
// quad FPU instructions but calls glibc's _Qp_add, _Qp_mul, _Qp_div,
// _Qp_sqrt, _Qp_cmp, _Qp_qtox, _Qp_xtoq, ... soft-float routines, which are
// long integer code with many carries and shifts, and pass quads by reference.
#include "check.h"
#include <float.h>
#include <inttypes.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void print_bits(const char* label, long double x) {
    uint64_t w[2];
    memcpy(w, &x, sizeof w); // big-endian: w[0] holds sign, exponent, high mantissa
    printf("%-14s %016" PRIx64 "%016" PRIx64 "  %.36Lg\n", label, w[0], w[1], x);
}

int main(void) {
    volatile long double one = 1.0L, three = 3.0L, ten = 10.0L, two = 2.0L;
    long double third = one / three;
    print_bits("1/3", third);
    print_bits("1/3*3", third * three);
    print_bits("sqrt(2)", sqrtl(two));
    print_bits("1/10", one / ten);
    print_bits("-(2^-16382)", -LDBL_MIN);
    print_bits("max", LDBL_MAX);
    print_bits("epsilon", LDBL_EPSILON);
    print_bits("denormal", LDBL_MIN / (ten * ten * ten));
    CHECK(sizeof(long double) == 16 && LDBL_MANT_DIG == 113);

    // %Lf, %Le, %Lg, %La at several precisions.
    volatile long double vals[] = {0.1L,  1.0L / 3, 3.14159265358979323846264338327950288L, 1e4000L,
                                   -2.5L, 1e-4000L, 123456789012345678901234567890.0L};
    for (unsigned i = 0; i < sizeof(vals) / sizeof(vals[0]); i++)
        printf("%.10Lf | %.30Le | %Lg | %.35Lg | %La\n", vals[i], vals[i], vals[i], vals[i],
               vals[i]);
    printf("%Lf %Lf %.40Lf\n", (long double)INFINITY, (long double)-NAN, one / three);

    // Exact integer range: 113 bits of mantissa hold any 64-bit integer.
    volatile int64_t big = INT64_MAX, small = INT64_MIN;
    volatile uint64_t ubig = UINT64_MAX;
    long double lb = big, ls = small, lu = ubig;
    CHECK((int64_t)lb == INT64_MAX && (int64_t)ls == INT64_MIN && (uint64_t)lu == UINT64_MAX);
    CHECK(lb + 1 == 9223372036854775808.0L);
    long double prod = lu * lu; // (2^64-1)^2 needs 128 bits: rounded, but close
    printf("(2^64-1)^2 ~ %.40Lg\n", prod);
    // Conversions from and to double and float.
    volatile double d = 0.1;
    long double ld = d;
    CHECK(ld != 0.1L && (double)ld == d);
    volatile float f = 1.1f;
    CHECK((float)(long double)f == f);
    printf("(double)(1/3 L) = %.17g, (float) = %.9g, (int) 1e3/7 = %d\n", (double)third,
           (double)(float)third, (int)(1000.0L / 7));

    // A series: e = sum 1/k! in quad, and a harmonic sum.
    long double e = 0, term = 1;
    for (int k = 0; k < 40; k++) {
        e += term;
        term /= (k + 1);
    }
    print_bits("e", e);
    long double h = 0;
    for (int k = 1; k <= 5000; k++)
        h += 1.0L / k;
    printf("H(5000) = %.33Lf\n", h);
    CHECK(fabsl(e - 2.71828182845904523536028747135266250L) < 1e-32L);

    // Comparisons, including NaN (via _Qp_cmp / _Qp_feq and friends).
    volatile long double nan = NAN, a = 1.5L, b = 1.5L + LDBL_EPSILON;
    printf("cmp: %d %d %d %d %d %d | nan: %d %d %d %d\n", a<b, a <= b, a> b, a >= b, a == b, a != b,
           nan<a, nan == nan, nan != nan, a> nan);
    CHECK(a < b && a != b && !(nan == nan) && nan != nan);

    // strtold and libm in quad.
    long double parsed = strtold("2.718281828459045235360287471352662497757", NULL);
    print_bits("strtold(e)", parsed);
    CHECK(fabsl(parsed - e) < 1e-32L);
    print_bits("expl(1)", expl(1.0L));
    print_bits("logl(10)", logl(ten));
    print_bits("powl(2,0.5)", powl(two, 0.5L));
    print_bits("sinl(1)", sinl(one));
    print_bits("fmodl", fmodl(1e30L, 7.0L));
    print_bits("floorl", floorl(-2.5L));
    return check_done();
}
