// The second CPU of the two-CPU rows (README.md, "The second CPU").
//
// main() (microbench.c) runs on CPU 0 and times the row. A second thread,
// pinned to CPU 1, does the row's CPU 1 steps (MB_ROW_2CPU) when CPU 0 hands
// them over, and spins the rest of the time, as the paper's second processor
// waits in its _barrier (Figure 3). The handoff is a pair of flags in shared
// memory, written with plain stores and MEMBAR #Sync: no futex, so CPU 1 never
// sleeps, and no system call or interrupt on it can disturb the timed part.
//
// What CPU 1 touches, so that it leaves CPU 0's timed part alone: while CPU 0
// times, CPU 1 reads only flag[0], which CPU 0 wrote before handing over the
// step and does not write again until the timed part is over. Its copy of
// that line stays valid, so the spin hits in its D$ and puts nothing on the
// bus. Every word CPU 1 reads or writes (the flags, its sink, its copy of the
// steps) is in an E$ block of its own that CPU 0 never writes while CPU 1
// reads it; the steps themselves are const. CPU 0 never touches CPU 1's lines
// between its last step and the timed part.
#define _GNU_SOURCE
#include "cpu_pin.h"
#include "microbench.h"

#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define EC_BLOCK 512 // E$ block, so also its own 64-byte sub-block and 32-byte D$ line

// flag[c].n is written by CPU c only, and read by the other one: CPU c sets
// it to the number of the handoff it has reached. Numbers only grow.
static struct {
    volatile unsigned long n;
    char pad[EC_BLOCK - sizeof(unsigned long)];
} flag[2] __attribute__((aligned(EC_BLOCK)));

// CPU 1's own words: what it needs to walk the steps, and its sink. Written
// by CPU 0 only before the thread starts.
static struct {
    const struct mb_step* steps;
    int nsteps;
    int reps;
    volatile long sink;
    char pad[EC_BLOCK - sizeof(const struct mb_step*) - 2 * sizeof(int) - sizeof(long)];
} cpu1 __attribute__((aligned(EC_BLOCK)));

// CPU 0's: the handoffs so far, its sink (its loads of line A), the thread.
static unsigned long handoffs;
static volatile long cpu0_sink;
static pthread_t cpu1_thread;

// Tells the other CPU "I have reached handoff n": every earlier store of
// this CPU (a setup step's) has completed before the flag is written.
static void post(int me, unsigned long n) {
    mb_sync();
    flag[me].n = n;
    mb_sync();
}

// Spins until the other CPU has reached handoff n: one load, compare and
// branch per iteration, hitting in this CPU's D$ until the other writes the
// flag.
static void await(int other, unsigned long n) {
    while (flag[other].n < n)
        continue;
    mb_sync();
}

// Pins the calling thread to one CPU. Without it (a machine or emulator with
// one CPU), the program still runs, but its timings mean nothing.
static void pin(int cpu) {
    int err = pin_to_cpu(cpu);
    if (err)
        fprintf(stderr, "%s: cannot pin a thread to CPU %d (%s): timings are not valid\n",
                mb_row.id, cpu, strerror(err));
}

// CPU 1: handoff 1 says it runs, pinned; then, for each of its steps in
// each repetition, the next handoff: wait for CPU 0's, do the step, answer.
// The last handoff (CPU 0's, after the last timed part) lets it leave.
static void* cpu1_main(void* unused) {
    (void)unused;
    pin(MB_CPU1);
    unsigned long n = 1;
    post(MB_CPU1, n);
    for (int r = 0; r < cpu1.reps; r++)
        for (int s = 0; s < cpu1.nsteps; s++) {
            if (cpu1.steps[s].cpu != MB_CPU1) continue;
            n++;
            await(MB_CPU0, n);
            mb_step(cpu1.steps[s].action, &cpu1.sink);
            post(MB_CPU1, n);
        }
    await(MB_CPU0, n + 1);
    return NULL;
}

// The thread starts before CPU 0 pins itself, so that a scheduler that
// places a new thread on an idle CPU never queues it behind CPU 0.
static void start(const struct mb_row* row, int reps) {
    cpu1.steps = row->steps;
    cpu1.nsteps = row->nsteps;
    cpu1.reps = reps;
    int err = pthread_create(&cpu1_thread, NULL, cpu1_main, NULL);
    if (err) {
        fprintf(stderr, "%s: cannot start the second thread (%s)\n", row->id, strerror(err));
        exit(1);
    }
    pin(MB_CPU0);
    handoffs = 1;
    await(MB_CPU1, handoffs);
}

// The row's steps in order: CPU 0's here, CPU 1's handed over and waited for.
static void set_state(const struct mb_row* row) {
    for (int s = 0; s < row->nsteps; s++) {
        if (row->steps[s].cpu == MB_CPU0) {
            mb_step(row->steps[s].action, &cpu0_sink);
        } else {
            handoffs++;
            post(MB_CPU0, handoffs);
            await(MB_CPU1, handoffs);
        }
    }
}

static void finish(void) {
    post(MB_CPU0, handoffs + 1);
    pthread_join(cpu1_thread, NULL);
}

const struct mb_smp_ops mb_smp_ops = {start, set_state, finish};
