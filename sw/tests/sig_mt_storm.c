// Many signals between many threads at once: every thread queues real-time
// signals with values to the next thread (pthread_sigqueue), and then to
// the process (sigqueue), where any thread may take them. Real-time signals
// queue, so every one must arrive exactly once: per-thread counts and the
// sums of the values are checked, not the order.
//
// Usage: sig_mt_storm [threads], default 4.
#define _GNU_SOURCE
#include "check.h"
#include "mt_common.h"
#include "sig_common.h"
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>

#define PER_THREAD 40

static int nthreads;
static pthread_t threads[MT_MAX_THREADS];
static pthread_barrier_t start, sent_to_next;
static __thread volatile int got_direct;
static _Atomic int got_process;
static _Atomic uint64_t direct_sum, process_sum;
static int direct_counts[MT_MAX_THREADS];

static void on_direct(int sig, siginfo_t* si, void* ctx) {
    (void)sig;
    (void)ctx;
    got_direct++;
    atomic_fetch_add(&direct_sum, mt_mix((uint64_t)si->si_value.sival_int));
}
static void on_process(int sig, siginfo_t* si, void* ctx) {
    (void)sig;
    (void)ctx;
    atomic_fetch_add(&process_sum, mt_mix((uint64_t)si->si_value.sival_int));
    atomic_fetch_add(&got_process, 1);
}

static void* worker(void* arg) {
    const int me = (int)(long)arg;
    pthread_barrier_wait(&start);
    const int next = (me + 1) % nthreads;
    for (int k = 0; k < PER_THREAD; k++) {
        union sigval v = {.sival_int = me * 1000 + k};
        CHECK(pthread_sigqueue(threads[next], SIGRTMIN, v) == 0);
    }
    unsigned spins = 0;
    while (got_direct < PER_THREAD)
        mt_backoff(&spins);
    direct_counts[me] = got_direct;
    pthread_barrier_wait(&sent_to_next); // nobody leaves while signals are on the way to it
    for (int k = 0; k < PER_THREAD; k++) {
        union sigval v = {.sival_int = 100000 + me * 1000 + k};
        CHECK(sigqueue(getpid(), SIGRTMIN + 1, v) == 0);
    }
    spins = 0;
    while (atomic_load(&got_process) < nthreads * PER_THREAD)
        mt_backoff(&spins);
    return NULL;
}

int main(int argc, char** argv) {
    nthreads = mt_thread_count(argc, argv);
    CHECK(sig_on_info(SIGRTMIN, on_direct, SA_RESTART) == 0);
    CHECK(sig_on_info(SIGRTMIN + 1, on_process, SA_RESTART) == 0);
    pthread_barrier_init(&start, NULL, (unsigned)nthreads + 1);
    pthread_barrier_init(&sent_to_next, NULL, (unsigned)nthreads);
    // Main takes none of them: only the workers do.
    sigset_t rt;
    sigemptyset(&rt);
    sigaddset(&rt, SIGRTMIN);
    sigaddset(&rt, SIGRTMIN + 1);
    for (int i = 0; i < nthreads; i++)
        pthread_create(&threads[i], NULL, worker, (void*)(long)i);
    pthread_sigmask(SIG_BLOCK, &rt, NULL);
    pthread_barrier_wait(&start);
    for (int i = 0; i < nthreads; i++)
        pthread_join(threads[i], NULL);

    uint64_t want_direct = 0, want_process = 0;
    int exact = 1;
    for (int i = 0; i < nthreads; i++) {
        exact &= direct_counts[i] == PER_THREAD;
        for (int k = 0; k < PER_THREAD; k++) {
            want_direct += mt_mix((uint64_t)(i * 1000 + k));
            want_process += mt_mix((uint64_t)(100000 + i * 1000 + k));
        }
    }
    CHECK(exact && atomic_load(&direct_sum) == want_direct);
    CHECK(atomic_load(&got_process) == nthreads * PER_THREAD);
    CHECK(atomic_load(&process_sum) == want_process);
    CHECK(!sig_pending(SIGRTMIN) && !sig_pending(SIGRTMIN + 1));
    printf("%d threads: %d signals each to the next thread, all arrived once %s\n", nthreads,
           PER_THREAD, sig_yes(exact && atomic_load(&direct_sum) == want_direct));
    printf("%d signals to the process, all taken once %s\n", nthreads * PER_THREAD,
           sig_yes(atomic_load(&process_sum) == want_process));
    return check_done();
}
