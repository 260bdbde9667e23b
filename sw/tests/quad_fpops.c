// Quad-precision FPops executed directly (the kernel emulates them on the real
// part) and through glibc's _Qp_* routines, including the fcmpq they use to
// raise exceptions on NaN comparisons.
#include <fenv.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "check.h"

static void print_quad(const char* what, long double v) {
    unsigned long long w[2];
    memcpy(w, &v, sizeof w);
    printf("%-10s %016llx %016llx  %.30Lg\n", what, w[0], w[1], v);
}

static long double faddq(long double a, long double b) {
    long double r;
    __asm__ volatile("faddq %1, %2, %0" : "=e"(r) : "e"(a), "e"(b));
    return r;
}
static long double fmulq(long double a, long double b) {
    long double r;
    __asm__ volatile("fmulq %1, %2, %0" : "=e"(r) : "e"(a), "e"(b));
    return r;
}
static long double fdivq(long double a, long double b) {
    long double r;
    __asm__ volatile("fdivq %1, %2, %0" : "=e"(r) : "e"(a), "e"(b));
    return r;
}
static long double fsqrtq(long double a) {
    long double r;
    __asm__ volatile("fsqrtq %1, %0" : "=e"(r) : "e"(a));
    return r;
}
static long double fdtoq(double a) {
    long double r;
    __asm__ volatile("fdtoq %1, %0" : "=e"(r) : "e"(a));
    return r;
}
static double fqtod(long double a) {
    double r;
    __asm__ volatile("fqtod %1, %0" : "=e"(r) : "e"(a));
    return r;
}
static int fcmpq(long double a, long double b) {
    int r;
    __asm__ volatile("fcmpq %%fcc0, %1, %2\n\t"
                     "mov 3, %0\n\t"
                     "fbu,a 1f\n\t nop\n\t"
                     "mov 2, %0\n\t"
                     "fbg,a 1f\n\t nop\n\t"
                     "mov 1, %0\n\t"
                     "fbl,a 1f\n\t nop\n\t"
                     "mov 0, %0\n"
                     "1:"
                     : "=&r"(r)
                     : "e"(a), "e"(b));
    return r;
}

int main(void) {
    volatile long double one = 1.0L, three = 3.0L, two = 2.0L;
    print_quad("1+3", faddq(one, three));
    print_quad("1/3", fdivq(one, three));
    print_quad("3*1/3", fmulq(three, fdivq(one, three)));
    print_quad("sqrt2", fsqrtq(two));
    print_quad("sqrt-1", fsqrtq(-one));
    print_quad("0.1d", fdtoq(0.1));
    printf("fqtod(1/3) %.17g\n", fqtod(fdivq(one, three)));
    printf("cmp 1,3=%d 3,1=%d 1,1=%d nan=%d\n", fcmpq(one, three), fcmpq(three, one),
           fcmpq(one, one), fcmpq(one, (long double)NAN));

    // glibc's soft-quad comparisons raise FE_INVALID with a real fcmpq.
    feclearexcept(FE_ALL_EXCEPT);
    volatile long double qnan = NAN;
    int lt = qnan < one;
    printf("qnan < 1: %d invalid=%d\n", lt, fetestexcept(FE_INVALID) != 0);
    feclearexcept(FE_ALL_EXCEPT);
    int eq = qnan == one;
    printf("qnan == 1: %d invalid=%d\n", eq, fetestexcept(FE_INVALID) != 0);
    CHECK(fcmpq(one, three) == 1);
    CHECK(fcmpq(one, (long double)NAN) == 3);
    return check_done();
}
