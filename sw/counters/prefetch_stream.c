// Reads one word of each 64-byte line of a 1 MiB buffer that is not in the
// E$ (flushed by displacement), with or without `prefetch [p + 512], 0` eight
// lines ahead. The region of interest is the read loop.
//
// The in-order CPU stalls on every load that misses (about 200 cycles each
// without prefetch). With prefetch up to eight lines are in flight, so the
// stall per line drops to about the memory latency divided by eight.
// It also prefetches addresses no page maps: the prefetches are dropped,
// never a fault.
#include "fireplane_magic.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define BUFFER (1 << 20)
#define FLUSH (24 << 20)

// One load per line; PREFETCH is the loop's first instruction or nothing.
#define READ_LINES(prefetch)                                                                       \
    __asm__ volatile("1:\t" prefetch "ldx [%[p]], %%g1\n\t"                                        \
                     "subcc %[n], 1, %[n]\n\t"                                                     \
                     "bne,pt %%icc, 1b\n\t"                                                        \
                     " add %[p], 64, %[p]"                                                         \
                     : [p] "+r"(p), [n] "+r"(lines)                                                \
                     :                                                                             \
                     : "g1", "cc", "memory")

static void read_lines(const char* p, long lines, int prefetch) {
    if (prefetch)
        READ_LINES("prefetch [%[p] + 512], 0\n\t");
    else
        READ_LINES("");
}

int main(int argc, char** argv) {
    int prefetch = argc > 1 && strcmp(argv[1], "prefetch") == 0;
    char* buffer = malloc(BUFFER + 64);
    char* flush = malloc(FLUSH);
    if (!buffer || !flush) return 1;
    buffer = (char*)(((unsigned long)buffer + 63) & ~63ul);
    memset(buffer, 1, BUFFER);
    memset(flush, 2, FLUSH);
    // Displace the buffer from the E$ (8 MiB, 512-byte blocks): one load per block.
    unsigned long sum = 0;
    for (long i = 0; i < FLUSH; i += 512)
        sum += (unsigned char)flush[i];
    // Unmapped addresses: a prefetch there does nothing.
    __asm__ volatile("prefetch [%%g0], 0\n\tprefetch [%0], 2" ::"r"(0x7ff0000000000ul));

    FIREPLANE_ROI_BEGIN();
    read_lines(buffer, BUFFER / 64, prefetch);
    FIREPLANE_ROI_END();
    printf("read %d lines%s (%lu)\n", BUFFER / 64, prefetch ? " with prefetch" : "", sum);
    return 0;
}
