// Two hot spots with opposite profiles, for `fireplane collect`:
//   miss_loads() walks a buffer at a 64-byte stride, so every load misses the
//     64 KiB D-cache (dcrm), and the first pass misses the E-cache too;
//   compute() only computes: no memory access in its loop (cycles, no dcrm).
// compute() is given more cycles than miss_loads(), so ranking by cycles and
// by dcrm disagree, and a profiler must get both right.
// miss_loads' loop is hand-written so the skid tests know its layout:
//   ldx [base], tmp; add sum; add base, stride; subcc n; bne; nop
// The load's address register (base) is overwritten two instructions later.
//
// usage: hotspots [passes [compute_iterations]]
#include <stdio.h>
#include <stdlib.h>

#define BUFFER_BYTES (1 << 20)
#define STRIDE 64

static long buffer[BUFFER_BYTES / sizeof(long)];

__attribute__((noinline)) long miss_loads(const long* base, long lines) {
    long sum = 0, tmp;
    __asm__ volatile("1: ldx [%[base]], %[tmp]\n"
                     "   add %[sum], %[tmp], %[sum]\n"
                     "   add %[base], %[stride], %[base]\n"
                     "   subcc %[n], 1, %[n]\n"
                     "   bne,pt %%xcc, 1b\n"
                     "   nop\n"
                     : [sum] "+r"(sum), [base] "+r"(base), [n] "+r"(lines), [tmp] "=&r"(tmp)
                     : [stride] "r"((long)STRIDE)
                     : "cc", "memory");
    return sum;
}

__attribute__((noinline)) unsigned long compute(unsigned long n) {
    unsigned long x = 88172645463325252ul, acc = 0;
    for (unsigned long i = 0; i < n; ++i) { // xorshift: registers only
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        acc += x >> 60;
    }
    return acc;
}

int main(int argc, char** argv) {
    const long passes = argc > 1 ? atol(argv[1]) : 8;
    const unsigned long iterations = argc > 2 ? strtoul(argv[2], 0, 0) : 2000000;
    for (size_t i = 0; i < sizeof buffer / sizeof buffer[0]; ++i)
        buffer[i] = (long)i;
    long sum = 0;
    for (long p = 0; p < passes; ++p)
        sum += miss_loads(buffer, BUFFER_BYTES / STRIDE);
    const unsigned long acc = compute(iterations);
    printf("hotspots: sum %ld acc %lu\n", sum, acc);
    return 0;
}
