// main() of every microbenchmark: sets the row's cache state up, times the
// row's one instruction REPS times and prints the minimum (README.md).
// A two-CPU row's setup is done by microbench_smp.c, on both CPUs.
//
// Cache geometry of the UltraSPARC IIICu: D$ 64 KiB 4-way, 32-byte lines,
// virtually indexed; E$ 8 MiB 2-way, 512-byte blocks of 8 64-byte sub-blocks.
#include "microbench.h"

#include "fireplane_magic.h"

#include <stdio.h>
#include <stdlib.h>

#define PAGE 8192                  // sparc64 Linux base page
#define DC_LINE 32                 // D$ line
#define DC_FLUSH_SIZE (128 * 1024) // 2 x the D$
#define EC_BLOCK 512               // E$ block: one tag for 8 sub-blocks
#define EC_FLUSH_SIZE (24ul << 20) // 3 x the E$
#define REPS 6                     // repetitions of a row: one per phase (see mb_phase)

// The row's lines, in one page so that one TLB entry covers them all.
// A and B are in different E$ blocks and D$ sets; TLB_WORD (another E$ block
// and D$ set) is loaded after the flushes so the timed access finds its TLB
// entry, which the 3072 pages of the E$ flush may have displaced.
static char lines[PAGE] __attribute__((aligned(PAGE)));
#define LINE_A (lines + 0)
#define LINE_B (lines + 1024)
#define TLB_WORD (lines + 4096)

static char dc_flush_buf[DC_FLUSH_SIZE] __attribute__((aligned(PAGE)));
static char* ec_flush_buf; // EC_FLUSH_SIZE bytes, EC_BLOCK aligned; only for MB_ECACHE_MISS

// Loaded values go here, so no load is optimised away and each completes
// before the next statement (its value is used).
static volatile long sink;

static void load(const char* p) {
    sink += *(const volatile long*)p;
}

// Displaces every line from the (virtually indexed) D$: a load every 32 bytes
// of a contiguous buffer twice the D$, twice over.
static void flush_dcache(void) {
    long sum = 0;
    for (int pass = 0; pass < 2; pass++)
        for (size_t i = 0; i < DC_FLUSH_SIZE; i += DC_LINE)
            sum += *(const volatile long*)(dc_flush_buf + i);
    sink = sum;
}

// Displaces every block from the E$: a load every 512 bytes (one per E$
// block) of a buffer three times the E$. The E$ loads hit only 1 in 16 D$
// sets, so the D$ is flushed on its own afterwards.
static void flush_ecache(void) {
    long sum = 0;
    for (size_t i = 0; i < EC_FLUSH_SIZE; i += EC_BLOCK)
        sum += *(const volatile long*)(ec_flush_buf + i);
    sink = sum;
    flush_dcache();
}

// Puts a line in D$ and E$; with store_first, stores to it first (so it is M)
// and lets the store drain.
static void prepare_line(char* p, int store_first) {
    if (store_first) {
        *(volatile long*)p = 0;
        mb_sync();
    }
    load(p);
}

// One step of a two-CPU row's setup, on the calling CPU (microbench_smp.c).
// A flush needs the E$ flush buffer, which main() allocates for such a row.
void mb_step(enum mb_action action, volatile long* own_sink) {
    switch (action) {
    case MB_LOAD: *own_sink += *(const volatile long*)LINE_A; break;
    case MB_STORE:
        *(volatile long*)LINE_A = 0;
        mb_sync();
        break;
    case MB_FLUSH_EC: flush_ecache(); break;
    }
}

// Whether the row displaces its lines from the E$: slow to simulate, and
// needs the flush buffer.
static int flushes_ecache(const struct mb_row* row) {
    if (!row->smp) return row->state == MB_ECACHE_MISS;
    for (int s = 0; s < row->nsteps; s++)
        if (row->steps[s].action == MB_FLUSH_EC) return 1;
    return 0;
}

