// Thread cancellation, which glibc builds on a signal (SIGCANCEL, sent with
// tgkill) and its handler: a thread blocked in sem_wait, in nanosleep and in
// sigsuspend is cancelled at that cancellation point; a thread spinning with
// asynchronous cancellation is cancelled in the middle of its loop, its
// stack unwound through the signal frame by libgcc (which reads the frame's
// saved registers), running its cleanup handlers innermost first.
//
// Usage: sig_cancel [threads], default 4: that many spinning threads.
#define _GNU_SOURCE
#include "check.h"
#include "mt_common.h"
#include <pthread.h>
#include <semaphore.h>
#include <signal.h>
#include <stdio.h>
#include <time.h>

static sem_t never, started;
static _Atomic int cleanups;
static char order[MT_MAX_THREADS][8];

static void cleanup(void* arg) {
    char* o = arg;
    size_t n = strlen(o);
    o[n] = (char)('0' + n);
    o[n + 1] = 0;
    cleanups++;
}

static void* in_sem_wait(void* arg) {
    (void)arg;
    sem_post(&started);
    sem_wait(&never);
    return NULL;
}
static void* in_nanosleep(void* arg) {
    (void)arg;
    sem_post(&started);
    struct timespec t = {30, 0};
    nanosleep(&t, NULL);
    return NULL;
}
static void* in_sigsuspend(void* arg) {
    (void)arg;
    sem_post(&started);
    sigset_t none;
    sigemptyset(&none);
    for (;;)
        sigsuspend(&none);
    return NULL;
}

// Asynchronous cancellation: the signal lands anywhere in the loop. Each
// thread counts itself in first, and the main thread cancels only once all
// are in: a cancel that came earlier could land in code that is not
// async-cancel-safe (sem_post, the cleanup push), where the outcome is undefined.
static volatile unsigned long sink;
static _Atomic int spinning_now;
__attribute__((noinline)) static void spin(void) {
    spinning_now++;
    for (;;)
        sink = sink * 7 + 1;
}
__attribute__((noinline)) static void nested_spin(char* o) {
    pthread_cleanup_push(cleanup, o);
    spin();
    pthread_cleanup_pop(0);
}
static void* spinning(void* arg) {
    char* o = arg;
    pthread_cleanup_push(cleanup, o);
    pthread_setcanceltype(PTHREAD_CANCEL_ASYNCHRONOUS, NULL);
    nested_spin(o);
    pthread_cleanup_pop(0);
    return NULL;
}

static int cancel(pthread_t t) {
    void* r = NULL;
    CHECK(pthread_cancel(t) == 0);
    CHECK(pthread_join(t, &r) == 0);
    return r == PTHREAD_CANCELED;
}

int main(int argc, char** argv) {
    const int nthreads = mt_thread_count(argc, argv);
    sem_init(&never, 0, 0);
    sem_init(&started, 0, 0);
    void* (*blocked[])(void*) = {in_sem_wait, in_nanosleep, in_sigsuspend};
    const char* names[] = {"sem_wait", "nanosleep", "sigsuspend"};
    for (int i = 0; i < 3; i++) {
        pthread_t t;
        pthread_create(&t, NULL, blocked[i], NULL);
        sem_wait(&started);
        struct timespec nap = {0, 2000000};
        nanosleep(&nap, NULL); // let it reach the blocking call
        const int ok = cancel(t);
        CHECK(ok);
        printf("cancelled in %s: %s\n", names[i], ok ? "yes" : "no");
    }
    pthread_t t[MT_MAX_THREADS];
    for (int i = 0; i < nthreads; i++)
        pthread_create(&t[i], NULL, spinning, order[i]);
    while (spinning_now < nthreads) {
        struct timespec nap = {0, 100000};
        nanosleep(&nap, NULL);
    }
    int all = 1;
    for (int i = 0; i < nthreads; i++) {
        all &= cancel(t[i]);
        all &= strcmp(order[i], "01") == 0; // inner cleanup first
    }
    CHECK(all && cleanups == 2 * nthreads);
    printf("asynchronous cancellation of spinning threads: unwound through the signal frame, "
           "cleanups innermost first %s\n",
           all ? "yes" : "no");
    return check_done();
}
