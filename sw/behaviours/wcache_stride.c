// wcache_stride [ecache|wcache]: one 8-byte store per 64-byte line, striding
// through a region whose lines are already owned (M in the E$), 4096 stores;
// the region of interest is the stride loop and the MEMBAR #Sync after it.
//
//   ecache  4096 lines (256 KiB): fits the 8 MiB E$, not the 2 KiB W$. Every
//           store needs a new W$ line, whose victim must first move to the
//           off-chip E$. A move takes about 30 cycles and moves do not overlap
//           (paper, section 4.2), so the loop runs at one line per move,
//           although no line goes near the bus.
//   wcache  16 lines (1 KiB) already in the W$, 256 passes: no move; the
//           loop runs at the store buffer's drain rate (a store every second
//           cycle), the control.
//
// Prints `value cycles N` (rd %tick around the region) and `value iterations N`.
#include "behaviours.h"
#include "fireplane_magic.h"

#include <string.h>

#define LINES 4096       // 256 KiB
#define WCACHE_LINES 16  // 1 KiB: half the W$, two lines in each of its 8 sets
#define ITERATIONS LINES // stores in the region, either mode

static char region[LINES * BH_LINE] __attribute__((aligned(BH_PAGE)));

// One store per line: stx, subcc, bne, add (delay slot).
static void store_stride(char* p, long n) {
    __asm__ volatile("1:\tstx %%g0, [%[p]]\n\t"
                     "subcc %[n], 1, %[n]\n\t"
                     "bne,pt %%icc, 1b\n\t"
                     " add %[p], 64, %[p]"
                     : [p] "+r"(p), [n] "+r"(n)
                     :
                     : "cc", "memory");
}

int main(int argc, char** argv) {
    const char* mode = argc > 1 ? argv[1] : "ecache";
    int wcache = strcmp(mode, "wcache") == 0;
    if (!wcache && strcmp(mode, "ecache") != 0) {
        fprintf(stderr, "usage: wcache_stride [ecache|wcache]\n");
        return 2;
    }
    long lines = wcache ? WCACHE_LINES : LINES;
    bh_touch(region, sizeof region);
    store_stride(region, lines); // every line M: no store below needs the bus
    bh_sync();

    unsigned long t0 = bh_tick();
    FIREPLANE_ROI_BEGIN();
    for (long done = 0; done < ITERATIONS; done += lines)
        store_stride(region, lines);
    bh_sync();
    FIREPLANE_ROI_END();
    unsigned long t1 = bh_tick();

    printf("wcache_stride %s: %d stores, one per line, over %ld lines\n", mode, ITERATIONS, lines);
    printf("value cycles %lu\n", t1 - t0);
    printf("value iterations %d\n", ITERATIONS);
    return 0;
}
