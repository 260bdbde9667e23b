// Shared helpers of the behaviour programs (README.md). Plain user-mode
// UltraSPARC III code: nothing here knows about the simulator (the region-of-
// interest markers of fireplane_magic.h are no-ops on a real part).
//
// Cache geometry of the UltraSPARC IIICu: D$ 64 KiB 4-way, 32-byte lines,
// virtually indexed, write-through; W$ 2 KiB 4-way, 64-byte lines; E$ 8 MiB
// 2-way, physically indexed, 512-byte blocks of eight 64-byte sub-blocks (the
// coherence unit, "line" below). The store buffer holds 8 stores.
#ifndef BEHAVIOURS_H
#define BEHAVIOURS_H

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>

#define BH_LINE 64               // coherence unit: E$ sub-block, W$ line
#define BH_EC_BLOCK 512          // E$ block: one tag for eight lines
#define BH_PAGE 8192             // sparc64 Linux base page
#define BH_EC_FLUSH (24ul << 20) // 3 x the E$: a displacement flush reads this much

static inline unsigned long bh_tick(void) {
    unsigned long t;
    __asm__ volatile("rd %%tick, %0" : "=r"(t)::"memory");
    return t;
}

// Every earlier store has left the store buffer (and its line is owned).
static inline void bh_sync(void) {
    __asm__ volatile("membar #Sync" ::: "memory");
}

// Writes one byte of every 4 KiB, so each page of the buffer has a physical
// page of its own (untouched anonymous pages all map the kernel's zero page).
static inline void bh_touch(char* p, size_t size) {
    for (size_t i = 0; i < size; i += 4096)
        ((volatile char*)p)[i] = 1;
}

// Allocates SIZE bytes aligned to ALIGN (a power of two), or exits.
static inline char* bh_alloc(size_t size, size_t align, const char* what) {
    char* raw = malloc(size + align);
    if (!raw) {
        fprintf(stderr, "cannot allocate %s (%zu bytes)\n", what, size);
        exit(1);
    }
    return (char*)(((unsigned long)raw + align - 1) & ~(unsigned long)(align - 1));
}

// Loaded values go here, so that no load is optimised away.
static volatile long bh_sink;

// Displaces every E$ block: one load per 512 bytes of a buffer three times the
// E$, whose pages were written once (allocated on the first call). A dirty
// line that leaves is written back here, outside any measured part. The E$ is
// physically indexed and the part replaces pseudo-randomly (LFSR), so on a
// real machine a line may occasionally survive (paper, section 4.1).
static inline void bh_flush_ecache(void) {
    static char* buf;
    if (!buf) {
        buf = bh_alloc(BH_EC_FLUSH, BH_EC_BLOCK, "the E$ flush buffer");
        bh_touch(buf, BH_EC_FLUSH);
    }
    long sum = 0;
    for (size_t i = 0; i < BH_EC_FLUSH; i += BH_EC_BLOCK)
        sum += *(const volatile long*)(buf + i);
    bh_sink = sum;
}

#endif
