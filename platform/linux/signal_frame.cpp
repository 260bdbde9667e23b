#include "signal_frame.h"

#include "guest_abi.h"
#include "guest_thread.h"
#include "linux_process.h"

#include <vector>

namespace fireplane::linux_user {

using namespace frame;

namespace {

// struct pt_regs inside the frame: u_regs[16] (%g0-%g7, then the outs, which
// are the kernel's ins), tstate, tpc, tnpc, y, magic.
constexpr uint64_t kGlobals = kRegs, kOuts = kRegs + 64, kTstate = kRegs + 128, kTpc = kRegs + 136,
                   kTnpc = kRegs + 144, kY = kRegs + 152, kMagic = kRegs + 156;
constexpr uint64_t kWindowBytes = 128; // struct reg_window: locals and ins
// stack_t: ss_sp, ss_flags (int), ss_size.
constexpr uint64_t kStackSp = kStack, kStackFlags = kStack + 8, kStackSize = kStack + 16;
// __siginfo_fpu_t: si_float_regs[64] (the 32 doubles), si_fsr, si_gsr, si_fprs.
constexpr uint64_t kFpuFsr = 256, kFpuGsr = 264, kFpuFprs = 272;
constexpr uint8_t kFprsDl = 1, kFprsDu = 2, kFprsFef = 4;
// __siginfo_rwin_t: int wsaved, reg_window[7], rwbuf_stkptrs[7].
constexpr uint64_t kRwinWindows = 8, kRwinStackPtrs = 8 + 7 * kWindowBytes;
constexpr int kMaxSavedWindows = 7;
// The user may change only the condition codes and %asi through tstate.
constexpr uint64_t kTstateCcrAsi = 0xffull << 32 | 0xffull << 24;
constexpr uint64_t kTstateSyscall = 0x20; // TSTATE_SYSCALL: set in the trap frame of a system call

// A big-endian image of guest memory, read whole and written back whole, so
// the bytes the kernel leaves alone keep their values.
class Image {
public:
    explicit Image(size_t size) : bytes_(size) {}
    bool load(LinuxProcess& p, uint64_t va) { return p.read_guest(va, bytes_.data(), size()); }
    bool store(LinuxProcess& p, uint64_t va) const {
        return p.write_guest(va, bytes_.data(), size());
    }
    void put(uint64_t off, uint64_t v, unsigned n = 8) {
        for (unsigned i = 0; i < n; ++i)
            bytes_[off + i] = uint8_t(v >> (8 * (n - 1 - i)));
    }
    uint64_t get(uint64_t off, unsigned n = 8) const {
        uint64_t v = 0;
        for (unsigned i = 0; i < n; ++i)
            v = v << 8 | bytes_[off + i];
        return v;
    }
    uint8_t* at(uint64_t off) { return bytes_.data() + off; }
    size_t size() const { return bytes_.size(); }

private:
    std::vector<uint8_t> bytes_;
};

// save_fpu_state: the core does not track FPRS.DL/DU, so both halves count as dirty.
void save_fpu(Image& f, uint64_t off, sparc::SparcCore& c) {
    for (unsigned i = 0; i < 32; ++i)
        f.put(off + 8 * i, c.f[i]);
    f.put(off + kFpuFsr, c.read_fsr());
    f.put(off + kFpuGsr, c.gsr);
    f.put(off + kFpuFprs, c.fprs | kFprsDl | kFprsDu);
}

void restore_fpu(const Image& f, sparc::SparcCore& c) {
    const uint64_t fprs = f.get(kFpuFprs);
    for (unsigned i = 0; i < 32; ++i)
        if (fprs & (i < 16 ? kFprsDl : kFprsDu)) c.f[i] = f.get(8 * i);
    c.write_fsr(f.get(kFpuFsr));
    c.write_gsr(f.get(kFpuGsr));
    c.fprs = uint8_t(c.fprs | (fprs & 7)); // the kernel reloads them lazily, then FEF is on
}

// restore_rwin_state: windows the kernel kept for the thread go to their stacks.
bool restore_windows(LinuxProcess& p, uint64_t rwin) {
    uint64_t wsaved;
    if ((rwin & 7) || !p.read_word(rwin, wsaved, 4)) return false;
    if (int32_t(wsaved) > kMaxSavedWindows) return false;
    for (int i = 0; i < int32_t(wsaved); ++i) {
        uint8_t window[kWindowBytes];
        uint64_t sp;
        if (!p.read_guest(rwin + kRwinWindows + kWindowBytes * uint64_t(i), window, kWindowBytes) ||
            !p.read_word(rwin + kRwinStackPtrs + 8 * uint64_t(i), sp) ||
            !p.write_guest(sp + kStackBias, window, kWindowBytes))
            return false;
    }
    return true;
}

} // namespace

bool on_alt_stack(const AltStack& s, uint64_t sp) {
    if (s.flags & sig::kSsAutoDisarm) return false;
    return sp > s.sp && sp - s.sp <= s.size;
}

uint32_t alt_stack_flags(const AltStack& s, uint64_t sp) {
    if (!s.size) return sig::kSsDisable;
    return on_alt_stack(s, sp) ? uint32_t(sig::kSsOnStack) : 0u;
}

int64_t change_alt_stack(AltStack& s, uint64_t sp, uint64_t new_sp, uint32_t flags, uint64_t size) {
    if (on_alt_stack(s, sp)) return -abi::kEPERM;
    const uint32_t mode = flags & ~uint32_t(sig::kSsAutoDisarm);
    if (mode != sig::kSsDisable && mode != sig::kSsOnStack && mode != 0) return -abi::kEINVAL;
    if (s.sp == new_sp && s.size == size && s.flags == flags) return 0;
    if (mode == sig::kSsDisable) {
        new_sp = 0;
        size = 0;
    } else if (size < sig::kMinSigStackSize) {
        return -abi::kENOMEM;
    }
    s = AltStack{new_sp, size, flags};
    return 0;
}

bool setup_rt_frame(LinuxProcess& p, sparc::SparcCore& c, GuestThread& t, const HandlerCall& call) {
    if (!p.synchronize_user_stack(c)) return true; // the stack is gone: the process has ended
    const bool fpu = c.fprs & kFprsFef;
    const uint64_t size = kSize + (fpu ? kFpuSize : 0);
    const uint64_t user_sp = c.r[14], sp = user_sp + kStackBias;
    AltStack& alt = t.signals.altstack;

    // get_sigframe: never overflow the alternate stack; switch to it if asked.
    if (on_alt_stack(alt, sp) && !on_alt_stack(alt, sp - size)) return false;
    uint64_t top = sp;
    if ((call.action.flags & sig::kSaOnStack) && alt_stack_flags(alt, sp) == 0)
        top = alt.sp + alt.size;
    const uint64_t sf = (top - size) & ~uint64_t(15);

    Image f(size);
    if (!f.load(p, sf) || !p.read_guest(sp, f.at(0), kWindowBytes)) return false;
    if (call.action.flags & sig::kSaSigInfo) {
        std::copy(call.info.bytes, call.info.bytes + SigInfo::kSize, f.at(kInfo));
    } else { // the rest of info keeps whatever the stack held
        f.put(kInfo + SigInfo::kSigno, uint64_t(call.sig), 4);
        f.put(kInfo + SigInfo::kCode, uint64_t(sig::kSiNoInfo), 4);
    }
    for (unsigned i = 0; i < 8; ++i) {
        f.put(kGlobals + 8 * i, c.r[i]);
        f.put(kOuts + 8 * i, c.r[8 + i]);
    }
    f.put(kTstate, c.tstate() | (call.syscall ? kTstateSyscall : 0));
    f.put(kTpc, c.pc);
    f.put(kTnpc, c.npc);
    f.put(kY, c.y, 4);
    f.put(kMagic, kPtRegsMagic | call.tt, 4);
    f.put(kFpuSave, fpu ? sf + kSize : 0);
    if (fpu) save_fpu(f, kSize, c);
    f.put(kRwinSave, 0); // every window reached the stack
    f.put(kStackSp, alt.sp);
    f.put(kStackFlags, alt_stack_flags(alt, user_sp), 4); // __save_altstack: the biased %sp
    f.put(kStackSize, alt.size);
    if (alt.flags & sig::kSsAutoDisarm) alt = AltStack{};
    f.put(kMask, call.saved_mask);
    if (!f.store(p, sf)) return false;

    c.r[14] = sf - kStackBias;
    c.r[8] = uint64_t(call.sig);
    c.r[9] = c.r[10] = sf + kInfo;
    c.r[15] = call.action.restorer; // the handler's `ret` goes to restorer + 8
    c.pc = call.action.handler;
    c.npc = call.action.handler + 4;
    return true;
}

bool rt_sigreturn(LinuxProcess& p, sparc::SparcCore& c, GuestThread& t) {
    if (!p.synchronize_user_stack(c)) return true;
    const uint64_t sf = c.r[14] + kStackBias;
    Image f(kSize);
    if ((sf & 15) || !f.load(p, sf)) return false;
    const uint64_t new_sp = f.get(kOuts + 8 * 6), tpc = f.get(kTpc), tnpc = f.get(kTnpc);
    if (((new_sp + kStackBias) & 7) || ((tpc | tnpc) & 3)) return false;

    auto& trap = c.trap_stack[c.tl];
    c.y = f.get(kY, 4);
    trap.tstate = (trap.tstate & ~kTstateCcrAsi) | (f.get(kTstate) & kTstateCcrAsi);
    for (unsigned i = 1; i < 8; ++i)
        c.r[i] = f.get(kGlobals + 8 * i);
    for (unsigned i = 0; i < 8; ++i)
        c.r[8 + i] = f.get(kOuts + 8 * i);
    if (const uint64_t fpu_save = f.get(kFpuSave)) {
        Image fpu(kFpuSize);
        if ((fpu_save & 7) || !fpu.load(p, fpu_save)) return false;
        restore_fpu(fpu, c);
    }
    // restore_altstack: against the restored %sp, errors other than EFAULT ignored.
    change_alt_stack(t.signals.altstack, new_sp, f.get(kStackSp), uint32_t(f.get(kStackFlags, 4)),
                     f.get(kStackSize));
    if (const uint64_t rwin = f.get(kRwinSave))
        if (!restore_windows(p, rwin)) return false;
    trap.tpc = tpc;
    trap.tnpc = tnpc;
    t.signals.restart = {}; // an interrupted call is not continued after a handler
    p.signals().set_blocked(t, f.get(kMask));
    // Back in user mode the current window is filled from the restored stack.
    for (unsigned i = 0; i < 16; ++i)
        if (!p.read_word(new_sp + kStackBias + 8 * i, c.r[16 + i])) return false;
    return true;
}

} // namespace fireplane::linux_user
