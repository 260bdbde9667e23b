// Integer arithmetic edge cases: wrap-around, signed/unsigned division and
// remainder at 32 and 64 bits (sdiv/udiv/sdivx/udivx and their Y-register
// setup), shifts of every width, bit-count builtins and 64x64->128 multiply.
// Inputs go through volatile so gcc cannot fold the operations away.
#include "check.h"
#include <inttypes.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>

static volatile int64_t v64[] = {0,
                                 1,
                                 -1,
                                 2,
                                 -2,
                                 7,
                                 -7,
                                 100,
                                 -100,
                                 INT32_MAX,
                                 INT32_MIN,
                                 UINT32_MAX,
                                 INT64_MAX,
                                 INT64_MIN,
                                 0x123456789abcdefLL,
                                 -0x5555555555555LL};
#define N64 (sizeof(v64) / sizeof(v64[0]))

static volatile int32_t v32[] = {0,         1,      -1,      3,          -3,
                                 13,        -13,    65536,   -65536,     INT32_MAX,
                                 INT32_MIN, 0x7fff, -0x8000, 0x12345678, (int32_t)0x87654321};
#define N32 (sizeof(v32) / sizeof(v32[0]))

static uint64_t sum; // running checksum of every result

static void mix(uint64_t x) {
    sum = (sum ^ x) * 0x9e3779b97f4a7c15ULL + 1;
}

// Signed division with the two UB cases (b == 0, INT_MIN / -1) replaced by
// defined results, the way careful code writes it.
static int32_t sdiv32(int32_t a, int32_t b) {
    if (b == 0) return 0;
    if (a == INT32_MIN && b == -1) return INT32_MIN; // the wrapped result
    return a / b;
}
static int32_t smod32(int32_t a, int32_t b) {
    if (b == 0) return a;
    if (b == -1) return 0;
    return a % b;
}
static int64_t sdiv64(int64_t a, int64_t b) {
    if (b == 0) return 0;
    if (a == INT64_MIN && b == -1) return INT64_MIN;
    return a / b;
}
static int64_t smod64(int64_t a, int64_t b) {
    if (b == 0) return a;
    if (b == -1) return 0;
    return a % b;
}

static void division(void) {
    for (unsigned i = 0; i < N32; i++)
        for (unsigned j = 0; j < N32; j++) {
            int32_t a = v32[i], b = v32[j];
            uint32_t ua = (uint32_t)a, ub = (uint32_t)b;
            mix((uint32_t)sdiv32(a, b));
            mix((uint32_t)smod32(a, b));
            if (ub) {
                mix(ua / ub);
                mix(ua % ub);
            }
        }
    for (unsigned i = 0; i < N64; i++)
        for (unsigned j = 0; j < N64; j++) {
            int64_t a = v64[i], b = v64[j];
            uint64_t ua = (uint64_t)a, ub = (uint64_t)b;
            mix((uint64_t)sdiv64(a, b));
            mix((uint64_t)smod64(a, b));
            if (ub) {
                mix(ua / ub);
                mix(ua % ub);
            }
        }
    printf("division checksum %016" PRIx64 "\n", sum);

    volatile int32_t m7 = -7, two = 2;
    CHECK(m7 / two == -3); // C truncates towards zero
    CHECK(m7 % two == -1);
    CHECK((uint32_t)m7 / 2u == 0x7ffffffcu);
    volatile int64_t big = INT64_MIN, m1 = -1;
    CHECK(sdiv64(big, m1) == INT64_MIN);
    CHECK(big / 3 == -3074457345618258602LL);
    CHECK(big % 3 == -2);
    volatile uint64_t umax = UINT64_MAX;
    CHECK(umax / 10 == 1844674407370955161ULL);
    CHECK(umax % 10 == 5);
    // 32-bit division must ignore the upper half of the registers.
    volatile int64_t wide = 0x100000007LL;
    CHECK((int32_t)wide / 7 == 1);
    CHECK((uint32_t)(wide * 3) / 3u == 7);
}

static void overflow(void) {
    volatile int32_t imax = INT32_MAX;
    volatile uint32_t umax = UINT32_MAX;
    // Wrap-around through unsigned arithmetic is defined.
    CHECK((int32_t)((uint32_t)imax + 1u) == INT32_MIN);
    CHECK(umax + 1u == 0);
    CHECK((uint64_t)umax + 1u == 0x100000000ULL);
    int32_t r32;
    int64_t r64;
    CHECK(__builtin_add_overflow(imax, 1, &r32) && r32 == INT32_MIN);
    CHECK(!__builtin_add_overflow(imax, -1, &r32) && r32 == INT32_MAX - 1);
    CHECK(__builtin_mul_overflow(imax, 2, &r32) && r32 == -2);
    CHECK(__builtin_sub_overflow((int32_t)INT32_MIN, 1, &r32) && r32 == INT32_MAX);
    volatile int64_t lmax = INT64_MAX;
    CHECK(__builtin_add_overflow(lmax, 1, &r64) && r64 == INT64_MIN);
    CHECK(__builtin_mul_overflow(lmax, lmax, &r64) && r64 == 1);
    uint64_t u64;
    CHECK(__builtin_mul_overflow((uint64_t)0x100000000ULL, (uint64_t)0x100000000ULL, &u64) &&
          u64 == 0);
    CHECK(!__builtin_mul_overflow((uint64_t)0xffffffffULL, (uint64_t)0xffffffffULL, &u64) &&
          u64 == 0xfffffffe00000001ULL);

    // Sign and zero extension between widths.
    volatile int8_t c = -5;
    volatile uint8_t uc = 251;
    volatile int16_t s = -300;
    volatile uint16_t us = 65236;
    CHECK((int64_t)c == -5 && (int64_t)uc == 251);
    CHECK((int64_t)s == -300 && (int64_t)us == 65236);
    CHECK((int8_t)uc == -5 && (uint16_t)s == 65236);
    volatile int64_t l = 0xfedcba9876543210LL;
    CHECK((int32_t)l == 0x76543210 && (int16_t)l == 0x3210 && (int8_t)l == 0x10);
    CHECK((uint64_t)(int32_t)0x80000000u == 0xffffffff80000000ULL);
}

