// The SPARC V9 calling convention, case by case. Structs up to 32 bytes
// travel in registers, split between %o and %f registers by field type
// (floats right-justified in odd %f registers); larger ones go by
// reference to a caller-made copy; large results come back through a
// hidden pointer. Prototyped float/double arguments use %f0-%f31 and
// then the stack, and long double takes an aligned quad register.
#include "check.h"
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

// Every struct kind gets three noinline functions: make (returned by value),
// digest (passed by value, twice, with another argument after) and twist
// (passed and returned by value). digest must equal a hash of the bytes the
// caller had, so any register/stack mix-up is detected. No struct has
// padding: its bytes would be unspecified and could differ between runs.
#define NOINL __attribute__((noinline, noclone))

#define STRUCT_TESTS(T, FILL)                                                                      \
    NOINL static T make_##T(int seed) {                                                            \
        T v;                                                                                       \
        memset(&v, 0, sizeof v);                                                                   \
        FILL;                                                                                      \
        return v;                                                                                  \
    }                                                                                              \
    NOINL static uint64_t digest_##T(T a, T b, int k) {                                            \
        return fnv1a64(&a, sizeof a, FNV64_INIT) * 3 + fnv1a64(&b, sizeof b, FNV64_INIT) + k;      \
    }                                                                                              \
    NOINL static T twist_##T(T a) {                                                                \
        unsigned char* p = (unsigned char*)&a;                                                     \
        for (size_t i = 0; i < sizeof a; i++)                                                      \
            p[i] = (unsigned char)(p[i] * 5 + 1);                                                  \
        return a;                                                                                  \
    }                                                                                              \
    static uint64_t run_##T(void) {                                                                \
        T x = make_##T(3), y = make_##T(11);                                                       \
        uint64_t d = digest_##T(x, y, 7);                                                          \
        CHECK(d == fnv1a64(&x, sizeof x, FNV64_INIT) * 3 + fnv1a64(&y, sizeof y, FNV64_INIT) + 7); \
        T z = twist_##T(x);                                                                        \
        unsigned char want[sizeof x];                                                              \
        memcpy(want, &x, sizeof x);                                                                \
        for (size_t i = 0; i < sizeof x; i++)                                                      \
            want[i] = (unsigned char)(want[i] * 5 + 1);                                            \
        CHECK(memcmp(&z, want, sizeof z) == 0);                                                    \
        printf("%-8s size %2zu digest %016" PRIx64 " twist %016" PRIx64 "\n", #T, sizeof(T), d,    \
               fnv1a64(&z, sizeof z, FNV64_INIT));                                                 \
        return d;                                                                                  \
    }

typedef struct {
    char c;
} s1;
typedef struct {
    char c[3];
} s3;
typedef struct {
    short a;
    char b, c;
} s4;
typedef struct {
    int a;
    char b[4];
} s8;
typedef struct {
    int a, b, c;
} s12;
typedef struct {
    long a, b;
} s16;
typedef struct {
    char c[20];
} s20;
typedef struct {
    long a[4];
} s32;
typedef struct {
    char c[33];
} s33;
typedef struct {
    long a[6];
} s48;
typedef struct {
    float f;
} f1;
typedef struct {
    float f, g;
} f2;
typedef struct {
    float f[3];
} f3;
typedef struct {
    double d;
} d1;
typedef struct {
    double d, e;
} d2;
typedef struct {
    double d[4];
} d4;
typedef struct {
    double d[5];
} d5;
typedef struct {
    int i;
    float f;
} i_f;
typedef struct {
    float f;
    int i;
} f_i;
typedef struct {
    double d;
    long l;
} d_l;
typedef struct {
    char c, pad[7];
    double d;
    float f, g;
} c_d_f;
typedef struct {
    long double q;
} q1;
typedef struct {
    float f, f2;
    double d;
    short s, t;
    float g;
} mix;
typedef union {
    double d;
    long l;
    char c[8];
} u8;

STRUCT_TESTS(s1, v.c = (char)seed)
STRUCT_TESTS(s3, for (int i = 0; i < 3; i++) v.c[i] = (char)(seed + i))
STRUCT_TESTS(s4, (v.a = (short)(seed * 1000), v.b = (char)-seed, v.c = 'c'))
STRUCT_TESTS(s8, (v.a = -seed * 99999, memcpy(v.b, "xyz", 4)))
STRUCT_TESTS(s12, (v.a = seed, v.b = seed * seed, v.c = -seed))
STRUCT_TESTS(s16, (v.a = seed * 0x100000001L, v.b = ~(long)seed))
STRUCT_TESTS(s20, for (int i = 0; i < 20; i++) v.c[i] = (char)(seed * i))
STRUCT_TESTS(s32, for (int i = 0; i < 4; i++) v.a[i] = (long)seed << (i * 13))
STRUCT_TESTS(s33, for (int i = 0; i < 33; i++) v.c[i] = (char)(seed ^ i))
STRUCT_TESTS(s48, for (int i = 0; i < 6; i++) v.a[i] = seed * 7L + i)
STRUCT_TESTS(f1, v.f = (float)seed / 3)
STRUCT_TESTS(f2, (v.f = (float)seed / 3, v.g = -(float)seed))
STRUCT_TESTS(f3, for (int i = 0; i < 3; i++) v.f[i] = (float)(seed + i) * 0.5f)
STRUCT_TESTS(d1, v.d = seed / 7.0)
STRUCT_TESTS(d2, (v.d = seed / 7.0, v.e = seed * 1e100))
STRUCT_TESTS(d4, for (int i = 0; i < 4; i++) v.d[i] = seed + i / 8.0)
STRUCT_TESTS(d5, for (int i = 0; i < 5; i++) v.d[i] = seed - i / 8.0)
STRUCT_TESTS(i_f, (v.i = seed, v.f = (float)seed * 1.5f))
STRUCT_TESTS(f_i, (v.f = (float)seed * 2.5f, v.i = -seed))
STRUCT_TESTS(d_l, (v.d = seed * 0.1, v.l = seed * 1000000007L))
STRUCT_TESTS(c_d_f, (v.c = (char)seed, v.pad[6] = 9, v.d = 1.0 / seed, v.f = (float)seed, v.g = 2))
STRUCT_TESTS(q1, v.q = (long double)seed / 3)
STRUCT_TESTS(mix, (v.f = 1.25f * seed, v.f2 = 3, v.d = -2.5 * seed, v.s = (short)seed, v.t = -1,
                   v.g = 0.75f))
