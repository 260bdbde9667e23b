// Signals between threads: tgkill (pthread_kill) to each thread, handled by
// that thread; a process-directed kill() taken by the one thread that does
// not block it; per-thread masks; raise in a thread stays in that thread;
// a dedicated thread taking process signals with sigwait while every other
// thread blocks them; sigtimedwait timing out in a thread; and a thread
// interrupted in sigsuspend and in a futex wait (sem_wait, SA_RESTART).
//
// Usage: sig_threads [threads], default 4. Every thread waits for its
// signal, and main reports only after joining them, so nothing printed
// depends on the order threads run in.
#define _GNU_SOURCE
#include "check.h"
#include "mt_common.h"
#include "sig_common.h"
#include <errno.h>
#include <pthread.h>
#include <semaphore.h>
#include <signal.h>
#include <stdio.h>
#include <time.h>
#include <unistd.h>

static int nthreads;
static sem_t ready;
static __thread volatile sig_atomic_t my_usr1;
static volatile pid_t usr1_by[MT_MAX_THREADS], usr2_taker;
static volatile sig_atomic_t usr2_count;

static volatile int usr1_code_ok = 1;
static void on_usr1(int sig, siginfo_t* si, void* ctx) {
    (void)sig;
    (void)ctx;
    my_usr1++;
    if (si->si_code != SI_TKILL || si->si_pid != getpid()) usr1_code_ok = 0;
}

static void on_usr2(int sig) {
    (void)sig;
    usr2_taker = gettid();
    usr2_count++;
}

struct worker {
    int index;
    pid_t tid;
    int got;
};

// Blocks SIGUSR1 (inherited from main), reports ready, then waits for it
// with sigsuspend, which unblocks it only while waiting.
static void* worker(void* arg) {
    struct worker* w = arg;
    w->tid = gettid();
    sem_post(&ready);
    sigset_t none;
    sigemptyset(&none);
    while (!my_usr1)
        sigsuspend(&none);
    w->got = my_usr1;
    usr1_by[w->index] = gettid();
    // raise() in a thread goes to that thread.
    sig_mask_one(SIG_UNBLOCK, SIGUSR1);
    raise(SIGUSR1);
    w->got += my_usr1 == 2;
    return NULL;
}

static void test_tgkill(void) {
    CHECK(sig_on_info(SIGUSR1, on_usr1, 0) == 0);
    sig_mask_one(SIG_BLOCK, SIGUSR1);
    pthread_t th[MT_MAX_THREADS];
    struct worker w[MT_MAX_THREADS];
    for (int i = 0; i < nthreads; i++) {
        w[i] = (struct worker){.index = i};
        pthread_create(&th[i], NULL, worker, &w[i]);
    }
    for (int i = 0; i < nthreads; i++)
        sem_wait(&ready);
    for (int i = 0; i < nthreads; i++)
        CHECK(pthread_kill(th[i], SIGUSR1) == 0);
    int right = 0;
    for (int i = 0; i < nthreads; i++) {
        pthread_join(th[i], NULL);
        right += w[i].got == 2 && usr1_by[i] == w[i].tid;
    }
    CHECK(right == nthreads && usr1_code_ok);
    CHECK(my_usr1 == 0); // main got none of them
    sig_mask_one(SIG_UNBLOCK, SIGUSR1);
    printf("pthread_kill to %d threads: each handled by its thread %s\n", nthreads,
           sig_yes(right == nthreads));
}

// kill() to the process while every thread but one blocks SIGUSR2.
static volatile pid_t open_tid;
static void* open_worker(void* arg) {
    (void)arg;
    open_tid = gettid();
    sem_post(&ready);
    sigset_t none;
    sigemptyset(&none);
    while (!usr2_count)
        sigsuspend(&none); // the only thread that lets SIGUSR2 in
    return NULL;
}
static volatile int stop_closed;
static void* closed_worker(void* arg) {
    (void)arg;
    sem_post(&ready);
    unsigned spins = 0;
    while (!stop_closed)
        mt_backoff(&spins);
    return NULL;
}

