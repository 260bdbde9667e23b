// Reads N distinct 32-byte lines (one byte each, 32 bytes apart) of a buffer,
// PASSES times; the region of interest covers pass ROI only (1-based).
//
// The D$ holds 64 KiB (2048 lines, 4-way, LRU). The buffer is written first,
// which puts it in the E$ but not in the write-through D$, so in the region:
//   DC_rd = N (the loop's only loads);
//   pass 1: DC_rd_miss = N, each an E$ hit;
//   later passes: DC_rd_miss = 0 when N <= 2048 (the footprint fits), and
//   N when N = 4096 (128 KiB read in order: LRU evicts each line before its reuse).
#include "fireplane_magic.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static unsigned char buffer[128 * 1024] __attribute__((aligned(8192)));

static void read_lines(unsigned char* p, long n) {
    __asm__ volatile("1:\tldub [%[p]], %%g1\n\t"
                     "subcc %[n], 1, %[n]\n\t"
                     "bne,pt %%icc, 1b\n\t"
                     " add %[p], 32, %[p]"
                     : [p] "+r"(p), [n] "+r"(n)
                     :
                     : "g1", "cc", "memory");
}

int main(int argc, char** argv) {
    long n = argc > 1 ? atol(argv[1]) : 2048;
    long passes = argc > 2 ? atol(argv[2]) : 2;
    long roi = argc > 3 ? atol(argv[3]) : 1;
    if (n < 1 || n > (long)(sizeof buffer / 32)) {
        fprintf(stderr, "N must be 1..%lu\n", (unsigned long)(sizeof buffer / 32));
        return 2;
    }
    memset(buffer, 1, sizeof buffer); // distinct physical pages, in the E$, not in the D$
    for (long pass = 1; pass <= passes; pass++) {
        if (pass == roi) FIREPLANE_ROI_BEGIN();
        read_lines(buffer, n);
        if (pass == roi) FIREPLANE_ROI_END();
    }
    printf("read %ld lines %ld times\n", n, passes);
    return 0;
}
