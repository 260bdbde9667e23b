// __int128 arithmetic: gcc open-codes add/sub/shift with carries (addcc/addxc
// pairs) and calls libgcc's __multi3, __divti3, __udivti3, __modti3 and
// __umodti3, so this exercises both condition-code chains and long helpers.
#include "check.h"
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>

typedef unsigned __int128 u128;
typedef __int128 s128;

// printf has no 128-bit conversion; convert by repeated division by 10^19.
static void u128_str(u128 v, char* buf) {
    char tmp[48];
    int n = 0;
    do {
        tmp[n++] = (char)('0' + (int)(v % 10));
        v /= 10;
    } while (v);
    for (int i = 0; i < n; i++)
        buf[i] = tmp[n - 1 - i];
    buf[n] = '\0';
}

static void s128_str(s128 v, char* buf) {
    if (v < 0) {
        *buf++ = '-';
        u128_str(-(u128)v, buf);
    } else {
        u128_str((u128)v, buf);
    }
}

static void show(const char* label, s128 v) {
    char buf[48];
    s128_str(v, buf);
    printf("%-12s %s\n", label, buf);
}

static void print_hex(const char* label, u128 v) {
    printf("%-12s %016" PRIx64 "%016" PRIx64 "\n", label, (uint64_t)(v >> 64), (uint64_t)v);
}

static u128 isqrt128(u128 n) {
    // Bitwise square root: shifts, compares and subtractions only.
    u128 res = 0, bit = (u128)1 << 126;
    while (bit > n)
        bit >>= 2;
    while (bit) {
        if (n >= res + bit) {
            n -= res + bit;
            res = (res >> 1) + bit;
        } else {
            res >>= 1;
        }
        bit >>= 2;
    }
    return res;
}

static u128 gcd128(u128 a, u128 b) {
    while (b) {
        u128 t = a % b;
        a = b;
        b = t;
    }
    return a;
}

int main(void) {
    // Factorials up to 34! fit in unsigned 128 bits (35! does not).
    u128 f = 1;
    char buf[48];
    unsigned first_overflow = 0;
    for (unsigned i = 1; i <= 40; i++) {
        u128 next;
        int ovf = __builtin_mul_overflow(f, (u128)i, &next);
        if (ovf) {
            printf("%u! overflows\n", i);
            first_overflow = i;
            break;
        }
        f = next;
        if (i % 5 == 0 || i >= 30) {
            u128_str(f, buf);
            printf("%2u! = %s\n", i, buf);
        }
    }
    u128_str(f, buf);
    CHECK(first_overflow == 35);
    CHECK(strcmp(buf, "295232799039604140847618609643520000000") == 0);

    // Fibonacci in 128 bits, checking the identity F(2n) = F(n) * (2F(n+1) - F(n)).
    u128 fib[180];
    fib[0] = 0;
    fib[1] = 1;
    for (int i = 2; i < 180; i++)
        fib[i] = fib[i - 1] + fib[i - 2];
    for (int n = 1; n < 90; n += 11)
        CHECK(fib[2 * n] == fib[n] * (2 * fib[n + 1] - fib[n]));
    u128_str(fib[179], buf);
    printf("F(179) = %s\n", buf);

    // Signed division and remainder around the extremes.
    const s128 min = (s128)((u128)1 << 127);
    const s128 max = (s128)(((u128)1 << 127) - 1);
    volatile s128 vals[] = {0,
                            1,
                            -1,
                            7,
                            -7,
                            1000000007,
                            -(s128)((u128)1 << 64),
                            max,
                            min,
                            (s128)0x0123456789abcdefLL << 40};
    const int nv = sizeof(vals) / sizeof(vals[0]);
    uint64_t h = FNV64_INIT;
    for (int i = 0; i < nv; i++)
        for (int j = 0; j < nv; j++) {
            s128 a = vals[i], b = vals[j];
            s128 r[6];
            r[0] = (s128)((u128)a + (u128)b);
            r[1] = (s128)((u128)a - (u128)b);
            r[2] = (s128)((u128)a * (u128)b);
            r[3] = (b == 0 || (a == min && b == -1)) ? 0 : a / b;
            r[4] = (b == 0 || b == -1) ? 0 : a % b;
            r[5] = (b == 0) ? 0 : (s128)((u128)a / (u128)b);
            r[5] ^= (a < b) | ((u128)a < (u128)b) << 1 | (a == b) << 2;
            h = fnv1a64(r, sizeof r, h);
        }
    printf("pairwise checksum %016" PRIx64 "\n", h);

    show("max", max);
    show("min", min);
    show("min/7", min / 7);
    show("min%7", min % 7);
    show("max/-3", max / -3);
    print_hex("max>>5", max >> 5);
    print_hex("min>>5", (u128)(min >> 5)); // arithmetic shift keeps the sign
    print_hex("umin>>5", (u128)min >> 5);
    print_hex("1<<100", (u128)1 << 100);

    // Shifts by every count, which crosses the 64-bit word boundary.
    volatile u128 pattern = ((u128)0xfedcba9876543210ULL << 64) | 0x0f1e2d3c4b5a6978ULL;
    h = FNV64_INIT;
    for (volatile int s = 0; s < 128; s++) {
        u128 r[3] = {pattern << s, pattern >> s, (u128)((s128)pattern >> s)};
        h = fnv1a64(r, sizeof r, h);
    }
    printf("shift checksum %016" PRIx64 "\n", h);

    u128 big = (u128)UINT64_MAX * UINT64_MAX;
    u128 root = isqrt128(big);
    print_hex("isqrt", root);
    CHECK(root == UINT64_MAX);
    CHECK(isqrt128(big - 1) == UINT64_MAX - 1);
    u128 g = gcd128(fib[178], fib[177]);
    CHECK(g == 1);
    u128 g2 = gcd128((u128)3 * 5 * 7 * 11 * 13 << 70, (u128)7 * 13 * 17 << 65);
    print_hex("gcd", g2);
    CHECK(g2 == (u128)91 << 65);
    return check_done();
}
