// prefetch_victim [dirty|clean] [FCN]: 480 prefetches (function FCN, default
// 2 "several writes": E$, exclusive, through a read-to-own) of lines that are
// not in the E$, each in an E$ set whose two ways hold lines of a 24 MiB
// buffer D. With `dirty` D was stored to last, so every victim is dirty and
// the prefetch's fill writes it back: one writeback per prefetch. With `clean`
// D was only read last: the victims are clean and nothing is written back.
// The region of interest is the prefetch loop and a short wait for the last
// fills (no load or store in it).
//
// Set conflicts without physical addresses: the E$ is physically indexed, so
// a user program cannot pick the set of a line. Instead D is three times the
// E$ and is walked (one access per 512-byte E$ block) after every other
// buffer: whatever the physical pages, each set then holds the two most
// recently used blocks that map to it, and with D's pages spread over all
// page colours those are D's. (On a simulator that hands out physical pages
// in order of first touch, D is contiguous and covers every set six times;
// with LRU replacement both ways of every set are D's, certainly. The real
// part replaces pseudo-randomly: a set may keep an older block, rarely.)
//
// Layout of the prefetched buffer P: 32 pages; block 0 (first 512 bytes) of
// each page is touched to give the page a physical page and loaded again just
// before the region so the prefetches find their TLB entries (a prefetch that
// misses the TLB is dropped); blocks 1-15 of each page, never touched, are
// the 480 prefetched lines (one 64-byte line per block, so every prefetch
// allocates a block and evicts one). The region's code runs once beforehand
// (a dry run) so that no instruction fetch in the region misses the E$ and
// evicts a line of its own.
#include "behaviours.h"
#include "fireplane_magic.h"

#include <string.h>

#define P_PAGES 32
#define BLOCKS_PER_PAGE (BH_PAGE / BH_EC_BLOCK)      // 16
#define PREFETCHES (P_PAGES * (BLOCKS_PER_PAGE - 1)) // 480
#define D_SIZE (24ul << 20)                          // 3 x the E$
#define WAIT 2000 // loop iterations after the last prefetch: its fill and writeback are done

static char pbuf[P_PAGES * BH_PAGE] __attribute__((aligned(BH_PAGE)));

// The region, one asm statement in one 64-byte line (one E$ sub-block, two I$
// lines): begin, a prefetch per 512-byte block of P except block 0 of each
// page, WAIT iterations of an empty loop, end. N blocks from P.
#define REGION(fcn)                                                                                \
    __asm__ volatile(".align 64\n\t"                                                               \
                     "sethi %%hi(0xfffc0000 + (0x01 << 10)), %%g0\n" /* FIREPLANE_ROI_BEGIN */     \
                     "1:\tandcc %[p], 8191, %%g0\n\t"                                              \
                     "be,pn %%xcc, 2f\n\t"                                                         \
                     " nop\n\t"                                                                    \
                     "prefetch [%[p]], " #fcn "\n"                                                 \
                     "2:\tsubcc %[n], 1, %[n]\n\t"                                                 \
                     "bne,pt %%xcc, 1b\n\t"                                                        \
                     " add %[p], 512, %[p]\n"                                                      \
                     "3:\tsubcc %[w], 1, %[w]\n\t"                                                 \
                     "bne,pt %%xcc, 3b\n\t"                                                        \
                     " nop\n\t"                                                                    \
                     "sethi %%hi(0xfffc0000 + (0x02 << 10)), %%g0" /* FIREPLANE_ROI_END */         \
                     : [p] "+r"(p), [n] "+r"(n), [w] "+r"(w)                                       \
                     :                                                                             \
                     : "cc", "memory")

static void region(int fcn, char* p, long n, long w) {
    switch (fcn) {
    case 0: REGION(0); break;
    case 1: REGION(1); break;
    case 2: REGION(2); break;
    case 3: REGION(3); break;
    case 17: REGION(17); break;
    }
}

static void wait_loop(long w) {
    __asm__ volatile("1:\tsubcc %0, 1, %0\n\tbne,pt %%xcc, 1b\n\t nop" : "+r"(w) : : "cc");
}

int main(int argc, char** argv) {
    const char* victims = argc > 1 ? argv[1] : "dirty";
    int fcn = argc > 2 ? atoi(argv[2]) : 2;
    int dirty = strcmp(victims, "dirty") == 0;
    if ((!dirty && strcmp(victims, "clean") != 0) ||
        (fcn != 0 && fcn != 1 && fcn != 2 && fcn != 3 && fcn != 17)) {
        fprintf(stderr, "usage: prefetch_victim [dirty|clean] [0|1|2|3|17]\n");
        return 2;
    }

    // P's pages get physical pages first: block 0 of each only.
    for (int i = 0; i < P_PAGES; i++)
        ((volatile char*)pbuf)[i * BH_PAGE] = 1;
    // D's pages next, then D walked once: dirty (a store to the first line of
    // each block, which the E$ then holds M) or clean (a load: E, clean).
    char* d = bh_alloc(D_SIZE, BH_PAGE, "the victim buffer");
    bh_touch(d, D_SIZE);
    if (dirty) {
        for (size_t i = 0; i < D_SIZE; i += BH_EC_BLOCK)
            *(volatile long*)(d + i) = 0;
    } else {
        long sum = 0;
        for (size_t i = 0; i < D_SIZE; i += BH_EC_BLOCK)
            sum += *(const volatile long*)(d + i);
        bh_sink = sum;
    }
    // The dry run: one block (block 0 of P's first page, which the loop
    // skips) and one wait iteration put the region's code in the I$ and E$
    // (its fetch may evict a line of D here, outside the measured part).
    region(fcn, pbuf, 1, 1);
    // The TLB entries of P's pages; block 0 is not prefetched below.
    for (int i = 0; i < P_PAGES; i++)
        bh_sink += *(const volatile long*)(pbuf + i * BH_PAGE);
    bh_sync();
    wait_loop(WAIT); // the writebacks the last few loads caused are over

    region(fcn, pbuf, P_PAGES * BLOCKS_PER_PAGE, WAIT);

    printf("prefetch_victim: %d prefetches (fcn %d) of lines whose E$ victims are %s\n", PREFETCHES,
           fcn, victims);
    printf("value prefetches %d\n", PREFETCHES);
    return 0;
}
