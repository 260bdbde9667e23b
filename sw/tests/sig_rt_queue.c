// Real-time signals: every sigqueue is queued with its value; released
// together they are delivered lowest signal first and, for one signal, in
// the order sent (each handler masks the others, so they run one at a
// time); sigwaitinfo takes them in the same order; pthread_sigqueue
// (rt_tgsigqueueinfo) queues to a thread; a standard signal sent the same
// way is pending once. Errors: an unknown process, and a signal number
// above SIGRTMAX.
#define _GNU_SOURCE
#include "check.h"
#include "sig_common.h"
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <unistd.h>

#define NO_SUCH_PID 0x3ffffff0

static char order[256];
static int norder;
static volatile int codes_ok = 1;

static void record(int sig, siginfo_t* si, void* ctx) {
    (void)ctx;
    norder += snprintf(order + norder, sizeof order - norder, "%d:%d ", sig - SIGRTMIN,
                       si->si_value.sival_int);
    if (si->si_code != SI_QUEUE || si->si_pid != getpid()) codes_ok = 0;
}

static void queue(int sig, int value) {
    union sigval v = {.sival_int = value};
    CHECK(sigqueue(getpid(), sig, v) == 0);
}

int main(void) {
    sigset_t rt;
    sigemptyset(&rt);
    for (int i = 0; i < 4; i++)
        sigaddset(&rt, SIGRTMIN + i);
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_sigaction = record;
    sa.sa_flags = SA_SIGINFO;
    sa.sa_mask = rt;
    for (int i = 0; i < 4; i++)
        CHECK(sigaction(SIGRTMIN + i, &sa, NULL) == 0);

    sigprocmask(SIG_BLOCK, &rt, NULL);
    queue(SIGRTMIN + 2, 1);
    queue(SIGRTMIN, 2);
    queue(SIGRTMIN + 2, 3);
    queue(SIGRTMIN, 4);
    queue(SIGRTMIN + 1, 5);
    queue(SIGRTMIN + 3, 6);
    queue(SIGRTMIN, 7);
    CHECK(norder == 0);
    sigprocmask(SIG_UNBLOCK, &rt, NULL);
    printf("handlers (signal-SIGRTMIN:value): %s\n", order);
    CHECK(strcmp(order, "0:2 0:4 0:7 1:5 2:1 2:3 3:6 ") == 0 && codes_ok);

    sigprocmask(SIG_BLOCK, &rt, NULL);
    for (int v = 10; v < 15; v++)
        queue(SIGRTMIN + (v % 2 ? 1 : 3), v);
    siginfo_t si;
    norder = 0;
    for (int i = 0; i < 5; i++) {
        const int sig = sigwaitinfo(&rt, &si);
        norder += snprintf(order + norder, sizeof order - norder, "%d:%d ", sig - SIGRTMIN,
                           si.si_value.sival_int);
    }
    printf("sigwaitinfo: %s\n", order);
    CHECK(strcmp(order, "1:11 1:13 3:10 3:12 3:14 ") == 0);

    // To one thread (rt_tgsigqueueinfo), here the calling one.
    union sigval v = {.sival_int = 99};
    CHECK(pthread_sigqueue(pthread_self(), SIGRTMIN + 1, v) == 0);
    CHECK(sigwaitinfo(&rt, &si) == SIGRTMIN + 1 && si.si_value.sival_int == 99);
    sigprocmask(SIG_UNBLOCK, &rt, NULL);
    printf("pthread_sigqueue to self: value %d\n", si.si_value.sival_int);

    // A standard signal coalesces even with a value.
    sig_mask_one(SIG_BLOCK, SIGUSR1);
    for (int i = 0; i < 3; i++)
        queue(SIGUSR1, 50 + i);
    sigset_t usr1;
    sigemptyset(&usr1);
    sigaddset(&usr1, SIGUSR1);
    struct timespec zero = {0, 0};
    CHECK(sigwaitinfo(&usr1, &si) == SIGUSR1 && si.si_value.sival_int == 50);
    errno = 0;
    CHECK(sigtimedwait(&usr1, &si, &zero) == -1 && errno == EAGAIN);
    sig_mask_one(SIG_UNBLOCK, SIGUSR1);
    printf("SIGUSR1 queued 3 times: taken once, with the first value %s\n",
           sig_yes(si.si_signo == SIGUSR1));

    errno = 0;
    CHECK(sigqueue(NO_SUCH_PID, SIGRTMIN, v) == -1 && errno == ESRCH);
    errno = 0;
    CHECK(sigqueue(getpid(), SIGRTMAX + 1, v) == -1 && errno == EINVAL);
    printf("sigqueue errors: ESRCH, EINVAL\n");
    return check_done();
}
