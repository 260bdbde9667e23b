// Alternate signal stacks (sigaltstack): none at first; a handler with
// SA_ONSTACK runs on the stack installed (its locals lie inside it), sees
// SS_ONSTACK, may not change the stack while on it (EPERM), and a signal
// nested there stays on it, below the first frame; a handler without
// SA_ONSTACK runs on the normal stack; SS_DISABLE turns it off; sizes below
// MINSIGSTKSZ are ENOMEM and unknown flags EINVAL.
#define _GNU_SOURCE
#include "check.h"
#include "sig_common.h"
#include <errno.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>

#define ALT_SIZE (64 * 1024)
static char alt[ALT_SIZE] __attribute__((aligned(16)));

static int on_alt(uintptr_t a) {
    return a >= (uintptr_t)alt && a < (uintptr_t)alt + ALT_SIZE;
}

static volatile uintptr_t outer_local, inner_local;
static volatile int outer_flags, inner_flags, change_errno;

static void inner(int sig) {
    (void)sig;
    volatile char here;
    inner_local = (uintptr_t)&here;
    stack_t now;
    sigaltstack(NULL, &now);
    inner_flags = now.ss_flags;
}

static void outer(int sig) {
    (void)sig;
    volatile char here;
    outer_local = (uintptr_t)&here;
    stack_t now, other = {.ss_sp = alt, .ss_size = ALT_SIZE / 2, .ss_flags = 0};
    sigaltstack(NULL, &now);
    outer_flags = now.ss_flags;
    errno = 0;
    change_errno = sigaltstack(&other, NULL) == -1 ? errno : 0;
    raise(SIGUSR2);
}

int main(void) {
    stack_t ss, old;
    CHECK(sigaltstack(NULL, &old) == 0 && old.ss_flags == SS_DISABLE && old.ss_size == 0);
    printf("initially: SS_DISABLE %s\n", sig_yes(old.ss_flags == SS_DISABLE));

    ss.ss_sp = alt;
    ss.ss_size = ALT_SIZE;
    ss.ss_flags = 0;
    CHECK(sigaltstack(&ss, &old) == 0);
    CHECK(sigaltstack(NULL, &old) == 0);
    CHECK(old.ss_sp == alt && old.ss_size == ALT_SIZE && old.ss_flags == 0);

    CHECK(sig_on(SIGUSR1, outer, SA_ONSTACK) == 0);
    CHECK(sig_on(SIGUSR2, inner, SA_ONSTACK) == 0);
    raise(SIGUSR1);
    CHECK(on_alt(outer_local) && on_alt(inner_local) && inner_local < outer_local);
    CHECK(outer_flags == SS_ONSTACK && inner_flags == SS_ONSTACK && change_errno == EPERM);
    printf("SA_ONSTACK: on the alternate stack %s, nested below %s, SS_ONSTACK %s, "
           "change while on it EPERM %s\n",
           sig_yes(on_alt(outer_local)), sig_yes(inner_local < outer_local),
           sig_yes(outer_flags == SS_ONSTACK), sig_yes(change_errno == EPERM));
    CHECK(sigaltstack(NULL, &old) == 0 && old.ss_flags == 0);

    CHECK(sig_on(SIGUSR2, inner, 0) == 0);
    raise(SIGUSR2);
    CHECK(!on_alt(inner_local) && inner_flags == 0);
    printf("without SA_ONSTACK: on the normal stack %s\n", sig_yes(!on_alt(inner_local)));

    ss.ss_flags = SS_DISABLE;
    CHECK(sigaltstack(&ss, NULL) == 0);
    CHECK(sigaltstack(NULL, &old) == 0 && old.ss_flags == SS_DISABLE);
    raise(SIGUSR1);
    CHECK(!on_alt(outer_local) && outer_flags == SS_DISABLE);
    printf("SS_DISABLE: SA_ONSTACK handler on the normal stack %s\n",
           sig_yes(!on_alt(outer_local)));

    ss.ss_flags = 0;
    ss.ss_size = 4095; // the kernel's MINSIGSTKSZ is 4096 (glibc's is sysconf's with _GNU_SOURCE)
    errno = 0;
    CHECK(sigaltstack(&ss, NULL) == -1 && errno == ENOMEM);
    ss.ss_size = ALT_SIZE;
    ss.ss_flags = 0x1234;
    errno = 0;
    CHECK(sigaltstack(&ss, NULL) == -1 && errno == EINVAL);
    CHECK(sigaltstack(NULL, &old) == 0 && old.ss_flags == SS_DISABLE);
    printf("too small ENOMEM, bad flags EINVAL\n");
    return check_done();
}
