// Tiny self-check helpers shared by the sw/tests programs.
//
// CHECK() never aborts: a failed check prints one line and is counted, so a
// broken ISS shows every failure in one run, and check_done() turns the count
// into the exit code (0 when all passed, 1 otherwise).
#ifndef FIREPLANE_SW_TESTS_CHECK_H
#define FIREPLANE_SW_TESTS_CHECK_H

#include <stdint.h>
#include <stdio.h>
#include <string.h>

static int check_failures;

#define CHECK(cond)                                                                                \
    do {                                                                                           \
        if (!(cond)) {                                                                             \
            check_failures++;                                                                      \
            printf("FAIL %s:%d: %s\n", __FILE__, __LINE__, #cond);                                 \
        }                                                                                          \
    } while (0)

// Prints the verdict and returns main's exit code.
static inline int check_done(void) {
    if (check_failures == 0)
        printf("all checks passed\n");
    else
        printf("%d checks FAILED\n", check_failures);
    fflush(stdout);
    return check_failures ? 1 : 0;
}

// FNV-1a, 64 bit: a cheap, order-sensitive checksum for printing buffers.
static inline uint64_t fnv1a64(const void* data, size_t len, uint64_t h) {
    const unsigned char* p = (const unsigned char*)data;
    for (size_t i = 0; i < len; i++) {
        h ^= p[i];
        h *= 0x100000001b3ULL;
    }
    return h;
}
#define FNV64_INIT 0xcbf29ce484222325ULL

// A fixed-seed 64-bit LCG (Knuth's MMIX constants), so "random" data is the
// same on every run and every emulator.
static inline uint64_t lcg_next(uint64_t* state) {
    *state = *state * 6364136223846793005ULL + 1442695040888963407ULL;
    return *state >> 17;
}

#endif
