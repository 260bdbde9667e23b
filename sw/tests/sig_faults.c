// Faults caught by handlers: SIGSEGV with SEGV_MAPERR (nothing mapped: a
// null and a wild load, a jump to an unmapped page) and SEGV_ACCERR (a store
// to a read-only page, a jump into a page without execute permission),
// si_addr the data address or the PC, the saved PC the faulting instruction;
// a handler that repairs the page with mprotect and returns, so the store
// is retried and succeeds; SIGILL (ILL_ILLOPC, si_addr the PC); siglongjmp
// out of a handler restoring the signal mask; SA_RESETHAND on a fault; and a
// fault inside another signal's handler. (qemu does not raise SIGBUS for
// misaligned accesses nor SIGFPE for integer division by zero; those are in
// sig_traps, checked against the kernel's values instead.)
#define _GNU_SOURCE
#include "check.h"
#include "sig_common.h"
#include <setjmp.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/mman.h>
#include <unistd.h>

// Instructions that fault, at addresses the checks can name.
__asm__(".text\n"
        ".align 4\n"
        ".global fault_illegal\n"
        ".type fault_illegal, #function\n"
        "fault_illegal:\n"
        "  illtrap 0\n"
        "  retl\n"
        "  nop\n"
        ".size fault_illegal, .-fault_illegal\n"
        ".global fault_load\n"
        ".type fault_load, #function\n"
        "fault_load:\n"
        "  ldx [%o0], %o0\n"
        "  retl\n"
        "  nop\n"
        ".size fault_load, .-fault_load\n"
        ".global fault_store\n"
        ".type fault_store, #function\n"
        "fault_store:\n"
        "  stb %o1, [%o0]\n"
        "  retl\n"
        "  nop\n"
        ".size fault_store, .-fault_store\n");
void fault_illegal(void);
long fault_load(const void* p);
void fault_store(void* p, int v);

static sigjmp_buf env;
static siginfo_t got;
static uintptr_t got_pc;
static volatile int jump_out = 1, segv_blocked_inside, repairs;
static void* repair_page;

// glibc's sparc64 struct sigcontext: the siginfo, then the saved registers.
static void on_fault(int sig, siginfo_t* si, void* ctx) {
    got = *si;
    got_pc = ((struct sigcontext*)ctx)->sigc_regs.tpc;
    segv_blocked_inside = sig_blocked(sig);
    if (!jump_out && repair_page) {
        mprotect(repair_page, 8192, PROT_READ | PROT_WRITE);
        repairs++;
        return; // the store runs again
    }
    siglongjmp(env, 1);
}

// Runs f(arg) and reports whether it faulted.
static int faults(void (*f)(void*), void* arg) {
    memset(&got, 0, sizeof got);
    if (sigsetjmp(env, 1)) return 1;
    f(arg);
    return 0;
}

static void do_load(void* p) {
    fault_load(p);
}
static void do_store(void* p) {
    fault_store(p, 7);
}
static void do_call(void* p) {
    ((void (*)(void))p)();
}
static void do_illegal(void* p) {
    (void)p;
    fault_illegal();
}

static void test_segv(void) {
    CHECK(faults(do_load, (void*)0x10));
    CHECK(got.si_signo == SIGSEGV && got.si_code == SEGV_MAPERR && got.si_addr == (void*)0x10);
    CHECK(got_pc == (uintptr_t)fault_load);
    CHECK(segv_blocked_inside && !sig_blocked(SIGSEGV)); // siglongjmp restored the mask
    printf("null load: SEGV_MAPERR %s, si_addr 0x10 %s, saved pc the load %s\n",
           sig_yes(got.si_code == SEGV_MAPERR), sig_yes(got.si_addr == (void*)0x10),
           sig_yes(got_pc == (uintptr_t)fault_load));
    CHECK(faults(do_load, (void*)0xdead0000));
    CHECK(got.si_code == SEGV_MAPERR && got.si_addr == (void*)0xdead0000);
    CHECK(faults(do_call, (void*)0x1000));
    CHECK(got.si_code == SEGV_MAPERR && got.si_addr == (void*)0x1000 && got_pc == 0x1000);
    printf("wild load and jump to an unmapped page: SEGV_MAPERR %s\n",
           sig_yes(got.si_code == SEGV_MAPERR));

    char* ro = mmap(NULL, 8192, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    CHECK(ro != MAP_FAILED);
    CHECK(faults(do_store, ro + 5));
    CHECK(got.si_code == SEGV_ACCERR && got.si_addr == ro + 5 && got_pc == (uintptr_t)fault_store);
    CHECK(faults(do_call, ro));
    CHECK(got.si_code == SEGV_ACCERR && got.si_addr == ro && got_pc == (uintptr_t)ro);
    printf("store to a read-only page and a jump into it: SEGV_ACCERR %s\n",
           sig_yes(got.si_code == SEGV_ACCERR));

    // A handler that repairs the fault and returns: the store runs again.
    jump_out = 0;
    repair_page = ro;
    CHECK(!faults(do_store, ro + 9));
    CHECK(repairs == 1 && ro[9] == 7 && got.si_code == SEGV_ACCERR);
    jump_out = 1;
    repair_page = NULL;
    printf("handler made the page writable and returned: store done %s\n", sig_yes(ro[9] == 7));
    munmap(ro, 8192);
}

static void test_sigill(void) {
    CHECK(faults(do_illegal, NULL));
    CHECK(got.si_signo == SIGILL && got.si_code == ILL_ILLOPC);
    CHECK(got.si_addr == (void*)fault_illegal && got_pc == (uintptr_t)fault_illegal);
    CHECK(!sig_blocked(SIGILL));
    printf("illtrap: SIGILL ILL_ILLOPC %s, si_addr the instruction %s\n",
           sig_yes(got.si_code == ILL_ILLOPC), sig_yes(got.si_addr == (void*)fault_illegal));
}

static void test_resethand(void) {
    CHECK(sig_on_info(SIGSEGV, on_fault, SA_RESETHAND | SA_NODEFER) == 0);
    CHECK(faults(do_load, (void*)0x20));
    struct sigaction now;
    sigaction(SIGSEGV, NULL, &now);
    CHECK(now.sa_handler == SIG_DFL && !segv_blocked_inside);
    printf("SA_RESETHAND|SA_NODEFER on SIGSEGV: back to SIG_DFL %s\n",
           sig_yes(now.sa_handler == SIG_DFL));
    CHECK(sig_on_info(SIGSEGV, on_fault, 0) == 0);
}

// A fault inside another signal's handler: both frames are left by siglongjmp.
static void on_usr1(int sig) {
    (void)sig;
    fault_load((void*)0x30);
}
static void raise_usr1(void* p) {
    (void)p;
    raise(SIGUSR1);
}

static void test_fault_in_handler(void) {
    CHECK(sig_on(SIGUSR1, on_usr1, 0) == 0);
    CHECK(faults(raise_usr1, NULL));
    CHECK(got.si_addr == (void*)0x30 && !sig_blocked(SIGUSR1) && !sig_blocked(SIGSEGV));
    printf("fault in a SIGUSR1 handler: caught, both masks undone %s\n",
           sig_yes(!sig_blocked(SIGUSR1)));
}

int main(void) {
    CHECK(sig_on_info(SIGSEGV, on_fault, 0) == 0);
    CHECK(sig_on_info(SIGILL, on_fault, 0) == 0);
    test_segv();
    test_sigill();
    test_resethand();
    test_fault_in_handler();
    return check_done();
}
