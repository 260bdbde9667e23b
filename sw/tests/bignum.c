// Arbitrary-precision arithmetic on 32-bit limbs with 64-bit intermediates:
// 1000!, 2^4000, Fibonacci(5000) and 800 digits of pi by Machin's formula.
// Long chains of multiply, divide-by-small and carry propagation (udivx,
// mulx, srlx) whose results have well-known digits to check against.
#include "check.h"
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAXLIMBS 300 // 1000! needs 8530 bits, 16 * 10^802 about 2670

typedef struct {
    uint32_t limb[MAXLIMBS]; // little-endian limbs
    int n;                   // used limbs; 0 means zero
} big;

static void big_set(big* a, uint32_t v) {
    memset(a->limb, 0, sizeof a->limb);
    a->limb[0] = v;
    a->n = v ? 1 : 0;
}

static void big_mul_small(big* a, uint32_t m) {
    uint64_t carry = 0;
    for (int i = 0; i < a->n; i++) {
        uint64_t t = (uint64_t)a->limb[i] * m + carry;
        a->limb[i] = (uint32_t)t;
        carry = t >> 32;
    }
    if (carry) a->limb[a->n++] = (uint32_t)carry;
}

static uint32_t big_div_small(big* a, uint32_t d) { // returns the remainder
    uint64_t rem = 0;
    for (int i = a->n - 1; i >= 0; i--) {
        uint64_t cur = rem << 32 | a->limb[i];
        a->limb[i] = (uint32_t)(cur / d);
        rem = cur % d;
    }
    while (a->n && a->limb[a->n - 1] == 0)
        a->n--;
    return (uint32_t)rem;
}

static void big_add(big* a, const big* b) {
    uint64_t carry = 0;
    int n = a->n > b->n ? a->n : b->n;
    for (int i = 0; i < n; i++) {
        uint64_t t = (uint64_t)a->limb[i] + b->limb[i] + carry;
        a->limb[i] = (uint32_t)t;
        carry = t >> 32;
    }
    a->n = n;
    if (carry) a->limb[a->n++] = (uint32_t)carry;
}

static void big_sub(big* a, const big* b) { // requires a >= b
    int64_t borrow = 0;
    for (int i = 0; i < a->n; i++) {
        int64_t t = (int64_t)a->limb[i] - (i < b->n ? b->limb[i] : 0) - borrow;
        borrow = t < 0;
        a->limb[i] = (uint32_t)(t + (borrow << 32));
    }
    while (a->n && a->limb[a->n - 1] == 0)
        a->n--;
}

// Decimal digits, most significant first; destroys a.
static char* big_to_dec(big* a) {
    char* out = malloc((size_t)a->n * 10 + 2);
    int len = 0;
    if (a->n == 0) out[len++] = '0';
    while (a->n) {
        uint32_t r = big_div_small(a, 1000000000u);
        for (int k = 0; k < 9 && (a->n || r); k++) {
            out[len++] = (char)('0' + r % 10);
            r /= 10;
        }
    }
    for (int i = 0; i < len / 2; i++) {
        char t = out[i];
        out[i] = out[len - 1 - i];
        out[len - 1 - i] = t;
    }
    out[len] = '\0';
    return out;
}

static uint32_t digit_sum(const char* s) {
    uint32_t t = 0;
    for (; *s; s++)
        t += (uint32_t)(*s - '0');
    return t;
}

static void show(const char* label, big* v) {
    char* s = big_to_dec(v);
    size_t len = strlen(s);
    printf("%s: %zu digits, digit sum %u, starts %.20s, ends %s\n", label, len, digit_sum(s), s,
           s + (len > 20 ? len - 20 : 0));
    free(s);
}

static big a, b, c, term, pi;

// arctan(1/x) * 10^digits-ish in fixed point: sum (-1)^k / ((2k+1) x^(2k+1)).
static void arctan_inv(big* out, uint32_t x, const big* one) {
    big_set(out, 0);
    term = *one;
    big_div_small(&term, x);
    uint32_t k = 1;
    int sign = 1;
    while (term.n) {
        c = term;
        big_div_small(&c, k);
        if (sign > 0)
            big_add(out, &c);
        else
            big_sub(out, &c);
        sign = -sign;
        big_div_small(&term, x);
        big_div_small(&term, x);
        k += 2;
    }
}

int main(void) {
    big_set(&a, 1);
    for (uint32_t i = 2; i <= 1000; i++)
        big_mul_small(&a, i);
    c = a;
    char* f = big_to_dec(&c);
    size_t len = strlen(f), zeros = 0;
    while (zeros < len && f[len - 1 - zeros] == '0')
        zeros++;
    printf("1000!: %zu digits, digit sum %u, trailing zeros %zu\n", len, digit_sum(f), zeros);
    CHECK(len == 2568 && digit_sum(f) == 10539 && zeros == 249);
    CHECK(strncmp(f, "402387260077093773543702433923", 30) == 0);
    free(f);

    big_set(&a, 1);
    for (int i = 0; i < 4000; i++)
        big_mul_small(&a, 2);
    show("2^4000", &a);

    big_set(&a, 0);
    big_set(&b, 1);
    for (int i = 0; i < 5000; i++) { // a, b = b, a + b
        c = a;
        big_add(&c, &b);
        a = b;
        b = c;
    }
    show("F(5000)", &a);

    // pi = 16 arctan(1/5) - 4 arctan(1/239) in fixed point scaled by 10^802
    // (800 decimals plus guard digits).
    static big one;
    big_set(&one, 1);
    for (int i = 0; i < 89; i++)
        big_mul_small(&one, 1000000000u); // 10^801
    big_mul_small(&one, 10);
    static big t5, t239;
    arctan_inv(&t5, 5, &one);
    arctan_inv(&t239, 239, &one);
    big_mul_small(&t5, 16);
    big_mul_small(&t239, 4);
    pi = t5;
    big_sub(&pi, &t239);
    char* p = big_to_dec(&pi);
    p[801] = '\0'; // 3 and 800 decimals; the last digit (guard) is dropped
    printf("pi: %.1s.%.60s...\n", p, p + 1);
    printf("pi decimals 741-800: %s\n", p + 741);
    CHECK(strncmp(p, "314159265358979323846264338327950288419716939937510", 51) == 0);
    CHECK(strncmp(p + 762, "999999", 6) == 0); // the Feynman point
    free(p);
    return check_done();
}
