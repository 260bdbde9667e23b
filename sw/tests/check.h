// Tiny self-check helpers shared by the sw/tests programs, C and C++.
//
// CHECK() never aborts: a failed check prints one line and is counted, so a
// broken ISS shows every failure in one run, and check_done() turns the count
// into the exit code (0 when all passed, 1 otherwise). Also brings in the
// FNV-1a checksum (sw/lib/fnv1a.h) and lcg_next(), a fixed-seed generator.
#ifndef FIREPLANE_SW_TESTS_CHECK_H
#define FIREPLANE_SW_TESTS_CHECK_H

#include "fnv1a.h"
#include "lcg.h"
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

// The next pseudo-random value: the high 47 bits of the LCG state (sw/lib/lcg.h),
// the same sequence on every run and every emulator.
static inline uint64_t lcg_next(uint64_t* state) {
    return lcg_step(state) >> 17;
}

#endif
