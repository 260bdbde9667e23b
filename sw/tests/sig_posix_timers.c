// POSIX timers: SIGEV_SIGNAL (si_code SI_TIMER, the sigev_value, no
// overrun), a periodic timer and timer_gettime, overruns counted while the
// signal waits blocked (at least most of the periods missed, the same in
// siginfo and timer_getoverrun), SIGEV_NONE (no signal; gettime counts
// down), TIMER_ABSTIME on CLOCK_REALTIME, CLOCK_PROCESS_CPUTIME_ID, the
// errors, SIGEV_THREAD_ID (the signal goes to the chosen thread) and glibc's
// SIGEV_THREAD (the function runs in a new thread).
//
// Usage: sig_posix_timers [threads]; the count only sizes a set of busy
// threads so that the run also works with several CPUs.
#define _GNU_SOURCE
#include "check.h"
#include "mt_common.h"
#include "sig_common.h"
#include <errno.h>
#include <pthread.h>
#include <semaphore.h>
#include <signal.h>
#include <stdio.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#define TIMER_SIG (SIGRTMIN + 1)

// A sigevent asking for `notify` with `signo` and an int value.
static struct sigevent event(int notify, int signo, int value) {
    struct sigevent ev;
    memset(&ev, 0, sizeof ev);
    ev.sigev_notify = notify;
    ev.sigev_signo = signo;
    ev.sigev_value.sival_int = value;
    return ev;
}

static void arm(timer_t t, long first_ns, long period_ns, int flags) {
    struct itimerspec its = {{0, period_ns}, {0, first_ns}};
    CHECK(timer_settime(t, flags, &its, NULL) == 0);
}

static void test_signal(void) {
    sig_mask_one(SIG_BLOCK, TIMER_SIG);
    struct sigevent ev = event(SIGEV_SIGNAL, TIMER_SIG, 42);
    timer_t t;
    CHECK(timer_create(CLOCK_MONOTONIC, &ev, &t) == 0);
    arm(t, 10000000, 0, 0);
    siginfo_t si;
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, TIMER_SIG);
    CHECK(sigwaitinfo(&set, &si) == TIMER_SIG);
    CHECK(si.si_code == SI_TIMER && si.si_value.sival_int == 42 && si.si_overrun == 0);
    CHECK(timer_getoverrun(t) == 0);
    struct itimerspec left;
    CHECK(timer_gettime(t, &left) == 0 && left.it_value.tv_sec == 0 && left.it_value.tv_nsec == 0);
    printf("one-shot: SI_TIMER %s, value %d, overrun %d\n", sig_yes(si.si_code == SI_TIMER),
           si.si_value.sival_int, si.si_overrun);

    // Periodic: five signals, the period read back.
    arm(t, 2000000, 2000000, 0);
    for (int i = 0; i < 5; i++)
        CHECK(sigwaitinfo(&set, &si) == TIMER_SIG);
    CHECK(timer_gettime(t, &left) == 0 && left.it_interval.tv_nsec == 2000000);
    CHECK(left.it_value.tv_nsec > 0 && left.it_value.tv_nsec <= 2000000);
    printf("periodic: 5 signals, period %ld ns\n", left.it_interval.tv_nsec);
    // Disarmed, with any signal still queued taken, so the next count starts clean.
    arm(t, 0, 0, 0);
    struct timespec zero = {0, 0};
    sigtimedwait(&set, &si, &zero);

    // Blocked for 20 periods: one signal, the rest are overruns.
    arm(t, 1000000, 1000000, 0);
    struct timespec nap = {0, 20500000};
    nanosleep(&nap, NULL);
    CHECK(sigwaitinfo(&set, &si) == TIMER_SIG);
    CHECK(si.si_overrun >= 15 && si.si_overrun == timer_getoverrun(t));
    printf("20 periods blocked: overruns at least 15 %s, siginfo and getoverrun agree %s\n",
           sig_yes(si.si_overrun >= 15), sig_yes(si.si_overrun == timer_getoverrun(t)));
    CHECK(timer_delete(t) == 0);
    errno = 0;
    CHECK(timer_gettime(t, &left) == -1 && errno == EINVAL);
    // A signal the deleted timer had queued is taken here.
    sigtimedwait(&set, &si, &zero);
    sig_mask_one(SIG_UNBLOCK, TIMER_SIG);
}