static void set_state(const struct mb_row* row) {
    prepare_line(LINE_A, row->store_first);
    prepare_line(LINE_B, row->store_first);
    if (row->state == MB_ECACHE_MISS)
        flush_ecache();
    else if (row->state == MB_DCACHE_MISS)
        flush_dcache();
    load(TLB_WORD);
}

// The CPU runs at six times the Fireplane clock, so an access that goes on
// the bus takes up to five cycles more or less depending on where in a bus
// cycle it starts. Measured runs on the real machine met every phase by
// chance (interrupts, spin loops); here each repetition starts one cycle
// later than the one before (r dependent adds, one cycle each), so six meet
// every phase and the minimum is the best one, as on the real machine.
static void mb_phase(int r) {
    switch (r % 6) {
    case 5: __asm__ volatile("add %%g1, 1, %%g1" ::: "g1"); // fall through
    case 4: __asm__ volatile("add %%g1, 1, %%g1" ::: "g1"); // fall through
    case 3: __asm__ volatile("add %%g1, 1, %%g1" ::: "g1"); // fall through
    case 2: __asm__ volatile("add %%g1, 1, %%g1" ::: "g1"); // fall through
    case 1: __asm__ volatile("add %%g1, 1, %%g1" ::: "g1"); // fall through
    default: break;
    }
}

// Writes every page of a buffer once, so each has its own physical page
// (untouched anonymous pages all map the one zero page).
static void touch(char* p, size_t size) {
    for (size_t i = 0; i < size; i += 4096)
        p[i] = 1;
}

int main(void) {
    const struct mb_row* row = &mb_row;
    const int reps = REPS;

    touch(lines, sizeof lines);
    touch(dc_flush_buf, sizeof dc_flush_buf);
    if (flushes_ecache(row)) {
        char* raw = malloc(EC_FLUSH_SIZE + EC_BLOCK);
        if (!raw) {
            fprintf(stderr, "%s: cannot allocate the E$ flush buffer\n", row->id);
            return 1;
        }
        ec_flush_buf =
            (char*)(((unsigned long)raw + EC_BLOCK - 1) & ~(unsigned long)(EC_BLOCK - 1));
        touch(ec_flush_buf, EC_FLUSH_SIZE);
    }

    if (row->smp) row->smp->start(row, reps); // CPU 1 spins from now on

    unsigned long timed[REPS], empty[REPS];
    for (int r = 0; r < reps; r++) {
        mb_sync();
        empty[r] = row->empty(LINE_A, LINE_B);
        if (row->smp) {
            row->smp->set_state(row); // the steps, CPU 1's done there
            load(TLB_WORD);
        } else {
            set_state(row);
        }
        mb_timed_fn timed_fn = row->timed; // not loaded inside the region of interest
        mb_sync(); // no earlier store pending; a row's own stores are in its timed asm
        mb_phase(r);
        // Two-CPU rows: the simulator's statistics cover the timed part of the
        // last repetition only, so they show what the timed instruction did to
        // both CPUs' caches (no-ops on a real UltraSPARC).
        if (row->smp) FIREPLANE_ROI_BEGIN();
        timed[r] = timed_fn(LINE_A, LINE_B);
        if (row->smp) FIREPLANE_ROI_END();
    }
    if (row->smp) row->smp->finish();

    // The minimum: stable on real hardware (interrupts and the like only add).
    unsigned long t = timed[0], e = empty[0];
    for (int r = 1; r < reps; r++) {
        if (timed[r] < t) t = timed[r];
        if (empty[r] < e) e = empty[r];
    }
    printf("row %s %s\n", row->id, row->name);
    printf("samples timed");
    for (int r = 0; r < reps; r++)
        printf(" %lu", timed[r]);
    printf("\nsamples empty");
    for (int r = 0; r < reps; r++)
        printf(" %lu", empty[r]);
    printf("\nraw %lu empty %lu\n", t, e);
    printf("cycles %ld\n", (long)(t - e));
    return 0;
}
