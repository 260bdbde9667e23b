// The signal frame a handler gets, as the sparc64 kernel lays it out
// (arch/sparc/kernel/signal_64.c): a probe in assembly sets known values in
// the globals, outs, locals, %y, %asi, the condition codes and %f0-%f7, then
// hits illtrap. The SIGILL handler checks the frame through glibc's struct
// sigcontext (the siginfo, then pt_regs: u_regs, tstate, tpc, tnpc, y; the
// FPU block pointer; the stack_t; the mask) and the copied register window
// in front of the siginfo, its own return address (glibc's rt_sigreturn
// stub), %o1 == %o2 == &info, the frame's alignment. It then edits the saved
// context (pc past the illtrap, %o0, %g1, %y, the condition codes and %asi)
// and returns: the probe resumes with those values.
#define _GNU_SOURCE
#include "check.h"
#include "sig_common.h"
#include <signal.h>
#include <stdint.h>
#include <stdio.h>

// long frame_probe(long arg, uint64_t* io): io[0..3] are loaded into %f0-%f7;
// after the fault io[4..7] receive %g1, %y, %ccr and %asi. Returns %o0.
__asm__(".register %g2, #scratch\n"
        ".register %g3, #scratch\n"
        ".text\n"
        ".align 4\n"
        ".global frame_probe\n"
        ".type frame_probe, #function\n"
        "frame_probe:\n"
        "  save %sp, -192, %sp\n"
        "  ldd [%i1], %f0\n"
        "  ldd [%i1 + 8], %f2\n"
        "  ldd [%i1 + 16], %f4\n"
        "  ldd [%i1 + 24], %f6\n"
        "  mov 0x101, %l0\n"
        "  mov 0x102, %l1\n"
        "  mov 0x103, %l2\n"
        "  mov 0x104, %l3\n"
        "  mov 0x105, %l4\n"
        "  mov 0x106, %l5\n"
        "  mov 0x107, %l6\n"
        "  mov 0x108, %l7\n"
        "  mov 0x201, %o0\n"
        "  mov 0x202, %o1\n"
        "  mov 0x203, %o2\n"
        "  mov 0x204, %o3\n"
        "  mov 0x205, %o4\n"
        "  mov 0x206, %o5\n"
        "  mov 0x71, %g1\n"
        "  mov 0x72, %g2\n"
        "  mov 0x73, %g3\n"
        "  mov 0x74, %g4\n"
        "  wr %g0, 0x33, %y\n"
        "  wr %g0, 0x88, %asi\n"
        "  subcc %g0, 1, %g0\n" // N and C in icc and xcc
        ".global frame_probe_fault\n"
        "frame_probe_fault:\n"
        "  illtrap 0\n"
        "  mov %o0, %i0\n"
        "  stx %g1, [%i1 + 32]\n"
        "  rd %y, %l0\n"
        "  stx %l0, [%i1 + 40]\n"
        "  rd %ccr, %l0\n"
        "  stx %l0, [%i1 + 48]\n"
        "  rd %asi, %l0\n"
        "  stx %l0, [%i1 + 56]\n"
        "  ret\n"
        "  restore\n"
        ".size frame_probe, .-frame_probe\n");
long frame_probe(long arg, uint64_t* io);
extern char frame_probe_fault[];

#define FRAME_INFO 192 // struct rt_signal_frame: the siginfo follows struct sparc_stackf
#define FRAME_SIZE 528 // then pt_regs, the FPU pointer, stack_t, mask, rwin pointer
#define STACK_BIAS 2047

static const double fvals[4] = {1.5, -2.25, 1e100, 0.125};

struct seen {
    int sig_ok, info_args, pc, npc, globals, outs, sp_vs_window, locals, in0, y, ccr, asi;
    int fpu, mask, stack, rwin, aligned, restorer, handler_mask;
};
static struct seen seen;

static int same_double(const unsigned* words, double d) {
    uint64_t bits = (uint64_t)words[0] << 32 | words[1];
    return memcmp(&bits, &d, 8) == 0;
}

