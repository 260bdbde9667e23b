#pragma once
// The sparc64 kernel's rt signal frame (arch/sparc/kernel/signal_64.c): built
// on the user stack when a handler is called, read back by rt_sigreturn.
//
//   struct rt_signal_frame {        offset
//       struct sparc_stackf ss;     0    the interrupted window's locals and ins first
//       siginfo_t info;             192  %o1 = %o2 = &info (glibc's struct sigcontext)
//       struct pt_regs regs;        320  globals, outs, tstate, tpc, tnpc, y, magic
//       __siginfo_fpu_t *fpu_save;  480  -> the FPU block after the frame, or 0
//       stack_t stack;              488  the sigaltstack state
//       sigset_t mask;              512  the mask to restore
//       __siginfo_rwin_t *rwin_save; 520 windows the kernel could not spill (never here)
//   };                              528, then __siginfo_fpu_t (280) when the FPU is on
#include "models/cpu/sparc_core.h"
#include "signal_state.h"

#include <cstdint>

namespace fireplane::linux_user {

class LinuxProcess;
struct GuestThread;

namespace frame {
constexpr uint64_t kInfo = 192, kRegs = 320, kFpuSave = 480, kStack = 488, kMask = 512,
                   kRwinSave = 520, kSize = 528, kFpuSize = 280;
constexpr uint64_t kStackBias = 2047;
constexpr uint32_t kPtRegsMagic = 0x57ac6c00; // | the trap type, in pt_regs.magic
constexpr unsigned kTrapAsync = 0x060;        // a signal that arrives between instructions
} // namespace frame

// A handler about to run: what setup_rt_frame needs.
struct HandlerCall {
    int sig;
    SignalAction action;
    SigInfo info;
    sig::Set saved_mask; // the mask rt_sigreturn restores
    unsigned tt;         // the trap the thread entered the kernel by (pt_regs.magic)
    bool syscall;        // a system call's return: TSTATE_SYSCALL in the saved tstate
};

// Builds the frame for `call` on the stack `core` runs on (or its alternate
// stack) and points the core at the handler. The core has left its trap (TL 0
// state: pc, npc, CCR as the program sees them). False when the frame cannot
// be written: the caller raises SIGSEGV, as the kernel does.
bool setup_rt_frame(LinuxProcess& p, sparc::SparcCore& core, GuestThread& t,
                    const HandlerCall& call);

// rt_sigreturn inside its system-call trap: restores what the kernel restores
// (globals, outs, Y, CCR and ASI from tstate, the FPU if saved, the alternate
// stack and the mask) into the trap state, so that RETRY resumes the
// interrupted code. False for a bad frame (the caller raises SIGSEGV).
bool rt_sigreturn(LinuxProcess& p, sparc::SparcCore& core, GuestThread& t);

// sigaltstack's state for stack pointer `sp` (the kernel passes the biased
// %sp in the system calls and unbiased addresses when it places frames).
bool on_alt_stack(const AltStack& stack, uint64_t sp);
uint32_t alt_stack_flags(const AltStack& stack, uint64_t sp);
// do_sigaltstack: changes the alternate stack, or returns -errno.
int64_t change_alt_stack(AltStack& stack, uint64_t sp, uint64_t new_sp, uint32_t flags,
                         uint64_t size);

} // namespace fireplane::linux_user