static void shifts(void) {
    uint64_t h = 0;
    for (unsigned i = 0; i < N64; i++) {
        for (int sh = 0; sh < 64; sh += 3) {
            volatile int k = sh;
            uint64_t u = (uint64_t)v64[i];
            h = h * 31 + (u << k);
            h = h * 31 + (u >> k);
            h = h * 31 + (uint64_t)(v64[i] >> k); // arithmetic (sra/srax)
            uint32_t u32 = (uint32_t)u;
            if (k < 32) {
                h = h * 31 + (uint32_t)(u32 << k);
                h = h * 31 + (u32 >> k);
                h = h * 31 + (uint32_t)((int32_t)u32 >> k);
            }
            // Rotates, which gcc recognises and builds from two shifts.
            h = h * 31 + ((u << k) | (u >> ((64 - k) & 63)));
        }
    }
    printf("shift checksum %016" PRIx64 "\n", h);
    volatile int32_t neg = -1024;
    CHECK(neg >> 3 == -128);
    CHECK((uint32_t)neg >> 28 == 15);
    volatile int64_t nl = -1;
    CHECK((uint64_t)nl >> 63 == 1 && nl >> 63 == -1);
    CHECK((1ULL << 63) == 0x8000000000000000ULL);
}

static void bits(void) {
    for (unsigned i = 0; i < N64; i++) {
        uint64_t u = (uint64_t)v64[i];
        uint32_t w = (uint32_t)u;
        printf("%016" PRIx64 ": pop %2d/%2d par %d", u, __builtin_popcountll(u),
               __builtin_popcount(w), __builtin_parityll(u));
        if (u) printf(" clz %2d ctz %2d", __builtin_clzll(u), __builtin_ctzll(u));
        if (w) printf(" clz32 %2d ctz32 %2d", __builtin_clz(w), __builtin_ctz(w));
        printf(" ffs %2d bswap %016" PRIx64 " bswap32 %08" PRIx32 " clrsb %2d\n",
               __builtin_ffsll((long long)u), __builtin_bswap64(u), __builtin_bswap32(w),
               __builtin_clrsbll((long long)u));
    }
    volatile uint64_t one = 1;
    CHECK(__builtin_popcountll(~(uint64_t)0) == 64);
    CHECK(__builtin_clzll(one) == 63 && __builtin_ctzll(one << 40) == 40);
    CHECK(__builtin_bswap32(0x11223344u) == 0x44332211u);
    CHECK(__builtin_bswap16(0xa1b2) == 0xb2a1);
}

static void mulhigh(void) {
    uint64_t h = 0;
    for (unsigned i = 0; i < N64; i++)
        for (unsigned j = 0; j < N64; j++) {
            uint64_t a = (uint64_t)v64[i], b = (uint64_t)v64[j];
            unsigned __int128 up = (unsigned __int128)a * b;
            __int128 sp = (__int128)v64[i] * v64[j];
            h = h * 1000003 + (uint64_t)(up >> 64);
            h = h * 1000003 + (uint64_t)up;
            h = h * 1000003 + (uint64_t)(sp >> 64);
            h = h * 1000003 + (uint64_t)(a * b); // mulx
            h = h * 1000003 + (uint32_t)((uint32_t)a * (uint32_t)b);
            h = h * 1000003 + (uint64_t)((int64_t)(int32_t)a * (int32_t)b); // smul
        }
    printf("mulhigh checksum %016" PRIx64 "\n", h);
    volatile uint64_t m = UINT64_MAX;
    unsigned __int128 sq = (unsigned __int128)m * m;
    CHECK((uint64_t)(sq >> 64) == 0xfffffffffffffffeULL && (uint64_t)sq == 1);
    volatile int64_t n = -3, p = INT64_MAX;
    __int128 sp = (__int128)n * p;
    CHECK((int64_t)(sp >> 64) == -2 && (uint64_t)sp == 0x8000000000000003ULL);
}

int main(void) {
    division();
    overflow();
    shifts();
    bits();
    mulhigh();
    return check_done();
}
