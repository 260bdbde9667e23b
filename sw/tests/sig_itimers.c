// alarm and setitimer: alarm returns the seconds left of the previous one
// (rounded, never 0 while it runs) and alarm(0) cancels; SIGALRM arrives
// from the kernel (SI_KERNEL) and ends sigsuspend; a periodic ITIMER_REAL
// ticks until disarmed; getitimer shows the time left and the period;
// setitimer returns the old setting and rejects bad timevals and timers;
// ITIMER_VIRTUAL and ITIMER_PROF count the process's CPU time, so they fire
// during a busy loop.
#define _GNU_SOURCE
#include "check.h"
#include "sig_common.h"
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <sys/time.h>
#include <unistd.h>

static volatile sig_atomic_t alarms, vtalarms, profs;
static volatile int last_code;
static void on_timer(int sig, siginfo_t* si, void* ctx) {
    (void)ctx;
    last_code = si->si_code;
    if (sig == SIGALRM) alarms++;
    if (sig == SIGVTALRM) vtalarms++;
    if (sig == SIGPROF) profs++;
}

static void wait_for(volatile sig_atomic_t* count, int target) {
    sigset_t none;
    sigemptyset(&none);
    while (*count < target)
        sigsuspend(&none);
}

static void test_alarm(void) {
    CHECK(alarm(5) == 0);
    CHECK(alarm(3) == 5); // 4.99... s left rounds up
    CHECK(alarm(0) == 3);
    CHECK(alarm(0) == 0);
    printf("alarm: 0, 5, 3, 0\n");
    sig_mask_one(SIG_BLOCK, SIGALRM);
    alarm(1);
    wait_for(&alarms, 1);
    CHECK(alarms == 1 && last_code == SI_KERNEL);
    printf("SIGALRM after alarm(1): code SI_KERNEL %s\n", sig_yes(last_code == SI_KERNEL));
}

static void test_itimer_real(void) {
    struct itimerval it = {{0, 10000}, {0, 10000}}, old, now;
    CHECK(setitimer(ITIMER_REAL, &it, &old) == 0);
    CHECK(old.it_value.tv_sec == 0 && old.it_value.tv_usec == 0);
    CHECK(getitimer(ITIMER_REAL, &now) == 0);
    CHECK(now.it_interval.tv_sec == 0 && now.it_interval.tv_usec == 10000);
    CHECK(now.it_value.tv_sec == 0 && now.it_value.tv_usec > 0 && now.it_value.tv_usec <= 10000);
    alarms = 0;
    wait_for(&alarms, 5);
    struct itimerval off = {{0, 0}, {0, 0}};
    CHECK(setitimer(ITIMER_REAL, &off, &old) == 0);
    CHECK(old.it_interval.tv_usec == 10000 && old.it_value.tv_usec <= 10000);
    CHECK(getitimer(ITIMER_REAL, &now) == 0 && now.it_value.tv_usec == 0 &&
          now.it_interval.tv_usec == 0);
    CHECK(alarms >= 5); // a slow host may let one more tick in before the disarm
    printf("ITIMER_REAL every 10 ms: 5 ticks, then disarmed\n");

    struct itimerval longer = {{0, 0}, {3, 0}};
    CHECK(setitimer(ITIMER_REAL, &longer, NULL) == 0);
    CHECK(getitimer(ITIMER_REAL, &now) == 0);
    CHECK(now.it_value.tv_sec <= 2 || (now.it_value.tv_sec == 3 && now.it_value.tv_usec == 0));
    CHECK(now.it_value.tv_sec >= 2);
    CHECK(alarm(0) == 3); // alarm and ITIMER_REAL are the same timer
    printf("getitimer: about 3 s left; alarm(0) sees the same timer\n");

    struct itimerval bad = {{0, 0}, {0, 1000000}};
    errno = 0;
    CHECK(setitimer(ITIMER_REAL, &bad, NULL) == -1 && errno == EINVAL);
    errno = 0;
    CHECK(setitimer(7, &it, NULL) == -1 && errno == EINVAL);
    errno = 0;
    CHECK(getitimer(7, &now) == -1 && errno == EINVAL);
    printf("bad tv_usec and unknown timers: EINVAL\n");
}

// Busy work until the CPU-time timer fires (bounded, so a broken timer fails).
static volatile unsigned long sink;
static int spin_until(volatile sig_atomic_t* count) {
    for (unsigned long i = 0; i < 4000000000ul && *count == 0; i++)
        sink = sink * 31 + i;
    return *count > 0;
}

static void test_cpu_timers(void) {
    sig_mask_one(SIG_UNBLOCK, SIGALRM);
    struct itimerval it = {{0, 0}, {0, 20000}}, now;
    CHECK(setitimer(ITIMER_VIRTUAL, &it, NULL) == 0);
    CHECK(getitimer(ITIMER_VIRTUAL, &now) == 0 && now.it_value.tv_sec == 0);
    CHECK(spin_until(&vtalarms) && vtalarms == 1 && last_code == SI_KERNEL);
    printf("ITIMER_VIRTUAL: SIGVTALRM during a busy loop %s\n", sig_yes(vtalarms == 1));
    CHECK(setitimer(ITIMER_PROF, &it, NULL) == 0);
    CHECK(spin_until(&profs) && profs == 1 && last_code == SI_KERNEL);
    printf("ITIMER_PROF: SIGPROF during a busy loop %s\n", sig_yes(profs == 1));
    CHECK(getitimer(ITIMER_PROF, &now) == 0 && now.it_value.tv_sec == 0 &&
          now.it_value.tv_usec == 0);
}

int main(void) {
    CHECK(sig_on_info(SIGALRM, on_timer, 0) == 0);
    CHECK(sig_on_info(SIGVTALRM, on_timer, 0) == 0);
    CHECK(sig_on_info(SIGPROF, on_timer, 0) == 0);
    test_alarm();
    test_itimer_real();
    test_cpu_timers();
    return check_done();
}
