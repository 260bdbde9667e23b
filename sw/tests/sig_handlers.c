// Signal handlers: signal() and sigaction with and without SA_SIGINFO, the
// siginfo of raise (tgkill: SI_TKILL), kill (SI_USER) and sigqueue
// (SI_QUEUE with a value), the handler running before the sending call
// returns, sparc64's third handler argument (the siginfo itself, followed
// by the saved registers), the old action read back, SIG_IGN, the signals
// ignored by default, and the errors of sigaction, kill and tgkill.
#define _GNU_SOURCE
#include "check.h"
#include "sig_common.h"
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <sys/syscall.h>
#include <unistd.h>

// A pid and a thread id no host or simulator hands out (above any pid_max).
#define NO_SUCH_PID 0x3ffffff0

static volatile sig_atomic_t plain_sig, plain_count;
static void plain(int sig) {
    plain_sig = sig;
    plain_count++;
}

static siginfo_t seen;
static void* seen_ctx;
static volatile sig_atomic_t info_count;
static void with_info(int sig, siginfo_t* si, void* ctx) {
    (void)sig;
    seen = *si;
    seen_ctx = ctx;
    info_count++;
}

static void test_plain(void) {
    CHECK(signal(SIGUSR1, plain) == SIG_DFL);
    CHECK(signal(SIGUSR1, plain) == plain); // the old handler comes back
    CHECK(raise(SIGUSR1) == 0);
    CHECK(plain_count == 1 && plain_sig == SIGUSR1); // ran before raise returned
    CHECK(sig_on(SIGUSR2, plain, 0) == 0);
    CHECK(kill(getpid(), SIGUSR2) == 0);
    CHECK(plain_count == 2 && plain_sig == SIGUSR2);
    CHECK(sig_on(SIGRTMIN + 1, plain, 0) == 0);
    CHECK(raise(SIGRTMIN + 1) == 0);
    CHECK(plain_count == 3 && plain_sig == SIGRTMIN + 1);
    printf("plain handlers: %d calls, last %s\n", (int)plain_count,
           plain_sig == SIGRTMIN + 1 ? "SIGRTMIN+1" : "?");
}

static void test_siginfo(void) {
    CHECK(sig_on_info(SIGUSR1, with_info, 0) == 0);
    CHECK(raise(SIGUSR1) == 0);
    CHECK(info_count == 1);
    CHECK(seen.si_signo == SIGUSR1 && seen.si_errno == 0);
    CHECK(seen.si_code == SI_TKILL); // glibc's raise is tgkill
    CHECK(seen.si_pid == getpid() && seen.si_uid == getuid());
    // sparc64 passes &info as the third argument: glibc's struct sigcontext
    // starts with the 128 bytes of siginfo.
    CHECK(seen_ctx != NULL);
    printf("raise: code SI_TKILL %s, sender is us %s\n", sig_yes(seen.si_code == SI_TKILL),
           sig_yes(seen.si_pid == getpid()));

    CHECK(kill(getpid(), SIGUSR1) == 0);
    CHECK(info_count == 2 && seen.si_code == SI_USER && seen.si_pid == getpid());
    printf("kill: code SI_USER %s\n", sig_yes(seen.si_code == SI_USER));

    union sigval v = {.sival_int = 1234};
    CHECK(sigqueue(getpid(), SIGUSR1, v) == 0);
    CHECK(info_count == 3 && seen.si_code == SI_QUEUE && seen.si_value.sival_int == 1234);
    printf("sigqueue: code SI_QUEUE %s, value %d\n", sig_yes(seen.si_code == SI_QUEUE),
           seen.si_value.sival_int);
}

