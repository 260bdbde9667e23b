// libm over a spread of arguments, printed with %.17g so every bit counts:
// glibc's implementations mix table lookups, FMA-free polynomial evaluation,
// integer manipulation of the float bits and special-case branches.
#include "check.h"
#include <float.h>
#include <math.h>
#include <stdio.h>

typedef double (*fn1)(double);
typedef double (*fn2)(double, double);

static const struct {
    const char* name;
    fn1 fn;
} unary[] = {{"sin", sin},       {"cos", cos},       {"tan", tan},     {"asin", asin},
             {"acos", acos},     {"atan", atan},     {"sinh", sinh},   {"cosh", cosh},
             {"tanh", tanh},     {"exp", exp},       {"exp2", exp2},   {"expm1", expm1},
             {"log", log},       {"log2", log2},     {"log10", log10}, {"log1p", log1p},
             {"sqrt", sqrt},     {"cbrt", cbrt},     {"floor", floor}, {"ceil", ceil},
             {"round", round},   {"trunc", trunc},   {"rint", rint},   {"erf", erf},
             {"lgamma", lgamma}, {"tgamma", tgamma}, {"fabs", fabs}};

static const struct {
    const char* name;
    fn2 fn;
} binary[] = {{"pow", pow},
              {"fmod", fmod},
              {"atan2", atan2},
              {"hypot", hypot},
              {"remainder", remainder},
              {"fmin", fmin},
              {"fmax", fmax},
              {"copysign", copysign},
              {"fdim", fdim},
              {"nextafter", nextafter}};

int main(void) {
    static const double args[] = {0.0,     -0.0, 0.5,    -0.5,  1.0,      -1.0,      2.5,   -2.5,
                                  3.0,     0.1,  1e-8,   10.0,  -10.0,    100.0,     710.0, 1e22,
                                  -1e-300, M_PI, M_PI_2, 1e300, INFINITY, -INFINITY, NAN};
    const int na = sizeof(args) / sizeof(args[0]);
    for (unsigned f = 0; f < sizeof(unary) / sizeof(unary[0]); f++) {
        printf("%s:", unary[f].name);
        for (int i = 0; i < na; i++)
            printf(" %.17g", unary[f].fn(args[i]));
        printf("\n");
    }
    static const double pairs[][2] = {{2, 10},        {2, 0.5},       {-8, 1.0 / 3}, {10, -2},
                                      {0, 0},         {-0.0, -1},     {1e10, 3},     {5.5, -2},
                                      {-7, 2},        {1, NAN},       {NAN, 0},      {M_E, M_PI},
                                      {1e300, 1e300}, {-1, INFINITY}, {3, 1e-310},   {0.7, 123.25}};
    for (unsigned f = 0; f < sizeof(binary) / sizeof(binary[0]); f++) {
        printf("%s:", binary[f].name);
        for (unsigned i = 0; i < sizeof(pairs) / sizeof(pairs[0]); i++)
            printf(" %.17g", binary[f].fn(pairs[i][0], pairs[i][1]));
        printf("\n");
    }

    // A sweep with many arguments folded into one sum per function, covering
    // the argument-reduction paths of sin/cos/exp/log.
    for (unsigned f = 0; f < 12; f++) {
        double acc = 0;
        for (int k = -400; k <= 400; k++) {
            double x = k * 0.173 + k * k * 1e-3;
            double y = unary[f].fn(f >= 3 && f <= 4 ? x / 1000 : (f >= 6 ? x / 10 : x));
            if (isfinite(y)) acc += y;
        }
        printf("sweep %s %.17g\n", unary[f].name, acc);
    }

    // Decomposition functions and the float versions.
    int e;
    double m = frexp(1234.5678, &e);
    double ip;
    double fp = modf(-12.375, &ip);
    printf("frexp %.17g %d ldexp %.17g modf %.17g %.17g ilogb %d logb %g scalbn %g\n", m, e,
           ldexp(m, e), ip, fp, ilogb(1e-310), logb(1e300), scalbn(1.5, -1074));
    printf("lround %ld %ld llrint %lld nearbyint %g remquo ", lround(2.5), lround(-2.5),
           llrint(-3.5), nearbyint(4.5));
    int q;
    double rq = remquo(29.0, 3.0, &q);
    printf("%g %d\n", rq, q & 7);
    printf("float: %.9g %.9g %.9g %.9g %.9g %.9g\n", sinf(1.0f), expf(10.0f), logf(3.0f),
           powf(1.5f, 7.5f), sqrtf(2.0f), atan2f(-1.0f, -1.0f));

    // Identities that hold to within a few ulp.
    CHECK(fabs(sin(M_PI / 6) - 0.5) < 1e-15);
    CHECK(exp(log(10.0)) - 10.0 < 1e-14);
    CHECK(pow(2, 10) == 1024 && fmod(-7, 2) == -1 && floor(-0.5) == -1 && ceil(-0.5) == 0);
    CHECK(round(2.5) == 3 && round(-2.5) == -3 && trunc(-2.7) == -2 && rint(2.5) == 2);
    CHECK(isnan(log(-1)) && isinf(log(0)) && hypot(3, 4) == 5);
    CHECK(e == 11 && ip == -12 && fp == -0.375 && q % 8 == (10 % 8));
    return check_done();
}
