// 1-D heat diffusion with POSIX threads and pthread_barrier_wait: each thread
// owns a slice of 12288 cells and every one of the 400 steps ends at a
// barrier (glibc's barrier sleeps on a futex), so the threads meet 400
// times. The cells are updated in place from the previous step's copy, so
// the result is the same whatever the thread count.
//
// Usage: pthread_heat [threads]   (default 4)
#include "fireplane_magic.h"
#include "thread_count.h"
#include "thread_team.h"

#include <pthread.h>
#include <stdio.h>

enum { kCells = 12288, kSteps = 400, kMaxThreads = 64 };

static double field[2][kCells + 2];
static pthread_barrier_t barrier;
static int threads;

static void* worker(void* arg) {
    const int id = (int)(long)arg;
    const int first = 1 + kCells * id / threads, last = kCells * (id + 1) / threads;
    for (int s = 0; s < kSteps; s++) {
        const double* u = field[s & 1];
        double* v = field[(s & 1) ^ 1];
        for (int i = first; i <= last; i++)
            v[i] = u[i] + 0.25 * (u[i - 1] - 2.0 * u[i] + u[i + 1]);
        pthread_barrier_wait(&barrier);
    }
    return NULL;
}

int main(int argc, char** argv) {
    threads = thread_count_arg(argc, argv, 4, kMaxThreads);
    for (int i = 1; i <= kCells; i++)
        field[0][i] = (i % 97 == 0) ? 100.0 : (double)(i % 13);
    field[0][0] = field[1][0] = 50.0; // fixed ends
    field[0][kCells + 1] = field[1][kCells + 1] = -50.0;
    pthread_barrier_init(&barrier, NULL, (unsigned)threads);
    FIREPLANE_ROI_BEGIN();
    run_team(threads, worker);
    FIREPLANE_ROI_END();
    double sum = 0, weighted = 0;
    for (int i = 1; i <= kCells; i++) {
        sum += field[kSteps & 1][i];
        weighted += field[kSteps & 1][i] * (i % 5);
    }
    printf("sum %.12e  weighted %.12e\n", sum, weighted);
    return 0;
}
