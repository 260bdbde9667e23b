// Nested signals: a handler interrupted by another signal, a handler's own
// signal blocked while it runs (delivered after it returns) or not
// (SA_NODEFER: recursion), sa_mask holding another signal back, the mask
// inside a handler and after it, a handler's mask change undone by its
// return, and several pending signals let through at once: each gets a
// frame on top of the last, so the last one taken runs first.
#define _GNU_SOURCE
#include "check.h"
#include "sig_common.h"
#include <signal.h>
#include <stdio.h>

static volatile char trace[128];
static volatile int ntrace;
static void note(const char* s) {
    while (*s && ntrace < (int)sizeof trace - 1)
        trace[ntrace++] = *s++;
    trace[ntrace] = 0;
}
// Handlers write the trace, so it is volatile; printf and strcmp read a plain view.
static const char* traced(void) {
    return (const char*)trace;
}
static void reset(void) {
    ntrace = 0;
    trace[0] = 0;
}

static volatile int depth, max_depth;
static volatile int usr1_blocked_inside, usr1_pending_inside;

// SIGUSR1 raises SIGUSR2 (runs nested) and itself (held until it returns).
static void on_usr2(int sig) {
    (void)sig;
    depth++;
    if (depth > max_depth) max_depth = depth;
    note("2");
    depth--;
}
static void on_usr1(int sig) {
    depth++;
    if (depth > max_depth) max_depth = depth;
    note("[1");
    if (depth == 1 && ntrace < 3) {
        raise(SIGUSR2);
        raise(SIGUSR1);
        usr1_blocked_inside = sig_blocked(sig);
        usr1_pending_inside = sig_pending(sig);
    }
    note("]");
    depth--;
}

static void test_nested(void) {
    reset();
    max_depth = 0;
    CHECK(sig_on(SIGUSR1, on_usr1, 0) == 0);
    CHECK(sig_on(SIGUSR2, on_usr2, 0) == 0);
    raise(SIGUSR1);
    CHECK(usr1_blocked_inside && usr1_pending_inside);
    CHECK(!sig_blocked(SIGUSR1) && !sig_blocked(SIGUSR2));
    CHECK(max_depth == 2);
    CHECK(strcmp(traced(), "[12][1]") == 0); // SIGUSR2 inside, the second SIGUSR1 after
    printf("nested: %s (depth %d)\n", traced(), (int)max_depth);
}

// SA_NODEFER: the handler raises its own signal, which interrupts it at once.
static volatile int hup_calls;
static void on_hup(int sig) {
    depth++;
    if (depth > max_depth) max_depth = depth;
    note("(");
    if (++hup_calls < 5) raise(sig);
    note(")");
    depth--;
}

static void test_nodefer(void) {
    reset();
    max_depth = hup_calls = 0;
    CHECK(sig_on(SIGHUP, on_hup, SA_NODEFER) == 0);
    raise(SIGHUP);
    CHECK(max_depth == 5 && strcmp(traced(), "((((()))))") == 0);
    printf("SA_NODEFER: %s (depth %d)\n", traced(), (int)max_depth);
    // Without it the same handler runs five times, one after another.
    reset();
    max_depth = hup_calls = 0;
    CHECK(sig_on(SIGHUP, on_hup, 0) == 0);
    raise(SIGHUP);
    printf("without SA_NODEFER: %s (depth %d)\n", traced(), (int)max_depth);
    CHECK(max_depth == 1 && strcmp(traced(), "()()()()()") == 0);
}

// sa_mask: SIGTERM's handler holds SIGINT back; it runs after SIGTERM's returns.
static volatile int int_blocked_inside, term_blocked_inside, hup_blocked_inside;
static void on_int(int sig) {
    (void)sig;
    note("I");
}
static void on_term(int sig) {
    (void)sig;
    note("<T");
    raise(SIGINT);
    int_blocked_inside = sig_blocked(SIGINT);
    term_blocked_inside = sig_blocked(SIGTERM);
    hup_blocked_inside = sig_blocked(SIGHUP);
    // A mask change inside a handler lasts only until it returns.
    sig_mask_one(SIG_BLOCK, SIGHUP);
    note(">");
}

static void test_sa_mask(void) {
    reset();
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_term;
    sigemptyset(&sa.sa_mask);
    sigaddset(&sa.sa_mask, SIGINT);
    CHECK(sigaction(SIGTERM, &sa, NULL) == 0);
    CHECK(sig_on(SIGINT, on_int, 0) == 0);
    raise(SIGTERM);
    CHECK(int_blocked_inside && term_blocked_inside && !hup_blocked_inside);
    CHECK(strcmp(traced(), "<T>I") == 0);
    CHECK(!sig_blocked(SIGHUP) && !sig_blocked(SIGINT) && !sig_blocked(SIGTERM));
    printf("sa_mask: %s; inside SIGINT %s, SIGTERM %s blocked; after, SIGHUP blocked %s\n",
           traced(), sig_yes(int_blocked_inside), sig_yes(term_blocked_inside),
           sig_yes(sig_blocked(SIGHUP)));
}

// Three signals released by one sigprocmask: lowest taken first, each frame
// on top of the previous one, so the handlers run highest first.
static void name_sig(int sig) {
    note(sig == SIGHUP ? "HUP " : sig == SIGUSR1 ? "USR1 " : sig == SIGUSR2 ? "USR2 " : "? ");
}

static void test_stacked(void) {
    reset();
    CHECK(sig_on(SIGHUP, name_sig, 0) == 0);
    CHECK(sig_on(SIGUSR1, name_sig, 0) == 0);
    CHECK(sig_on(SIGUSR2, name_sig, 0) == 0);
    sigset_t set, old;
    sigemptyset(&set);
    sigaddset(&set, SIGHUP);
    sigaddset(&set, SIGUSR1);
    sigaddset(&set, SIGUSR2);
    sigprocmask(SIG_BLOCK, &set, &old);
    raise(SIGUSR2);
    raise(SIGHUP);
    raise(SIGUSR1);
    CHECK(ntrace == 0);
    sigprocmask(SIG_SETMASK, &old, NULL);
    printf("released together: %s\n", traced());
    CHECK(strcmp(traced(), "USR2 USR1 HUP ") == 0);
    // With every handler masking the others they run one at a time, lowest first.
    reset();
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = name_sig;
    sa.sa_mask = set;
    CHECK(sigaction(SIGHUP, &sa, NULL) == 0 && sigaction(SIGUSR1, &sa, NULL) == 0 &&
          sigaction(SIGUSR2, &sa, NULL) == 0);
    sigprocmask(SIG_BLOCK, &set, NULL);
    raise(SIGUSR2);
    raise(SIGHUP);
    raise(SIGUSR1);
    sigprocmask(SIG_SETMASK, &old, NULL);
    printf("one at a time: %s\n", traced());
    CHECK(strcmp(traced(), "HUP USR1 USR2 ") == 0);
}

int main(void) {
    test_nested();
    test_nodefer();
    test_sa_mask();
    test_stacked();
    return check_done();
}
