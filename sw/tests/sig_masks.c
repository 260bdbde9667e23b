// Signal masks and pending signals: a blocked signal stays pending
// (sigpending and the raw rt_sigpending), a standard signal is pending once
// however often it is sent while a real-time one queues every instance,
// unblocking delivers before sigprocmask returns, SIGKILL and SIGSTOP cannot
// be blocked, ignoring a pending signal discards it, sigsuspend waits with a
// temporary mask (the handler sees it, the old mask comes back after),
// sigwaitinfo/sigtimedwait take a pending signal without its handler, and
// the errors of sigprocmask and rt_sigpending.
#define _GNU_SOURCE
#include "check.h"
#include "sig_common.h"
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <sys/syscall.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>

static volatile sig_atomic_t usr1_count, rt_count, alrm_count;
static volatile int usr1_blocked_in_handler, usr2_blocked_in_handler;
static void on_usr1(int sig) {
    usr1_count++;
    usr1_blocked_in_handler = sig_blocked(sig);
    usr2_blocked_in_handler = sig_blocked(SIGUSR2);
}
static void on_rt(int sig) {
    (void)sig;
    rt_count++;
}
static void on_alrm(int sig) {
    (void)sig;
    alrm_count++;
}

// A standard signal is pending at most once in each queue: the thread's
// (raise is tgkill) and the process's (kill).
static void test_pending(void) {
    CHECK(sig_on(SIGUSR1, on_usr1, 0) == 0);
    sig_mask_one(SIG_BLOCK, SIGUSR1);
    raise(SIGUSR1);
    raise(SIGUSR1);
    raise(SIGUSR1);
    CHECK(usr1_count == 0 && sig_pending(SIGUSR1));
    sigset_t raw;
    sigemptyset(&raw);
    CHECK(syscall(SYS_rt_sigpending, &raw, 8) == 0 && sigismember(&raw, SIGUSR1));
    sig_mask_one(SIG_UNBLOCK, SIGUSR1);
    CHECK(usr1_count == 1); // delivered on unblock, before sigprocmask returned
    CHECK(!sig_pending(SIGUSR1));
    printf("raised 3 times while blocked: delivered %d time(s)\n", (int)usr1_count);
    sig_mask_one(SIG_BLOCK, SIGUSR1);
    raise(SIGUSR1);
    raise(SIGUSR1);
    kill(getpid(), SIGUSR1);
    kill(getpid(), SIGUSR1);
    sig_mask_one(SIG_UNBLOCK, SIGUSR1);
    CHECK(usr1_count == 3);
    printf("raised twice and killed twice while blocked: delivered %d time(s)\n",
           (int)usr1_count - 1);

    const int rt = SIGRTMIN + 3;
    CHECK(sig_on(rt, on_rt, 0) == 0);
    sig_mask_one(SIG_BLOCK, rt);
    for (int i = 0; i < 3; i++)
        raise(rt);
    CHECK(rt_count == 0 && sig_pending(rt));
    sig_mask_one(SIG_UNBLOCK, rt);
    CHECK(rt_count == 3);
    printf("real-time signal: sent 3 times while blocked, delivered %d time(s)\n", (int)rt_count);
}

static void test_unblockable(void) {
    sigset_t all, now, old;
    sigfillset(&all);
    CHECK(sigprocmask(SIG_SETMASK, &all, &old) == 0);
    CHECK(sigprocmask(SIG_SETMASK, NULL, &now) == 0);
    CHECK(!sigismember(&now, SIGKILL) && !sigismember(&now, SIGSTOP));
    CHECK(sigismember(&now, SIGUSR1) && sigismember(&now, SIGRTMIN));
    CHECK(sigprocmask(SIG_SETMASK, &old, NULL) == 0);
    errno = 0;
    CHECK(sigprocmask(12345, &all, NULL) == -1 && errno == EINVAL);
    CHECK(sigprocmask(SIG_SETMASK, NULL, &now) == 0 && !sigismember(&now, SIGUSR1));
    errno = 0;
    CHECK(syscall(SYS_rt_sigprocmask, SIG_BLOCK, NULL, &now, 4) == -1 && errno == EINVAL);
    errno = 0;
    CHECK(syscall(SYS_rt_sigpending, &now, 16) == -1 && errno == EINVAL);
    printf("SIGKILL and SIGSTOP stay unblocked; bad how and sizes are EINVAL\n");
}