STRUCT_TESTS(u8, v.d = seed * 3.25)

// Prototyped floating-point arguments beyond the 16 FP argument registers,
// mixed with integers that take the %o registers and then the stack.
NOINL static double many_doubles(double a0, double a1, double a2, double a3, double a4, double a5,
                                 double a6, double a7, double a8, double a9, double a10, double a11,
                                 double a12, double a13, double a14, double a15, double a16,
                                 double a17, double a18) {
    return a0 + 2 * a1 + 3 * a2 + 4 * a3 + 5 * a4 + 6 * a5 + 7 * a6 + 8 * a7 + 9 * a8 + 10 * a9 +
           11 * a10 + 12 * a11 + 13 * a12 + 14 * a13 + 15 * a14 + 16 * a15 + 17 * a16 + 18 * a17 +
           19 * a18;
}

NOINL static float many_floats(float a, int i1, float b, long i2, float c, double d, float e,
                               int i3, float f, float g, long double q, float h, int i4, int i5,
                               int i6, float k) {
    return a + b * 2 + c * 3 + (float)d * 4 + e * 5 + f * 6 + g * 7 + (float)q * 8 + h * 9 +
           k * 10 + (float)(i1 + 2 * i2 + 3 * i3 + 4 * i4 + 5 * i5 + 6 * i6);
}

NOINL static long many_ints(long a, int b, short c, signed char d, unsigned char e,
                            unsigned short f, unsigned g, long h, int i, long j) {
    // Narrow arguments must arrive sign- or zero-extended correctly.
    return a + 2 * b + 3 * c + 5 * d + 7 * e + 11 * f + 13 * (long)g + 17 * h + 19 * i + 23 * j;
}

NOINL static long double quad_args(long double a, double b, long double c, float d) {
    return a * b + c / d;
}

// A struct passed down and back up through several frames.
NOINL static d5 pass3(d5 v, int depth) {
    if (depth == 0) {
        v.d[4] += 1;
        return v;
    }
    d5 r = pass3(v, depth - 1);
    r.d[0] *= 2;
    return r;
}

int main(void) {
    uint64_t h = 0;
    h += run_s1() + run_s3() + run_s4() + run_s8() + run_s12() + run_s16() + run_s20();
    h += run_s32() + run_s33() + run_s48();
    h += run_f1() + run_f2() + run_f3() + run_d1() + run_d2() + run_d4() + run_d5();
    h += run_i_f() + run_f_i() + run_d_l() + run_c_d_f() + run_q1() + run_mix() + run_u8();
    printf("combined %016" PRIx64 "\n", h);

    double md = many_doubles(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19);
    printf("many_doubles %.17g\n", md);
    CHECK(md == 2470); // sum of k*k for k = 1..19
    float mf =
        many_floats(1.5f, 1, 2.5f, 2, 3.5f, 4.5, 5.5f, 3, 6.5f, 7.5f, 8.5L, 9.5f, 4, 5, 6, 10.5f);
    printf("many_floats %.9g\n", (double)mf);
    CHECK(mf == 1.5f + 5 + 10.5f + 18 + 27.5f + 39 + 52.5f + 68 + 85.5f + 105 + 91);
    long mi = many_ints(-1, -2, -3, -4, 250, 65000, 4000000000u, 1L << 40, -5, -6);
    printf("many_ints %ld\n", mi);
    CHECK(mi == -1 - 4 - 9 - 20 + 1750 + 715000 + 52000000000L + 17 * (1L << 40) - 95 - 138);
    long double q = quad_args(1.5L, 2.0, 10.0L, 4.0f);
    printf("quad_args %.20Lg\n", q);
    CHECK(q == 5.5L);
    d5 v = make_d5(1);
    d5 r = pass3(v, 5);
    printf("pass3 %.17g %.17g\n", r.d[0], r.d[4]);
    CHECK(r.d[0] == 32 && r.d[4] == 1 - 4 / 8.0 + 1 && v.d[4] == 0.5);
    return check_done();
}
