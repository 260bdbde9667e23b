// Shared by the sig_* programs: installing handlers, changing the mask, and
// yes/no output. Nothing they print may depend on timing or on the host:
// both qemu-sparc64 (host signals, host time) and the simulator run them.
#ifndef FIREPLANE_SW_TESTS_SIG_COMMON_H
#define FIREPLANE_SW_TESTS_SIG_COMMON_H

#include <signal.h>
#include <string.h>

typedef void (*sig_plain_fn)(int);
typedef void (*sig_info_fn)(int, siginfo_t*, void*);

// sigaction with an empty sa_mask; returns sigaction's result.
static inline int sig_on(int sig, sig_plain_fn handler, int flags) {
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = handler;
    sa.sa_flags = flags;
    sigemptyset(&sa.sa_mask);
    return sigaction(sig, &sa, NULL);
}

// The same for an SA_SIGINFO handler.
static inline int sig_on_info(int sig, sig_info_fn handler, int flags) {
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_sigaction = handler;
    sa.sa_flags = flags | SA_SIGINFO;
    sigemptyset(&sa.sa_mask);
    return sigaction(sig, &sa, NULL);
}

// Blocks (how = SIG_BLOCK) or unblocks (SIG_UNBLOCK) one signal in the calling thread.
static inline void sig_mask_one(int how, int sig) {
    sigset_t s;
    sigemptyset(&s);
    sigaddset(&s, sig);
    pthread_sigmask(how, &s, NULL);
}

// Whether the calling thread blocks `sig` now.
static inline int sig_blocked(int sig) {
    sigset_t s;
    pthread_sigmask(SIG_BLOCK, NULL, &s);
    return sigismember(&s, sig);
}

// Whether `sig` is pending for the calling thread (or the process).
static inline int sig_pending(int sig) {
    sigset_t s;
    sigpending(&s);
    return sigismember(&s, sig);
}

static inline const char* sig_yes(int b) {
    return b ? "yes" : "no";
}

#endif
