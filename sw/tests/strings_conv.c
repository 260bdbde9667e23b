// String conversions and formatting: strtol/strtoul/strtoll in many bases
// with overflow (errno ERANGE) and end-pointer positions, strtod/strtof on
// decimal, hex, special and boundary inputs (correct rounding needs big
// integer arithmetic), snprintf integer formats and sscanf, plus the str*
// helpers that tokenise and search.
#define _GNU_SOURCE // memrchr, strndup
#include "check.h"
#include <errno.h>
#include <float.h>
#include <inttypes.h>
#include <limits.h>
#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static void integers(void) {
    static const struct {
        const char* s;
        int base;
    } cases[] = {{"0", 10},
                 {"  -42xyz", 10},
                 {"+17", 0},
                 {"0x1F", 0},
                 {"0X1f", 16},
                 {"017", 0},
                 {"0b101", 0}, // glibc 2.36 without C2x: "0" then stops at 'b'
                 {"1010", 2},
                 {"zz", 36},
                 {"ZZ", 36},
                 {"9223372036854775807", 10},
                 {"9223372036854775808", 10},
                 {"-9223372036854775808", 10},
                 {"-9223372036854775809", 10},
                 {"18446744073709551615", 10},
                 {"18446744073709551616", 10},
                 {"-1", 10},
                 {"", 10},
                 {"   ", 10},
                 {"0x", 16},
                 {"7fffffffffffffff", 16},
                 {"- 5", 10},
                 {"123456789012345678901234567890", 10},
                 {"1e5", 10}};
    for (unsigned i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        char* end;
        errno = 0;
        long l = strtol(cases[i].s, &end, cases[i].base);
        int el = errno;
        long lend = end - cases[i].s;
        errno = 0;
        unsigned long ul = strtoul(cases[i].s, &end, cases[i].base);
        int eul = errno;
        errno = 0;
        long long ll = strtoll(cases[i].s, NULL, cases[i].base);
        printf("%-32s b%-2d l=%ld%s end=%ld ul=%lu%s ll=%lld\n", cases[i].s, cases[i].base, l,
               el == ERANGE ? "(ERANGE)" : "", lend, ul, eul == ERANGE ? "(ERANGE)" : "", ll);
    }
    errno = 0;
    CHECK(strtol("9223372036854775808", NULL, 10) == LONG_MAX && errno == ERANGE);
    errno = 0;
    CHECK(strtoul("-1", NULL, 10) == ULONG_MAX && errno == 0); // negation is defined
    CHECK(strtol("zz", NULL, 36) == 35 * 36 + 35);
    CHECK(atoi("  123abc") == 123 && atol("-77") == -77);
    intmax_t im = strtoimax("-0x8000000000000000", NULL, 16);
    CHECK(im == INTMAX_MIN);
}

static void floats(void) {
    static const char* inputs[] = {"0",
                                   "-0",
                                   "1",
                                   "0.1",
                                   "  3.14159abc",
                                   "1e308",
                                   "1.7976931348623157e308",
                                   "1.7976931348623159e308", // rounds up to inf: ERANGE
                                   "2e308",
                                   "4.9406564584124654e-324",
                                   "2.4703282292062327e-324", // exactly half the smallest denormal
                                   "2.4703282292062328e-324",
                                   "1e-400",
                                   "0x1.8p1",
                                   "0x1p-1074",
                                   "-0X1.FFFFFFFFFFFFFP+1023",
                                   "inf",
                                   "-Infinity",
                                   "nan",
                                   "NAN(123)",
                                   ".5",
                                   "5.",
                                   ".",
                                   "e5",
                                   "1e",
                                   "1e+",
                                   "9007199254740993", // 2^53+1: ties to even
                                   "9007199254740995",
                                   "0.30000000000000004440892098500626",
                                   "123456789012345678901234567890e-20",
                                   "0.000000000000000000000000000000000000000000001e45"};
    for (unsigned i = 0; i < sizeof(inputs) / sizeof(inputs[0]); i++) {
        char* end;
        errno = 0;
        double d = strtod(inputs[i], &end);
        int e = errno;
        float f = strtof(inputs[i], NULL);
        printf("%-36s -> %-24.17g %a end=%ld%s f=%.9g\n", inputs[i], d, d, (long)(end - inputs[i]),
               e == ERANGE ? " ERANGE" : "", (double)f);
    }
    errno = 0;
    CHECK(isinf(strtod("1e309", NULL)) && errno == ERANGE);
    CHECK(strtod("0x1p-1074", NULL) == 4.9406564584124654e-324);
    CHECK(strtod("9007199254740993", NULL) == 9007199254740992.0);
    CHECK(strtod("2.4703282292062327e-324", NULL) == 0.0);
    CHECK(strtod("2.4703282292062328e-324", NULL) == 4.9406564584124654e-324);
    char* end;
    strtod("1e+", &end);
    CHECK(*end == 'e');
    CHECK(strtof("3.4028235e38", NULL) == FLT_MAX);
}

