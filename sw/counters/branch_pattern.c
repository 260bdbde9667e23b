// One data-dependent branch, N times: "random" reads bytes an LCG made (zero
// or not, half and half), so no predictor does better than a coin; "regular"
// reads bytes that are never zero, so the branch is learnt at once. The
// region of interest is the loop; the counters and the CPI stack show what
// the branch predictor made of it (tests/cpi: mispredictions counted and
// charged).
#include "fireplane_magic.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define N 20000

static unsigned char bytes[N];

int main(int argc, char** argv) {
    const int random = argc > 1 && strcmp(argv[1], "random") == 0;
    unsigned long seed = 12345, zeros = 0;
    for (int i = 0; i < N; i++) {
        seed = seed * 6364136223846793005ul + 1442695040888963407ul;
        bytes[i] = random ? (unsigned char)(seed >> 63) : 1; // the LCG's best bit
        zeros += bytes[i] == 0;
    }
    long n = N, count = 0;
    unsigned char* p = bytes;
    FIREPLANE_ROI_BEGIN();
    // brz on each byte, skipping an add when it is zero; the loop's own
    // branch is always taken but the last time.
    __asm__ volatile("1:\tldub [%[p]], %%g1\n\t"
                     "brz,pn %%g1, 2f\n\t"
                     " nop\n\t"
                     "add %[count], 1, %[count]\n"
                     "2:\tsubcc %[n], 1, %[n]\n\t"
                     "bne,pt %%xcc, 1b\n\t"
                     " add %[p], 1, %[p]"
                     : [p] "+r"(p), [n] "+r"(n), [count] "+r"(count)
                     :
                     : "g1", "cc", "memory");
    FIREPLANE_ROI_END();
    printf("branch_pattern %s: %d branches\n", random ? "random" : "regular", N);
    printf("value zeros %lu\n", zeros);
    printf("value nonzero %ld\n", count);
    return count + (long)zeros == N ? 0 : 1;
}
