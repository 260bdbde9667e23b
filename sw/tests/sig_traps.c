// Faults and details qemu-sparc64 does not reproduce, checked against what
// the sparc64 Linux 6.1 kernel does (traps_64.c, signal_64.c): SIGFPE
// FPE_INTDIV for sdivx by zero and for `ta 2`, SIGBUS BUS_ADRALN for a
// misaligned load (si_addr the address), SIGTRAP TRAP_BRKPT for `ta 1`,
// SIGILL ILL_PRVOPC for a privileged instruction and ILL_ILLTRP with
// si_trapno for an undefined software trap (__builtin_trap is `ta 5`),
// SIGEMT EMT_TAGOVF for taddcctv, SIGFPE FPE_FLTDIV from an enabled IEEE
// trap; pt_regs.magic (0x57ac6c00 | trap type) and TSTATE_SYSCALL in the
// frame; rt_sigreturn on a bad frame raising SIGSEGV (SI_KERNEL); a handler
// without SA_SIGINFO getting si_code SI_NOINFO; unknown
// sa_flags dropped; and the 64-bit pause system call being ENOSYS.
//
// Not run under qemu (it aborts on most of these traps): tests/qemu compares
// its output with sig_traps.expected.
#define _GNU_SOURCE
#include "check.h"
#include "sig_common.h"
#include <errno.h>
#include <fenv.h>
#include <setjmp.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/syscall.h>
#include <unistd.h>

__asm__(".text\n"
        ".align 4\n"
        ".global trap_sdivx\n"
        ".type trap_sdivx, #function\n"
        "trap_sdivx:\n"
        "  sdivx %o0, %o1, %o0\n"
        "  retl\n"
        "  nop\n"
        ".global trap_misaligned\n"
        "trap_misaligned:\n"
        "  ldx [%o0], %o0\n"
        "  retl\n"
        "  nop\n"
        ".global trap_ta1\n"
        "trap_ta1:\n"
        "  ta 1\n"
        "  retl\n"
        "  nop\n"
        ".global trap_ta2\n"
        "trap_ta2:\n"
        "  ta 2\n"
        "  retl\n"
        "  nop\n"
        ".global trap_ta5\n"
        "trap_ta5:\n"
        "  ta 5\n"
        "  retl\n"
        "  nop\n"
        ".global trap_priv\n"
        "trap_priv:\n"
        "  rdpr %pstate, %o0\n"
        "  retl\n"
        "  nop\n"
        ".global trap_tagged\n"
        "trap_tagged:\n"
        "  taddcctv %o0, %o1, %o0\n"
        "  retl\n"
        "  nop\n"
        ".global bad_sigreturn\n" // rt_sigreturn on a misaligned frame at %o0
        "bad_sigreturn:\n"
        "  mov %o0, %sp\n"
        "  mov 101, %g1\n"
        ".global bad_sigreturn_ta\n"
        "bad_sigreturn_ta:\n"
        "  ta 0x6d\n"
        "  retl\n"
        "  nop\n");
long trap_sdivx(long a, long b);
long trap_misaligned(const void* p);
void trap_ta1(void), trap_ta2(void), trap_ta5(void);
long trap_priv(void);
long trap_tagged(long a, long b);
void bad_sigreturn(uintptr_t sp);
extern char bad_sigreturn_ta[];

static sigjmp_buf env;
static siginfo_t got;
static uint64_t got_pc;
static unsigned got_magic;
static uint64_t got_tstate;

static void on_fault(int sig, siginfo_t* si, void* ctx) {
    (void)sig;
    struct sigcontext* sc = ctx;
    got = *si;
    got_pc = sc->sigc_regs.tpc;
    got_magic = sc->sigc_regs.fprs; // glibc names pt_regs.magic "fprs"
    got_tstate = sc->sigc_regs.tstate;
    siglongjmp(env, 1);
}

static void a_sdivx(void) {
    trap_sdivx(5, 0);
}
static char buffer[16] __attribute__((aligned(16)));
static void a_misaligned(void) {
    trap_misaligned(buffer + 4);
}
static void a_tagged(void) {
    trap_tagged(1, 1); // tag bits set: overflow
}
static volatile double zero;
static void a_fp_divide(void) {
    feenableexcept(FE_DIVBYZERO);
    volatile double x = 1.0 / zero;
    (void)x;
}

struct trap_case {
    const char* name;
    void (*run)(void);
    int sig, code, trapno;
    uintptr_t addr, pc; // addr 0: the PC
    unsigned tt;
};

static void run_case(const struct trap_case* c) {
    memset(&got, 0, sizeof got);
    if (!sigsetjmp(env, 1)) {
        c->run();
        printf("%-22s no signal\n", c->name);
        CHECK(0);
        return;
    }
    fedisableexcept(FE_ALL_EXCEPT);
    const uintptr_t addr = c->addr ? c->addr : c->pc;
    const int ok = got.si_signo == c->sig && got.si_code == c->code &&
                   (uintptr_t)got.si_addr == addr && got_pc == c->pc &&
                   ((int*)&got)[6] == c->trapno && got_magic == (0x57ac6c00u | c->tt);
    printf("%-22s signal %2d code %2d trapno %d magic %#x addr/pc %s\n", c->name, got.si_signo,
           got.si_code, ((int*)&got)[6], got_magic, sig_yes(ok));
    CHECK(ok);
}

