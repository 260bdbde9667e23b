// A parallel prefix sum with POSIX threads and a hand-written
// sense-reversing barrier that only spins (atomics, no futex, no sleep), as
// HPC codes and runtimes often have. The 8192 values go through the
// Hillis-Steele scan: 13 rounds, each a barrier after every thread has
// updated its slice from the previous round's copy, repeated 12 times.
// Integer arithmetic: the sums are exact whatever the thread count.
//
// Usage: spin_barrier [threads]   (default 4)
#include "fireplane_magic.h"
#include "thread_count.h"
#include "thread_team.h"

#include <pthread.h>
#include <stdint.h>
#include <stdio.h>

enum { kValues = 8192, kRepeats = 12, kMaxThreads = 64 };

static uint64_t data[2][kValues];
static int threads;

// The barrier: the last thread to arrive resets the count and flips the sense.
static struct {
    int arrived;
    int sense;
} barrier;

static void barrier_wait(int* local_sense) {
    *local_sense = !*local_sense;
    if (__atomic_add_fetch(&barrier.arrived, 1, __ATOMIC_ACQ_REL) == threads) {
        __atomic_store_n(&barrier.arrived, 0, __ATOMIC_RELAXED);
        __atomic_store_n(&barrier.sense, *local_sense, __ATOMIC_RELEASE);
        return;
    }
    while (__atomic_load_n(&barrier.sense, __ATOMIC_ACQUIRE) != *local_sense) {
    }
}

static uint64_t totals[kRepeats];

static void* worker(void* arg) {
    const int id = (int)(long)arg;
    const int first = kValues * id / threads, last = kValues * (id + 1) / threads;
    int sense = 0;
    for (int rep = 0; rep < kRepeats; rep++) {
        for (int i = first; i < last; i++)
            data[0][i] = (uint64_t)(i * 2654435761u + rep) % 1000;
        barrier_wait(&sense);
        int from = 0;
        for (int stride = 1; stride < kValues; stride *= 2) {
            const uint64_t* u = data[from];
            uint64_t* v = data[from ^ 1];
            for (int i = first; i < last; i++)
                v[i] = i >= stride ? u[i] + u[i - stride] : u[i];
            from ^= 1;
            barrier_wait(&sense);
        }
        if (id == 0) totals[rep] = data[from][kValues - 1] ^ data[from][kValues / 3];
        barrier_wait(&sense);
    }
    return NULL;
}

int main(int argc, char** argv) {
    threads = thread_count_arg(argc, argv, 4, kMaxThreads);
    FIREPLANE_ROI_BEGIN();
    run_team(threads, worker);
    FIREPLANE_ROI_END();
    uint64_t check = 0;
    for (int rep = 0; rep < kRepeats; rep++)
        check = check * 31 + totals[rep];
    printf("last prefix sum %llu  check %llu\n", (unsigned long long)totals[kRepeats - 1],
           (unsigned long long)check);
    return 0;
}
