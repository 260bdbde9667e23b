// Sieve of Eratosthenes, three ways: a byte array, a bit array (shifts and
// masks on 64-bit words) and a segmented odd-only sieve that reuses a small
// window. Memory-bound loops with strided stores; prime counts are checked
// against the known values of pi(x).
#include "check.h"
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define LIMIT 2000000

static unsigned count_bytes(unsigned n, uint64_t* sum) {
    unsigned char* composite = calloc(n + 1, 1);
    unsigned count = 0;
    *sum = 0;
    for (unsigned i = 2; i <= n; i++) {
        if (composite[i]) continue;
        count++;
        *sum += i;
        for (uint64_t j = (uint64_t)i * i; j <= n; j += i)
            composite[j] = 1;
    }
    free(composite);
    return count;
}

static unsigned count_bits(unsigned n) {
    size_t words = n / 64 + 1;
    uint64_t* bits = calloc(words, sizeof *bits); // bit set = composite
    bits[0] |= 3;                                 // 0 and 1 are not prime
    for (uint64_t i = 2; i * i <= n; i++)
        if (!(bits[i >> 6] >> (i & 63) & 1))
            for (uint64_t j = i * i; j <= n; j += i)
                bits[j >> 6] |= 1ULL << (j & 63);
    unsigned count = 0;
    for (size_t w = 0; w < words; w++) {
        uint64_t live = ~bits[w];
        if (w == words - 1) live &= (1ULL << ((n & 63) + 1)) - 1; // beyond n
        count += (unsigned)__builtin_popcountll(live);
    }
    free(bits);
    return count;
}

// Odd numbers only, in segments of SEG, with the base primes up to sqrt(n).
#define SEG 32768
static unsigned count_segmented(unsigned n, unsigned* largest) {
    unsigned root = 1;
    while ((root + 1) * (root + 1) <= n)
        root++;
    unsigned char* small = calloc(root + 1, 1);
    unsigned* primes = malloc(sizeof(unsigned) * (root + 1));
    unsigned np = 0;
    for (unsigned i = 3; i <= root; i += 2) {
        if (small[i]) continue;
        primes[np++] = i;
        for (unsigned j = i * i; j <= root; j += 2 * i)
            small[j] = 1;
    }
    unsigned* next = malloc(sizeof(unsigned) * (np + 1));
    for (unsigned k = 0; k < np; k++)
        next[k] = primes[k] * primes[k];
    unsigned char seg[SEG];
    unsigned count = n >= 2 ? 1 : 0; // the prime 2
    *largest = 2;
    for (unsigned lo = 3; lo <= n; lo += 2 * SEG) {
        unsigned hi = lo + 2 * SEG - 2; // odd numbers lo, lo+2, ..., hi
        if (hi > n) hi = n;
        memset(seg, 0, SEG);
        for (unsigned k = 0; k < np; k++) {
            unsigned j = next[k];
            for (; j <= hi; j += 2 * primes[k])
                seg[(j - lo) / 2] = 1;
            next[k] = j;
        }
        for (unsigned v = lo; v <= hi; v += 2)
            if (!seg[(v - lo) / 2]) {
                count++;
                *largest = v;
            }
    }
    free(small);
    free(primes);
    free(next);
    return count;
}

int main(void) {
    static const struct {
        unsigned n, pi;
    } known[] = {{10, 4},        {100, 25},        {1000, 168},    {10000, 1229},
                 {100000, 9592}, {1000000, 78498}, {LIMIT, 148933}};
    for (unsigned k = 0; k < sizeof(known) / sizeof(known[0]); k++) {
        unsigned n = known[k].n;
        uint64_t sum;
        unsigned a = count_bytes(n, &sum);
        unsigned b = count_bits(n);
        unsigned largest;
        unsigned c = count_segmented(n, &largest);
        printf("pi(%u) = %u %u %u, sum %" PRIu64 ", largest %u\n", n, a, b, c, sum, largest);
        CHECK(a == known[k].pi && b == known[k].pi && c == known[k].pi);
    }
    return check_done();
}
