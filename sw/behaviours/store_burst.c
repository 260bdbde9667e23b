// store_burst [miss|owned|wcache]: a burst of stores, eight 8-byte stores to
// each 64-byte line in turn (a line-filling write, as dense floating-point
// codes do), 4096 stores in all; the region of interest is the burst and the
// MEMBAR #Sync that waits for its last store.
//
//   miss    512 lines in memory only (displaced from the E$). The 8-entry store
//           buffer holds exactly one line's stores; the first store of the next
//           line waits for a free entry, i.e. for the oldest store to leave,
//           which needs its line (a read-to-own from memory, about 200 cycles).
//           The CPU stalls about one memory latency per line: Rstall_storeQ.
//   owned   the same 512 lines, stored to (M) and drained beforehand. No store
//           waits for a line; what remains is the buffer's drain rate (one store
//           every second cycle) and one W$-to-E$ move per line (the W$ holds 32
//           lines): a few cycles of stall per line.
//   wcache  the same 4096 stores to 16 lines (1 KiB) already M and in the W$:
//           only the drain rate bounds the burst, so it takes two cycles a store
//           (the loop issues one a cycle).
//
// Prints `value cycles N` (rd %tick around the region) and `value stores N`.
#include "behaviours.h"
#include "fireplane_magic.h"

#include <string.h>

#define LINES 512                        // lines of the burst (32 KiB)
#define STORES_PER_LINE 8                // stx every 8 bytes: the whole line
#define STORES (LINES * STORES_PER_LINE) // 4096
#define WCACHE_LINES 16                  // 1 KiB: half the W$
#define WCACHE_PASSES (LINES / WCACHE_LINES)

static char burst[LINES * BH_LINE] __attribute__((aligned(BH_PAGE)));

// Eight back-to-back stores to each of N lines: 11 instructions a line, one
// store a cycle (one load/store pipe).
static void store_lines(char* p, long n) {
    __asm__ volatile("1:\tstx %%g0, [%[p] + 0]\n\t"
                     "stx %%g0, [%[p] + 8]\n\t"
                     "stx %%g0, [%[p] + 16]\n\t"
                     "stx %%g0, [%[p] + 24]\n\t"
                     "stx %%g0, [%[p] + 32]\n\t"
                     "stx %%g0, [%[p] + 40]\n\t"
                     "stx %%g0, [%[p] + 48]\n\t"
                     "stx %%g0, [%[p] + 56]\n\t"
                     "subcc %[n], 1, %[n]\n\t"
                     "bne,pt %%icc, 1b\n\t"
                     " add %[p], 64, %[p]"
                     : [p] "+r"(p), [n] "+r"(n)
                     :
                     : "cc", "memory");
}

int main(int argc, char** argv) {
    const char* mode = argc > 1 ? argv[1] : "miss";
    int miss = strcmp(mode, "miss") == 0, owned = strcmp(mode, "owned") == 0,
        wcache = strcmp(mode, "wcache") == 0;
    if (!miss && !owned && !wcache) {
        fprintf(stderr, "usage: store_burst [miss|owned|wcache]\n");
        return 2;
    }
    bh_touch(burst, sizeof burst); // physical pages of its own
    if (miss) {
        bh_flush_ecache(); // the lines are in memory only
    } else {
        store_lines(burst, wcache ? WCACHE_LINES : LINES); // M in the E$ (and W$)
    }
    bh_sync();

    unsigned long t0 = bh_tick();
    FIREPLANE_ROI_BEGIN();
    if (wcache) {
        for (int pass = 0; pass < WCACHE_PASSES; pass++)
            store_lines(burst, WCACHE_LINES);
    } else {
        store_lines(burst, LINES);
    }
    bh_sync(); // the burst is over when its last store has left the buffer
    FIREPLANE_ROI_END();
    unsigned long t1 = bh_tick();

    printf("store_burst %s: %d stores to %d lines\n", mode, STORES, wcache ? WCACHE_LINES : LINES);
    printf("value cycles %lu\n", t1 - t0);
    printf("value stores %d\n", STORES);
    return 0;
}
