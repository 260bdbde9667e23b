// printf of doubles: glibc converts with multi-precision integer code
// (mpn_* with umul/udivx-heavy loops) and reads the rounding mode, so every
// format, precision and special value here is a long integer workout too.
#include "check.h"
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

static const char* formats[] = {"%f",     "%.0f",     "%.3f", "%.20f", "%e",      "%.0e", "%.15e",
                                "%g",     "%.17g",    "%.3g", "%#g",   "%a",      "%.3a", "%A",
                                "%12.4f", "%-12.3e|", "%+g",  "% .2f", "%010.3f", "%#.0f"};
#define NFORMATS (sizeof(formats) / sizeof(formats[0]))

int main(void) {
    volatile double values[] = {0.0,
                                -0.0,
                                1.0,
                                -1.0,
                                0.1,
                                1.0 / 3.0,
                                2.0 / 3.0,
                                123456789.125,
                                1e21,
                                1e22,
                                1e-5,
                                9.999999999999999e22,
                                0.5,
                                1.5,
                                2.5,
                                -2.5,
                                1e300,
                                DBL_MAX,
                                DBL_MIN,
                                DBL_EPSILON,
                                4.9406564584124654e-324, // smallest denormal
                                2.2250738585072009e-308, // largest denormal
                                M_PI,
                                -M_E,
                                INFINITY,
                                -INFINITY,
                                NAN,
                                -NAN,
                                0.125,
                                1e-300,
                                65536.0 * 65536.0 * 65536.0,
                                0.000123456};
    const int nv = sizeof(values) / sizeof(values[0]);
    for (int i = 0; i < nv; i++) {
        printf("[%2d]", i);
        for (unsigned f = 0; f < NFORMATS; f++) {
            char buf[512];
            snprintf(buf, sizeof buf, formats[f], values[i]);
            printf(" %s", buf);
        }
        printf("\n");
    }

    // Floats are promoted to double through varargs.
    volatile float fl[] = {1.1f, FLT_MAX, FLT_MIN, 1e-45f, 3.4028234e38f, -0.3f, 16777217.0f};
    for (int i = 0; i < 7; i++)
        printf("float %.9g %a %e\n", fl[i], fl[i], fl[i]);

    // Width and precision from arguments.
    for (int w = 0; w < 12; w += 3)
        for (int p = 0; p < 10; p += 4)
            printf("[%*.*f]", w, p, -M_PI * 1000);
    printf("\n");

    // %f of a huge value prints every digit of the exact binary value.
    char big[400];
    int n = snprintf(big, sizeof big, "%.0f", 1e300);
    printf("1e300 has %d digits, starts %.20s\n", n, big);
    static const char exact[] =
        "100000000000000005250476025520442024870446858110815915491585411551180245798890819578637137"
        "508044786404370444383288387817694252323536043057564479218478670698284838720092657580373783"
        "023379478809005936895323497079994508111903896764088007465274278014249457925878882005684283"
        "8115669472196386865459400540160";
    CHECK(n == 301 && strcmp(big, exact) == 0);

    // Rounding of ties: glibc rounds the exact binary value, ties to even.
    char r[64];
    snprintf(r, sizeof r, "%.0f %.0f %.0f %.0f %.1f %.2f", 0.5, 1.5, 2.5, 3.5, 0.25, 1.005);
    printf("ties: %s\n", r);
    CHECK(strcmp(r, "0 2 2 4 0.2 1.00") == 0);

    // A round trip through %.17g is exact.
    volatile double x = 0.1;
    for (int i = 0; i < 40; i++) {
        char b[40];
        snprintf(b, sizeof b, "%.17g", x);
        double back;
        sscanf(b, "%lf", &back);
        CHECK(back == x);
        x = x * 3.7 + 1e-3;
    }
    snprintf(r, sizeof r, "%g %g %g", (double)NAN, (double)-INFINITY, -0.0);
    printf("specials: %s\n", r);
    CHECK(strcmp(r, "nan -inf -0") == 0);
    return check_done();
}