static volatile int plain_code;
static void plain(int sig, siginfo_t* si, void* ctx) {
    (void)sig;
    (void)ctx;
    plain_code = si->si_code;
}

int main(void) {
    const int sigs[] = {SIGFPE, SIGBUS, SIGTRAP, SIGILL, SIGEMT};
    for (unsigned i = 0; i < sizeof sigs / sizeof sigs[0]; i++)
        CHECK(sig_on_info(sigs[i], on_fault, 0) == 0);
    // The PC of an IEEE trap is inside a_fp_divide; the others are the stubs.
    const struct trap_case cases[] = {
        {"sdivx by zero", a_sdivx, SIGFPE, FPE_INTDIV, 0, 0, (uintptr_t)trap_sdivx, 0x028},
        {"ta 2", trap_ta2, SIGFPE, FPE_INTDIV, 0, 0, (uintptr_t)trap_ta2, 0x102},
        {"misaligned ldx", a_misaligned, SIGBUS, BUS_ADRALN, 0, (uintptr_t)(buffer + 4),
         (uintptr_t)trap_misaligned, 0x034},
        {"ta 1", trap_ta1, SIGTRAP, TRAP_BRKPT, 0, 0, (uintptr_t)trap_ta1, 0x101},
        {"ta 5 (__builtin_trap)", trap_ta5, SIGILL, ILL_ILLTRP, 5, 0, (uintptr_t)trap_ta5, 0x105},
        {"rdpr %pstate", (void (*)(void))trap_priv, SIGILL, ILL_PRVOPC, 0, 0, (uintptr_t)trap_priv,
         0x011},
        {"taddcctv", a_tagged, SIGEMT, EMT_TAGOVF, 0, 0, (uintptr_t)trap_tagged, 0x023},
    };
    for (unsigned i = 0; i < sizeof cases / sizeof cases[0]; i++)
        run_case(&cases[i]);

    memset(&got, 0, sizeof got);
    if (!sigsetjmp(env, 1)) a_fp_divide();
    fedisableexcept(FE_ALL_EXCEPT);
    CHECK(got.si_signo == SIGFPE && got.si_code == FPE_FLTDIV && (uintptr_t)got.si_addr == got_pc);
    CHECK(got_magic == (0x57ac6c00u | 0x021));
    printf("IEEE divide by zero   signal %2d code %2d magic %#x\n", got.si_signo, got.si_code,
           got_magic);

    // A frame built on the way out of a system call: TSTATE_SYSCALL and tt 0x16d.
    CHECK(sig_on_info(SIGUSR1, on_fault, 0) == 0);
    if (!sigsetjmp(env, 1)) raise(SIGUSR1);
    CHECK(got_magic == 0x57ac6d6du && (got_tstate & 0x20));
    printf("raise: magic %#x, TSTATE_SYSCALL %s\n", got_magic, sig_yes(got_tstate & 0x20));

    // rt_sigreturn with a frame not 16-byte aligned: SIGSEGV from the kernel
    // (SI_KERNEL), its frame saying the `ta` itself, on the stack it was given.
    static char fake_stack[8192] __attribute__((aligned(16)));
    CHECK(sig_on_info(SIGSEGV, on_fault, 0) == 0);
    memset(&got, 0, sizeof got);
    if (!sigsetjmp(env, 1)) bad_sigreturn((uintptr_t)fake_stack + 4096 + 8 - 2047);
    CHECK(got.si_signo == SIGSEGV && got.si_code == SI_KERNEL);
    CHECK(got_pc == (uintptr_t)bad_sigreturn_ta && got_magic == 0x57ac6d6du);
    printf("rt_sigreturn, misaligned frame: signal %d code %#x at the ta %s\n", got.si_signo,
           got.si_code, sig_yes(got_pc == (uintptr_t)bad_sigreturn_ta));

    // Without SA_SIGINFO the kernel fills in only si_signo and SI_NOINFO.
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_sigaction = plain; // the same union member as sa_handler; no SA_SIGINFO
    CHECK(sigaction(SIGUSR2, &sa, NULL) == 0);
    raise(SIGUSR2);
    CHECK(plain_code == 32767);
    printf("handler without SA_SIGINFO: si_code %d\n", plain_code);

    sa.sa_flags = SA_RESTART | 0x400 | 0x10; // SA_UNSUPPORTED and a historical bit
    CHECK(sigaction(SIGUSR2, &sa, NULL) == 0);
    CHECK(sigaction(SIGUSR2, NULL, &sa) == 0 && sa.sa_flags == SA_RESTART);
    printf("unknown sa_flags dropped: %#x\n", (unsigned)sa.sa_flags);

    errno = 0;
    CHECK(syscall(29) == -1 && errno == ENOSYS);
    printf("pause system call: ENOSYS on 64-bit sparc\n");
    return check_done();
}
