// The sparc64 kernel's fast traps for user contexts: ta 0x6e (getcontext) and
// ta 0x6f (setcontext). glibc's setjmp and longjmp are built on them. The
// layout is the kernel's struct ucontext (asm/uctx.h).
#include "guest_abi.h"
#include "linux_process.h"

namespace fireplane::linux_user {

namespace {

// struct ucontext offsets. mcontext_t holds a long double, so it and
// mc_fpregs are 16-byte aligned.
constexpr uint64_t kSigmask = 16;
constexpr uint64_t kGregs = 32; // mc_gregs[19]: TSTATE, PC, NPC, Y, G1-G7, O0-O7
constexpr uint64_t kFp = kGregs + 19 * 8;
constexpr uint64_t kI7 = kFp + 8;
constexpr uint64_t kSize = 512;
constexpr unsigned kMcTstate = 0, kMcPc = 1, kMcNpc = 2, kMcY = 3, kMcG1 = 4, kMcO0 = 11;
constexpr uint64_t kStackBias = 2047;
constexpr uint64_t kTstateCcrAsi = 0xffull << 32 | 0xffull << 24;
constexpr unsigned kTrapSetContext = 0x16f; // ta 0x6f

} // namespace

void LinuxProcess::get_context(sparc::SparcCore& c) {
    flush_windows(c);
    if (exited_) return;
    const uint64_t ucp = c.r[8];
    auto& trap = c.trap_stack[c.tl];
    const uint64_t pc = trap.tnpc, npc = trap.tnpc + 4; // resume after the trap instruction
    std::vector<uint8_t> zeros(kSize, 0);
    bool ok = (ucp & 7) == 0 && write_guest(ucp, zeros.data(), zeros.size());
    ok = ok && write_word(ucp + kSigmask, thread().signals.blocked);
    const uint64_t gregs[4] = {trap.tstate, pc, npc, c.y};
    for (unsigned i = 0; i < 4 && ok; ++i)
        ok = write_word(ucp + kGregs + 8 * i, gregs[i]);
    for (unsigned i = 0; i < 7 && ok; ++i)
        ok = write_word(ucp + kGregs + 8 * (kMcG1 + i), c.r[1 + i]);
    for (unsigned i = 0; i < 8 && ok; ++i)
        ok = write_word(ucp + kGregs + 8 * (kMcO0 + i), c.r[8 + i]);
    ok = ok && write_word(ucp + kFp, c.r[30]) && write_word(ucp + kI7, c.r[31]);
    if (!ok) return kill_by_signal(abi::kSigSegv, "getcontext: bad ucontext address");
    c.done_trap();
}

void LinuxProcess::set_context(sparc::SparcCore& c) {
    flush_windows(c);
    if (exited_) return;
    const uint64_t ucp = c.r[8];
    const bool restore_mask = c.r[9] != 0;
    uint64_t g[19], fp, i7, mask;
    bool ok = (ucp & 7) == 0;
    for (unsigned i = 0; i < 19 && ok; ++i)
        ok = read_word(ucp + kGregs + 8 * i, g[i]);
    ok = ok && read_word(ucp + kFp, fp) && read_word(ucp + kI7, i7) &&
         read_word(ucp + kSigmask, mask);
    if (!ok || ((g[kMcPc] | g[kMcNpc]) & 3))
        return kill_by_signal(abi::kSigSegv, "setcontext: bad ucontext");
    if (restore_mask) signals_->set_blocked(thread(), mask);
    auto& trap = c.trap_stack[c.tl];
    trap.tpc = g[kMcPc];
    trap.tnpc = g[kMcNpc];
    trap.tstate = (trap.tstate & ~kTstateCcrAsi) | (g[kMcTstate] & kTstateCcrAsi);
    c.y = g[kMcY];
    for (unsigned i = 0; i < 7; ++i)
        c.r[1 + i] = g[kMcG1 + i];
    for (unsigned i = 0; i < 8; ++i)
        c.r[8 + i] = g[kMcO0 + i];
    // The kernel returns to user mode by filling the current window from the
    // new stack, where it has put the context's %fp and %i7.
    const uint64_t sp = c.r[14] + kStackBias;
    ok = write_word(sp + 14 * 8, fp) && write_word(sp + 15 * 8, i7);
    for (unsigned i = 0; i < 16 && ok; ++i)
        ok = read_word(sp + 8 * i, c.r[16 + i]);
    if (!ok) return kill_by_signal(abi::kSigSegv, "setcontext: the new stack is not mapped");
    c.retry_trap();
    // A signal the new mask lets through is taken on the way back to user mode.
    signals_->return_to_user(c, thread(), false, kTrapSetContext);
}

} // namespace fireplane::linux_user
