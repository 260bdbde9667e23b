// Shared by the multi-threaded mt_* programs: the thread count from argv[1],
// an integer mixer for order-independent checksums and a spin-wait backoff.
//
// The programs run on 1, 2 and 12 simulated CPUs and under qemu-sparc64 on
// any number of host CPUs, so nothing they print may depend on interleaving:
// results are combined with commutative operations (sums, xors of mixed
// values) and checked against a serial computation.
#ifndef FIREPLANE_SW_TESTS_MT_COMMON_H
#define FIREPLANE_SW_TESTS_MT_COMMON_H

#include "thread_count.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

enum { MT_MAX_THREADS = 64, MT_DEFAULT_THREADS = 4 };

// argv[1] as a thread count in 1..MT_MAX_THREADS (default 4).
static inline int mt_thread_count(int argc, char** argv) {
    return thread_count_arg(argc, argv, MT_DEFAULT_THREADS, MT_MAX_THREADS);
}

// splitmix64's finaliser: a bijective mix, so a sum or xor of mixed item
// values is a checksum that does not depend on the order items arrive in.
static inline uint64_t mt_mix(uint64_t x) {
    x += 0x9e3779b97f4a7c15ULL;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
    return x ^ (x >> 31);
}

// One round of a spin-wait for another thread: a few rounds of pure
// spinning, then a 1 us sleep per round. A sleep gives the CPU up even when
// no other thread wants it, where sched_yield would return at once. That
// matters when threads outnumber CPUs (qemu-sparc64 on a small host): a pure
// spinner then burns its time slice while the thread it waits for cannot
// run. `spins` counts the rounds of one wait, from 0.
static inline void mt_backoff(unsigned* spins) {
    if (++*spins <= 8) return;
    struct timespec pause = {0, 1000};
    nanosleep(&pause, NULL);
}

#endif