__attribute__((noinline)) static void on_ill(int sig, siginfo_t* si, void* ctx) {
    struct sigcontext* sc = ctx;
    const uint64_t* window = (const uint64_t*)((char*)si - FRAME_INFO); // locals, then ins
    const unsigned long* u = sc->sigc_regs.u_regs;
    seen.sig_ok = sig == SIGILL && si->si_signo == SIGILL && si->si_code == ILL_ILLOPC;
    seen.info_args = ctx == (void*)si;
    seen.pc = sc->sigc_regs.tpc == (uintptr_t)frame_probe_fault;
    seen.npc = sc->sigc_regs.tnpc == (uintptr_t)frame_probe_fault + 4;
    uintptr_t g7; // the thread pointer
    __asm__("mov %%g7, %0" : "=r"(g7));
    seen.globals = u[1] == 0x71 && u[2] == 0x72 && u[3] == 0x73 && u[4] == 0x74 && u[7] == g7;
    seen.outs = u[8] == 0x201 && u[9] == 0x202 && u[10] == 0x203 && u[11] == 0x204 &&
                u[12] == 0x205 && u[13] == 0x206;
    seen.sp_vs_window = u[14] + 192 == window[8 + 6]; // the probe's %sp and %fp
    seen.locals = 1;
    for (int i = 0; i < 8; i++)
        seen.locals &= window[i] == 0x101u + i;
    seen.in0 = window[8] == 0x5150;
    seen.y = sc->sigc_regs.y == 0x33;
    seen.ccr = ((sc->sigc_regs.tstate >> 32) & 0xff) == 0x99;
    seen.asi = ((sc->sigc_regs.tstate >> 24) & 0xff) == 0x88;
    const __siginfo_fpu_t* fpu = sc->sigc_fpu_save;
    seen.fpu = fpu == (void*)((char*)si - FRAME_INFO + FRAME_SIZE) &&
               same_double(&fpu->si_float_regs[0], fvals[0]) &&
               same_double(&fpu->si_float_regs[2], fvals[1]) &&
               same_double(&fpu->si_float_regs[4], fvals[2]) &&
               same_double(&fpu->si_float_regs[6], fvals[3]);
    seen.mask = ((sc->sigc_mask >> (SIGUSR2 - 1)) & 1) &&
                ((sc->sigc_mask >> (SIGRTMIN + 3 - 1)) & 1) &&
                !((sc->sigc_mask >> (SIGILL - 1)) & 1);
    seen.stack = sc->sigc_stack.ss_flags == SS_DISABLE && sc->sigc_stack.ss_size == 0;
    seen.rwin = *(void* const*)(&sc->sigc_mask + 1) == NULL;
    seen.aligned = ((uintptr_t)si - FRAME_INFO) % 16 == 0;
    uintptr_t i7; // the kernel set the handler's %o7 to the restorer; `ret` goes to %i7 + 8
    __asm__("mov %%i7, %0" : "=r"(i7));
    const unsigned* ret = (const unsigned*)(i7 + 8);
    seen.restorer = ret[0] == 0x82102065 && ret[1] == 0x91d0206d; // mov 101, %g1; ta 0x6d
    seen.handler_mask = sig_blocked(SIGILL) && sig_blocked(SIGUSR2);

    // Resume after the illtrap with edited registers.
    sc->sigc_regs.tpc += 4;
    sc->sigc_regs.tnpc += 4;
    sc->sigc_regs.u_regs[8] = 0x4242;
    sc->sigc_regs.u_regs[1] = 0x4343;
    sc->sigc_regs.y = 0x44;
    sc->sigc_regs.tstate =
        (sc->sigc_regs.tstate & ~(0xffull << 32 | 0xffull << 24)) | 0x44ull << 32 | 0x80ull << 24;
}

int main(void) {
    CHECK(sig_on_info(SIGILL, on_ill, 0) == 0);
    sigset_t extra;
    sigemptyset(&extra);
    sigaddset(&extra, SIGUSR2);
    sigaddset(&extra, SIGRTMIN + 3);
    sigprocmask(SIG_BLOCK, &extra, NULL);

    uint64_t io[8];
    memcpy(io, fvals, sizeof fvals);
    const long r = frame_probe(0x5150, io);

    const struct {
        const char* what;
        int ok;
    } rows[] = {
        {"signal, ILL_ILLOPC", seen.sig_ok},
        {"3rd argument is &info", seen.info_args},
        {"tpc: the illtrap", seen.pc},
        {"tnpc: tpc + 4", seen.npc},
        {"u_regs: %g1-%g4, %g7", seen.globals},
        {"u_regs: %o0-%o5", seen.outs},
        {"u_regs[14] + 192 == window %fp", seen.sp_vs_window},
        {"window: locals", seen.locals},
        {"window: %i0", seen.in0},
        {"y", seen.y},
        {"tstate: CCR", seen.ccr},
        {"tstate: ASI", seen.asi},
        {"FPU block after the frame, %f0-%f7", seen.fpu},
        {"mask: the caller's", seen.mask},
        {"stack_t: disabled", seen.stack},
        {"rwin_save: none", seen.rwin},
        {"frame 16-byte aligned", seen.aligned},
        {"returns to rt_sigreturn stub", seen.restorer},
        {"handler's mask", seen.handler_mask},
    };
    for (unsigned i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        printf("%-40s %s\n", rows[i].what, sig_yes(rows[i].ok));
        CHECK(rows[i].ok);
    }
    CHECK(r == 0x4242 && io[4] == 0x4343 && io[5] == 0x44 && io[6] == 0x44 && io[7] == 0x80);
    printf("edited context: %%o0 %#lx, %%g1 %#lx, %%y %#lx, %%ccr %#lx, %%asi %#lx\n", r,
           (unsigned long)io[4], (unsigned long)io[5], (unsigned long)io[6], (unsigned long)io[7]);
    CHECK(!sig_blocked(SIGILL) && sig_blocked(SIGUSR2));
    return check_done();
}