static void test_old_action(void) {
    struct sigaction sa, old;
    memset(&sa, 0, sizeof sa);
    sa.sa_sigaction = with_info;
    sa.sa_flags = SA_SIGINFO | SA_RESTART | SA_NODEFER;
    sigemptyset(&sa.sa_mask);
    sigaddset(&sa.sa_mask, SIGHUP);
    sigaddset(&sa.sa_mask, SIGRTMIN + 2);
    CHECK(sigaction(SIGWINCH, &sa, NULL) == 0);
    CHECK(sigaction(SIGWINCH, NULL, &old) == 0);
    CHECK(old.sa_sigaction == with_info);
    CHECK((old.sa_flags & (SA_SIGINFO | SA_RESTART | SA_NODEFER | SA_RESETHAND)) ==
          (SA_SIGINFO | SA_RESTART | SA_NODEFER));
    CHECK(sigismember(&old.sa_mask, SIGHUP) && sigismember(&old.sa_mask, SIGRTMIN + 2));
    CHECK(!sigismember(&old.sa_mask, SIGUSR1));
    // Installing returns the previous action in the same call.
    sa.sa_handler = SIG_DFL;
    sa.sa_flags = 0;
    CHECK(sigaction(SIGWINCH, &sa, &old) == 0 && old.sa_sigaction == with_info);
    CHECK(sigaction(SIGWINCH, NULL, &old) == 0 && old.sa_handler == SIG_DFL);
    // SIGKILL and SIGSTOP may be queried, never changed.
    CHECK(sigaction(SIGKILL, NULL, &old) == 0 && old.sa_handler == SIG_DFL);
    errno = 0;
    CHECK(sigaction(SIGKILL, &sa, NULL) == -1 && errno == EINVAL);
    errno = 0;
    CHECK(sigaction(SIGSTOP, &sa, NULL) == -1 && errno == EINVAL);
    errno = 0;
    CHECK(syscall(SYS_rt_sigaction, 0, NULL, &old, NULL, 8) == -1 && errno == EINVAL);
    errno = 0;
    CHECK(syscall(SYS_rt_sigaction, 65, NULL, &old, NULL, 8) == -1 && errno == EINVAL);
    errno = 0;
    CHECK(syscall(SYS_rt_sigaction, SIGUSR1, NULL, &old, NULL, 4) == -1 && errno == EINVAL);
    printf("sigaction: old action, mask and flags read back\n");
}

static void test_ignored(void) {
    const int before = plain_count;
    CHECK(signal(SIGUSR1, SIG_IGN) != SIG_ERR);
    CHECK(raise(SIGUSR1) == 0);
    CHECK(!sig_pending(SIGUSR1));
    // Ignored by default: SIGCHLD, SIGURG, SIGWINCH, SIGCONT.
    const int quiet[] = {SIGCHLD, SIGURG, SIGWINCH, SIGCONT};
    for (unsigned i = 0; i < sizeof quiet / sizeof quiet[0]; i++) {
        CHECK(signal(quiet[i], SIG_DFL) != SIG_ERR);
        CHECK(raise(quiet[i]) == 0);
    }
    CHECK(plain_count == before);
    printf("SIG_IGN and default-ignored signals: nothing happens\n");
}

static void test_errors(void) {
    CHECK(kill(getpid(), 0) == 0); // existence check
    errno = 0;
    CHECK(kill(getpid(), 65) == -1 && errno == EINVAL);
    errno = 0;
    CHECK(kill(NO_SUCH_PID, SIGUSR1) == -1 && errno == ESRCH);
    CHECK(syscall(SYS_tgkill, getpid(), gettid(), 0) == 0);
    errno = 0;
    CHECK(syscall(SYS_tgkill, getpid(), NO_SUCH_PID, SIGUSR1) == -1 && errno == ESRCH);
    errno = 0;
    CHECK(syscall(SYS_tgkill, getpid(), 0, SIGUSR1) == -1 && errno == EINVAL);
    errno = 0;
    CHECK(syscall(SYS_tkill, -1, SIGUSR1) == -1 && errno == EINVAL);
    errno = 0;
    CHECK(syscall(SYS_tgkill, getpid(), gettid(), 70) == -1 && errno == EINVAL);
    printf("kill/tgkill errors: EINVAL and ESRCH\n");
}

int main(void) {
    test_plain();
    test_siginfo();
    test_old_action();
    test_ignored();
    test_errors();
    return check_done();
}
