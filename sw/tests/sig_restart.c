// Blocking calls interrupted by a handled signal (SIGALRM from setitimer):
// a futex wait (sem_wait) is restarted when the handler has SA_RESTART and
// fails with EINTR without it; a timed futex wait (sem_timedwait), sleeps (nanosleep,
// clock_nanosleep, absolute or not), sigsuspend, sigtimedwait and pause() (ppoll) fail with EINTR
// either way, and nanosleep reports the time it had left.
#define _GNU_SOURCE
#include "check.h"
#include "sig_common.h"
#include <errno.h>
#include <semaphore.h>
#include <signal.h>
#include <stdio.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>

static sem_t sem;
static volatile sig_atomic_t alarms, post_after;

// The third alarm posts the semaphore (sem_post is async-signal-safe).
static void on_alarm(int sig) {
    (void)sig;
    if (++alarms == post_after) sem_post(&sem);
}

static void every(long usec) {
    struct itimerval it = {{0, usec}, {0, usec}};
    setitimer(ITIMER_REAL, &it, NULL);
}
static void once_after(long usec) {
    struct itimerval it = {{0, 0}, {0, usec}};
    setitimer(ITIMER_REAL, &it, NULL);
}
static void stop_timer(void) {
    struct itimerval it = {{0, 0}, {0, 0}};
    setitimer(ITIMER_REAL, &it, NULL);
}

static void test_futex(int flags, const char* what) {
    CHECK(sig_on(SIGALRM, on_alarm, flags) == 0);
    alarms = 0;
    post_after = 3;
    every(5000);
    errno = 0;
    const int r = sem_wait(&sem);
    const int err = errno;
    stop_timer();
    // Restarted, it returns only once the third alarm has posted; otherwise
    // the first alarm ends it. (Counts after the wait could include one more
    // tick on a slow host, so they are bounds.)
    if (flags & SA_RESTART)
        CHECK(r == 0 && alarms >= 3);
    else
        CHECK(r == -1 && err == EINTR && alarms >= 1 && alarms < 3);
    printf("sem_wait %s: %s\n", what, r == 0 ? "returned 0 after the third alarm" : "EINTR");
    while (sem_trywait(&sem) == 0) {
    }
    // With a timeout the wait is not restarted, SA_RESTART or not.
    struct timespec until;
    clock_gettime(CLOCK_REALTIME, &until);
    until.tv_sec += 2;
    alarms = 0;
    once_after(10000);
    errno = 0;
    CHECK(sem_timedwait(&sem, &until) == -1 && errno == EINTR && alarms == 1);
    printf("sem_timedwait %s: EINTR\n", what);
}

static void test_sleeps(int flags, const char* what) {
    CHECK(sig_on(SIGALRM, on_alarm, flags) == 0);
    post_after = -1;
    struct timespec req = {1, 0}, rem = {0, 0};
    once_after(100000);
    errno = 0;
    CHECK(nanosleep(&req, &rem) == -1 && errno == EINTR);
    // About 0.9 s were left (less if the host was slow to deliver).
    const long left_ms = rem.tv_sec * 1000 + rem.tv_nsec / 1000000;
    CHECK(left_ms > 100 && left_ms <= 900);

    struct timespec now, until;
    clock_gettime(CLOCK_MONOTONIC, &now);
    until = now;
    until.tv_sec += 1;
    once_after(20000);
    CHECK(clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &until, NULL) == EINTR);

    once_after(20000);
    sigset_t none;
    sigemptyset(&none);
    errno = 0;
    CHECK(sigsuspend(&none) == -1 && errno == EINTR);

    sigset_t usr1;
    sigemptyset(&usr1);
    sigaddset(&usr1, SIGUSR1);
    sigprocmask(SIG_BLOCK, &usr1, NULL);
    struct timespec long_wait = {2, 0};
    once_after(20000);
    errno = 0;
    CHECK(sigtimedwait(&usr1, NULL, &long_wait) == -1 && errno == EINTR);
    sigprocmask(SIG_UNBLOCK, &usr1, NULL);

    once_after(20000);
    errno = 0;
    CHECK(pause() == -1 && errno == EINTR);
    stop_timer();
    printf("sleeps and waits %s: all EINTR, nanosleep time left reported\n", what);
}

int main(void) {
    sem_init(&sem, 0, 0);
    test_futex(SA_RESTART, "with SA_RESTART");
    test_futex(0, "without SA_RESTART");
    test_sleeps(SA_RESTART, "with SA_RESTART");
    test_sleeps(0, "without SA_RESTART");
    return check_done();
}