static void test_process_directed(void) {
    CHECK(sig_on(SIGUSR2, on_usr2, 0) == 0);
    sig_mask_one(SIG_BLOCK, SIGUSR2);
    pthread_t th[MT_MAX_THREADS], open;
    for (int i = 0; i < nthreads - 1; i++)
        pthread_create(&th[i], NULL, closed_worker, NULL);
    pthread_create(&open, NULL, open_worker, NULL);
    for (int i = 0; i < nthreads; i++)
        sem_wait(&ready);
    CHECK(kill(getpid(), SIGUSR2) == 0);
    pthread_join(open, NULL);
    stop_closed = 1;
    for (int i = 0; i < nthreads - 1; i++)
        pthread_join(th[i], NULL);
    CHECK(usr2_count == 1 && usr2_taker == open_tid);
    CHECK(!sig_pending(SIGUSR2));
    sig_mask_one(SIG_UNBLOCK, SIGUSR2);
    printf("kill() while all but one thread block it: taken by that one %s\n",
           sig_yes(usr2_taker == open_tid));
}

// A dedicated thread takes SIGHUP and SIGTERM with sigwait.
static sem_t consumed;
static volatile int hups, terms;
static void* waiter(void* arg) {
    sigset_t* set = arg;
    for (;;) {
        int sig = 0;
        if (sigwait(set, &sig) != 0) break;
        if (sig == SIGHUP) hups++;
        if (sig == SIGTERM) {
            terms++;
            break;
        }
        sem_post(&consumed);
    }
    // A timed wait with nothing coming times out.
    struct timespec brief = {0, 2000000};
    errno = 0;
    const int r = sigtimedwait(set, NULL, &brief);
    return (void*)(long)(r == -1 && errno == EAGAIN);
}

static void test_sigwait(void) {
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGHUP);
    sigaddset(&set, SIGTERM);
    pthread_sigmask(SIG_BLOCK, &set, NULL); // threads made from here on inherit it
    sem_init(&consumed, 0, 0);
    pthread_t busy[MT_MAX_THREADS], w;
    stop_closed = 0;
    for (int i = 0; i < nthreads - 1; i++)
        pthread_create(&busy[i], NULL, closed_worker, NULL);
    for (int i = 0; i < nthreads - 1; i++)
        sem_wait(&ready);
    pthread_create(&w, NULL, waiter, &set);
    for (int i = 0; i < 3; i++) {
        kill(getpid(), SIGHUP);
        sem_wait(&consumed);
    }
    kill(getpid(), SIGTERM);
    void* timed_out;
    pthread_join(w, &timed_out);
    stop_closed = 1;
    for (int i = 0; i < nthreads - 1; i++)
        pthread_join(busy[i], NULL);
    CHECK(hups == 3 && terms == 1 && timed_out);
    pthread_sigmask(SIG_UNBLOCK, &set, NULL);
    printf("sigwait thread: %d SIGHUP, %d SIGTERM, then sigtimedwait EAGAIN %s\n", hups, terms,
           sig_yes(timed_out != NULL));
}

// A thread waiting in sem_wait is interrupted by its own signal and, with
// SA_RESTART, goes back to waiting until the post.
static sem_t gate;
static volatile sig_atomic_t gate_signals;
static volatile int gate_result = -2;
static void on_gate(int sig) {
    (void)sig;
    gate_signals++;
}
static void* gate_waiter(void* arg) {
    (void)arg;
    sem_post(&ready);
    gate_result = sem_wait(&gate);
    return NULL;
}

static void test_interrupted_wait(void) {
    CHECK(sig_on(SIGWINCH, on_gate, SA_RESTART) == 0);
    sem_init(&gate, 0, 0);
    pthread_t th;
    pthread_create(&th, NULL, gate_waiter, NULL);
    sem_wait(&ready);
    struct timespec nap = {0, 3000000};
    nanosleep(&nap, NULL); // it is asleep in sem_wait by now, or soon
    pthread_kill(th, SIGWINCH);
    while (!gate_signals)
        nanosleep(&nap, NULL);
    CHECK(gate_result == -2); // still waiting after the handler
    sem_post(&gate);
    pthread_join(th, NULL);
    CHECK(gate_result == 0 && gate_signals == 1);
    printf("sem_wait in a thread, interrupted with SA_RESTART: returned %d after the post\n",
           gate_result);
}

int main(int argc, char** argv) {
    nthreads = mt_thread_count(argc, argv);
    sem_init(&ready, 0, 0);
    test_tgkill();
    test_process_directed();
    test_sigwait();
    test_interrupted_wait();
    return check_done();
}