// POSIX: setting a pending signal's action to SIG_IGN discards it.
static void test_ignore_discards(void) {
    const int before = usr1_count;
    sig_mask_one(SIG_BLOCK, SIGUSR1);
    raise(SIGUSR1);
    CHECK(sig_pending(SIGUSR1));
    CHECK(signal(SIGUSR1, SIG_IGN) != SIG_ERR);
    CHECK(!sig_pending(SIGUSR1));
    CHECK(sig_on(SIGUSR1, on_usr1, 0) == 0);
    sig_mask_one(SIG_UNBLOCK, SIGUSR1);
    CHECK(usr1_count == before);
    // A blocked signal is never ignored on arrival: its handler may change.
    sig_mask_one(SIG_BLOCK, SIGUSR1);
    CHECK(signal(SIGUSR1, SIG_IGN) != SIG_ERR);
    raise(SIGUSR1);
    CHECK(sig_pending(SIGUSR1));
    CHECK(sig_on(SIGUSR1, on_usr1, 0) == 0);
    sig_mask_one(SIG_UNBLOCK, SIGUSR1);
    CHECK(usr1_count == before + 1);
    printf("ignoring discards a pending signal; a blocked one is kept\n");
}

static void test_sigsuspend(void) {
    // A pending signal ends sigsuspend at once.
    const int before = usr1_count;
    sig_mask_one(SIG_BLOCK, SIGUSR1);
    raise(SIGUSR1);
    sigset_t wait_mask;
    sigemptyset(&wait_mask);
    sigaddset(&wait_mask, SIGUSR2);
    errno = 0;
    CHECK(sigsuspend(&wait_mask) == -1 && errno == EINTR);
    CHECK(usr1_count == before + 1);
    // The handler ran with the temporary mask plus its own signal.
    CHECK(usr1_blocked_in_handler && usr2_blocked_in_handler);
    // Afterwards the old mask is back: SIGUSR1 blocked, SIGUSR2 not.
    CHECK(sig_blocked(SIGUSR1) && !sig_blocked(SIGUSR2));
    printf("sigsuspend: EINTR, handler saw the temporary mask, old mask restored\n");

    // Woken by a timer.
    CHECK(sig_on(SIGALRM, on_alrm, 0) == 0);
    sig_mask_one(SIG_BLOCK, SIGALRM);
    struct itimerval it = {{0, 0}, {0, 20000}};
    CHECK(setitimer(ITIMER_REAL, &it, NULL) == 0);
    sigset_t none;
    sigemptyset(&none);
    while (alrm_count == 0)
        sigsuspend(&none);
    CHECK(alrm_count == 1 && sig_blocked(SIGALRM));
    sig_mask_one(SIG_UNBLOCK, SIGALRM);
    sig_mask_one(SIG_UNBLOCK, SIGUSR1);
    printf("sigsuspend: woken by SIGALRM\n");
}

static void test_sigwait(void) {
    const int before = usr1_count;
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGUSR1);
    sigaddset(&set, SIGUSR2);
    sigprocmask(SIG_BLOCK, &set, NULL);
    union sigval v = {.sival_int = 77};
    sigqueue(getpid(), SIGUSR2, v);
    raise(SIGUSR1);
    siginfo_t si;
    CHECK(sigwaitinfo(&set, &si) == SIGUSR1); // the lower number first
    CHECK(si.si_code == SI_USER); // glibc's sigtimedwait reports raise's SI_TKILL as SI_USER
    CHECK(sigwaitinfo(&set, &si) == SIGUSR2);
    CHECK(si.si_code == SI_QUEUE && si.si_value.sival_int == 77);
    CHECK(usr1_count == before); // no handler ran
    struct timespec zero = {0, 0}, short_wait = {0, 5000000};
    errno = 0;
    CHECK(sigtimedwait(&set, &si, &zero) == -1 && errno == EAGAIN);
    errno = 0;
    CHECK(sigtimedwait(&set, &si, &short_wait) == -1 && errno == EAGAIN);
    int sig = 0;
    raise(SIGUSR2);
    CHECK(sigwait(&set, &sig) == 0 && sig == SIGUSR2);
    sigprocmask(SIG_UNBLOCK, &set, NULL);
    printf("sigwaitinfo: USR1 then USR2 (value %d); sigtimedwait times out with EAGAIN\n",
           si.si_value.sival_int);
}

int main(void) {
    test_pending();
    test_unblockable();
    test_ignore_discards();
    test_sigsuspend();
    test_sigwait();
    return check_done();
}