static void test_none_and_abs(void) {
    struct sigevent ev = event(SIGEV_NONE, 0, 0);
    timer_t t;
    CHECK(timer_create(CLOCK_MONOTONIC, &ev, &t) == 0);
    arm(t, 0, 0, 0);
    struct itimerspec its = {{0, 0}, {5, 0}}, left;
    CHECK(timer_settime(t, 0, &its, NULL) == 0);
    CHECK(timer_gettime(t, &left) == 0);
    CHECK((left.it_value.tv_sec == 4 || left.it_value.tv_sec == 5) && left.it_value.tv_nsec >= 0);
    printf("SIGEV_NONE: about 5 s left, no signal\n");
    CHECK(timer_delete(t) == 0);

    ev = event(SIGEV_SIGNAL, TIMER_SIG, 0);
    CHECK(timer_create(CLOCK_REALTIME, &ev, &t) == 0);
    sig_mask_one(SIG_BLOCK, TIMER_SIG);
    struct timespec now;
    clock_gettime(CLOCK_REALTIME, &now);
    its.it_value = now;
    its.it_value.tv_nsec += 5000000;
    if (its.it_value.tv_nsec >= 1000000000) {
        its.it_value.tv_nsec -= 1000000000;
        its.it_value.tv_sec++;
    }
    CHECK(timer_settime(t, TIMER_ABSTIME, &its, NULL) == 0);
    int sig = 0;
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, TIMER_SIG);
    CHECK(sigwait(&set, &sig) == 0 && sig == TIMER_SIG);
    struct timespec after;
    clock_gettime(CLOCK_REALTIME, &after);
    CHECK(after.tv_sec > its.it_value.tv_sec ||
          (after.tv_sec == its.it_value.tv_sec && after.tv_nsec >= its.it_value.tv_nsec));
    printf("TIMER_ABSTIME on CLOCK_REALTIME: fired at or after the time given\n");
    sig_mask_one(SIG_UNBLOCK, TIMER_SIG);
    CHECK(timer_delete(t) == 0);
}

static volatile sig_atomic_t cpu_fired;
static void on_cpu(int sig) {
    (void)sig;
    cpu_fired++;
}
static volatile unsigned long sink;

static void test_cpu_clock(void) {
    CHECK(sig_on(SIGUSR1, on_cpu, 0) == 0);
    struct sigevent ev = event(SIGEV_SIGNAL, SIGUSR1, 0);
    timer_t t;
    CHECK(timer_create(CLOCK_PROCESS_CPUTIME_ID, &ev, &t) == 0);
    arm(t, 10000000, 0, 0);
    for (unsigned long i = 0; i < 4000000000ul && !cpu_fired; i++)
        sink = sink * 31 + i;
    CHECK(cpu_fired == 1);
    printf("CLOCK_PROCESS_CPUTIME_ID: fired during a busy loop %s\n", sig_yes(cpu_fired == 1));
    CHECK(timer_delete(t) == 0);
}