static void formatting(void) {
    char buf[256];
    snprintf(buf, sizeof buf, "[%d|%5d|%-5d|%05d|%+d|% d|%x|%X|%#x|%o|%#o|%u|%ld|%lx|%hhd|%c]", 42,
             42, 42, -42, 42, 42, 255u, 255u, 255u, 8u, 8u, 4000000000u, LONG_MIN, ULONG_MAX >> 4,
             (signed char)-128, 'A');
    printf("%s\n", buf);
    CHECK(strcmp(buf,
                 "[42|   42|42   |-0042|+42| 42|ff|FF|0xff|10|010|4000000000|-9223372036854775808"
                 "|fffffffffffffff|-128|A]") == 0);
    snprintf(buf, sizeof buf, "[%.3s|%10.2s|%-8s|%s|%5c|%.0d|%.5d|%p]", "abcdef", "xyz", "hi", "",
             'z', 0, 42, (void*)0);
    printf("%s\n", buf);
    snprintf(buf, sizeof buf, "%" PRId64 " %" PRIu64 " %" PRIx32 " %jd %zd %td", INT64_MIN,
             UINT64_MAX, UINT32_MAX, INTMAX_MAX, (ssize_t)-1, (ptrdiff_t)-2);
    printf("%s\n", buf);
    int n1, n2;
    snprintf(buf, sizeof buf, "abc%ndef%n", &n1, &n2);
    CHECK(n1 == 3 && n2 == 6);
}

static void scanning(void) {
    int a, b, n;
    unsigned x;
    double d;
    char word[16], rest[32], c;
    long long big;
    int r =
        sscanf("  12 -7 0x1f 2.5e3 hello world!", "%d %d %x %lf %15s %n", &a, &b, &x, &d, word, &n);
    printf("sscanf r=%d a=%d b=%d x=%u d=%g word=%s n=%d\n", r, a, b, x, d, word, n);
    CHECK(r == 5 && a == 12 && b == -7 && x == 31 && d == 2500 && strcmp(word, "hello") == 0);
    r = sscanf("key=value;next", "%15[^=]=%31[^;];%c", word, rest, &c);
    printf("scanset r=%d '%s' '%s' '%c'\n", r, word, rest, c);
    CHECK(r == 3 && strcmp(rest, "value") == 0 && c == 'n');
    r = sscanf("10 20 30", "%*d %d %lld", &a, &big);
    CHECK(r == 2 && a == 20 && big == 30);
    r = sscanf("abc", "%d", &a);
    CHECK(r == 0);
    r = sscanf("", "%d", &a);
    CHECK(r == EOF);
    r = sscanf("2024-06-13T08:15:30", "%4d-%2d-%2dT%2d:%2d:%2d", &a, &b, &n, (int*)&x, &a, &b);
    CHECK(r == 6);
    r = sscanf("nan inf -0x1p4", "%lf %lf %lf", &d, &d, &d);
    CHECK(r == 3 && d == -16);
}

static void helpers(void) {
    char text[] = "alpha, beta;gamma  delta,,epsilon";
    char* save;
    int count = 0;
    printf("tokens:");
    for (char* t = strtok_r(text, ",; ", &save); t; t = strtok_r(NULL, ",; ", &save)) {
        printf(" <%s>", t);
        count++;
    }
    printf("\n");
    CHECK(count == 5);
    const char* hay = "the fireplane interconnect, fire and plane";
    CHECK(strstr(hay, "plane") == hay + 8);
    CHECK(strstr(hay, "planes") == NULL && strstr(hay, "") == hay);
    CHECK(strspn("abcabcxyz", "abc") == 6 && strcspn("hello, world", ",!") == 5);
    CHECK(strpbrk(hay, "xc") == hay + 19 && strpbrk(hay, "qz") == NULL);
    CHECK(strcasecmp("FirePlane", "fireplane") == 0 && strncasecmp("ABCx", "abcy", 3) == 0);
    char pad[8];
    memset(pad, 'Q', sizeof pad);
    strncpy(pad, "ab", sizeof pad); // pads the rest with NULs
    CHECK(pad[2] == 0 && pad[7] == 0);
    char cat[32] = "fire";
    strcat(cat, "plane");
    const char* volatile suffix = "-v1280-extra"; // volatile: truncation is the point
    strncat(cat, suffix, 6);
    printf("strcat: %s\n", cat);
    CHECK(strcmp(cat, "fireplane-v1280") == 0);
    char* dup = strndup(hay, 9);
    CHECK(strcmp(dup, "the firep") == 0);
    free(dup);
    CHECK(memchr(hay, 'i', 10) == hay + 5 &&
          memrchr(hay, 'e', strlen(hay)) == hay + strlen(hay) - 1);
}

int main(void) {
    integers();
    floats();
    formatting();
    scanning();
    helpers();
    return check_done();
}
