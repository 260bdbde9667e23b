// SA_RESETHAND: the handler runs once and the disposition is back to
// SIG_DFL by the time it runs (a second signal gets the default action,
// here "ignore" for SIGURG and SIGWINCH); without SA_NODEFER the signal is
// still blocked inside the handler, so a copy raised there waits and then
// meets SIG_DFL; with SA_NODEFER it does so at once. glibc's signal() keeps
// its handler (BSD semantics, SA_RESTART); sysv_signal() is one-shot.
#define _GNU_SOURCE
#include "check.h"
#include "sig_common.h"
#include <signal.h>
#include <stdio.h>

static volatile sig_atomic_t calls;
static volatile int reset_inside, blocked_inside, pending_inside;

static int is_default(int sig) {
    struct sigaction now;
    sigaction(sig, NULL, &now);
    return now.sa_handler == SIG_DFL;
}

static void once(int sig) {
    calls++;
    reset_inside = is_default(sig);
    blocked_inside = sig_blocked(sig);
    raise(sig); // SIG_DFL now: ignored, at once or after the return
    pending_inside = sig_pending(sig);
}

static void test_resethand(int sig, int flags, const char* what) {
    calls = 0;
    CHECK(sig_on(sig, once, SA_RESETHAND | flags) == 0);
    raise(sig);
    raise(sig);
    CHECK(calls == 1 && reset_inside && is_default(sig));
    CHECK(!sig_pending(sig) && !sig_blocked(sig));
    const int nodefer = flags & SA_NODEFER;
    CHECK(blocked_inside == !nodefer && pending_inside == !nodefer);
    printf("%s: %d call(s); reset inside %s; blocked inside %s\n", what, (int)calls,
           sig_yes(reset_inside), sig_yes(blocked_inside));
}

static volatile sig_atomic_t kept;
static void counting(int sig) {
    (void)sig;
    kept++;
}

static void test_signal_flavours(void) {
    CHECK(signal(SIGUSR1, counting) != SIG_ERR);
    raise(SIGUSR1);
    raise(SIGUSR1);
    struct sigaction now;
    sigaction(SIGUSR1, NULL, &now);
    CHECK(kept == 2 && now.sa_handler == counting && (now.sa_flags & SA_RESTART));
    CHECK(!(now.sa_flags & SA_RESETHAND));
    printf("signal(): handler kept after %d calls, SA_RESTART %s\n", (int)kept,
           sig_yes(now.sa_flags & SA_RESTART));
    CHECK(sysv_signal(SIGWINCH, counting) != SIG_ERR);
    sigaction(SIGWINCH, NULL, &now);
    CHECK((now.sa_flags & (SA_RESETHAND | SA_NODEFER)) == (SA_RESETHAND | SA_NODEFER));
    raise(SIGWINCH);
    raise(SIGWINCH);
    CHECK(kept == 3 && is_default(SIGWINCH));
    printf("sysv_signal(): one call, then SIG_DFL %s\n", sig_yes(is_default(SIGWINCH)));
}

int main(void) {
    test_resethand(SIGURG, 0, "SA_RESETHAND");
    test_resethand(SIGWINCH, SA_NODEFER, "SA_RESETHAND|SA_NODEFER");
    test_signal_flavours();
    return check_done();
}