static void test_errors(void) {
    struct sigevent ev = event(SIGEV_SIGNAL, 0, 0);
    timer_t t;
    errno = 0;
    CHECK(timer_create(CLOCK_MONOTONIC, &ev, &t) == -1 && errno == EINVAL);
    ev.sigev_signo = SIGUSR2;
    ev.sigev_notify = 77;
    errno = 0;
    CHECK(timer_create(CLOCK_MONOTONIC, &ev, &t) == -1 && errno == EINVAL);
    ev.sigev_notify = SIGEV_SIGNAL;
    CHECK(timer_create(CLOCK_MONOTONIC, &ev, &t) == 0);
    struct itimerspec bad = {{0, 0}, {0, 1000000000}};
    errno = 0;
    CHECK(timer_settime(t, 0, &bad, NULL) == -1 && errno == EINVAL);
    CHECK(timer_delete(t) == 0);
    errno = 0;
    CHECK(timer_delete(t) == -1 && errno == EINVAL);
    printf("bad signal, notify kind, timespec and timer: EINVAL\n");
}

// SIGEV_THREAD_ID: the signal goes to the thread named, which waits for it.
static sem_t ready;
static volatile pid_t target_tid, handled_by;
static volatile sig_atomic_t thread_fired;
static void on_thread_timer(int sig) {
    (void)sig;
    handled_by = gettid();
    thread_fired++;
}
static void* timer_target(void* arg) {
    (void)arg;
    target_tid = gettid();
    sig_mask_one(SIG_BLOCK, SIGUSR2);
    sem_post(&ready);
    sigset_t none;
    sigemptyset(&none);
    while (!thread_fired)
        sigsuspend(&none);
    return NULL;
}

static volatile int stop_busy;
static void* busy(void* arg) {
    (void)arg;
    unsigned spins = 0;
    while (!stop_busy)
        mt_backoff(&spins);
    return NULL;
}

static void test_thread_id(int nthreads) {
    CHECK(sig_on(SIGUSR2, on_thread_timer, 0) == 0);
    sem_init(&ready, 0, 0);
    pthread_t others[MT_MAX_THREADS], th;
    for (int i = 0; i < nthreads; i++)
        pthread_create(&others[i], NULL, busy, NULL);
    pthread_create(&th, NULL, timer_target, NULL);
    sem_wait(&ready);
    struct sigevent ev = event(SIGEV_THREAD_ID, SIGUSR2, 0);
    ev._sigev_un._tid = target_tid;
    timer_t t;
    CHECK(timer_create(CLOCK_MONOTONIC, &ev, &t) == 0);
    arm(t, 5000000, 0, 0);
    pthread_join(th, NULL);
    stop_busy = 1;
    for (int i = 0; i < nthreads; i++)
        pthread_join(others[i], NULL);
    CHECK(thread_fired == 1 && handled_by == target_tid);
    printf("SIGEV_THREAD_ID: handled by the thread named %s\n", sig_yes(handled_by == target_tid));
    CHECK(timer_delete(t) == 0);
}

// glibc's SIGEV_THREAD: a helper thread takes the timer signal and starts
// a thread running the function, with the sigev_value.
static sem_t ran;
static volatile int ran_value, ran_elsewhere;
static pthread_t main_thread;
static void expired(union sigval v) {
    ran_value = v.sival_int;
    ran_elsewhere = !pthread_equal(pthread_self(), main_thread);
    sem_post(&ran);
}

static void test_sigev_thread(void) {
    sem_init(&ran, 0, 0);
    main_thread = pthread_self();
    struct sigevent ev = event(SIGEV_THREAD, 0, 99);
    ev.sigev_notify_function = expired;
    timer_t t;
    CHECK(timer_create(CLOCK_MONOTONIC, &ev, &t) == 0);
    arm(t, 3000000, 0, 0);
    CHECK(sem_wait(&ran) == 0);
    CHECK(ran_value == 99 && ran_elsewhere);
    printf("SIGEV_THREAD: function ran in another thread %s, value %d\n", sig_yes(ran_elsewhere),
           ran_value);
    CHECK(timer_delete(t) == 0);
}

int main(int argc, char** argv) {
    const int nthreads = mt_thread_count(argc, argv);
    test_signal();
    test_none_and_abs();
    test_cpu_clock();
    test_errors();
    test_thread_id(nthreads);
    test_sigev_thread();
    return check_done();
}
