#pragma once
// The sparc64 Linux facts about signals, as tables: names and default actions,
// sigaction flags, si_code values, and which signal (with which si_code and
// si_addr) each CPU trap raises (arch/sparc/kernel/traps_64.c, mm/fault_64.c).
#include <cstdint>
#include <string>

namespace fireplane::linux_user::sig {

constexpr int kMax = 64;   // _NSIG on sparc64
constexpr int kRtMin = 32; // the kernel's SIGRTMIN: 32..64 queue, 1..31 coalesce
using Set = uint64_t;      // bit sig-1, as sparc64's one-word sigset_t
constexpr Set bit(int sig) {
    return Set(1) << (sig - 1);
}
constexpr bool valid(uint64_t sig) {
    return sig >= 1 && sig <= uint64_t(kMax);
}

// What a signal does when its handler is SIG_DFL. Without job control, Stop
// ends the process as Terminate does (the user-mode layer has no stopped state).
enum class Default : uint8_t { Terminate, Ignore, Stop };
Default default_action(int sig);
std::string name(int sig); // "SIGSEGV", or "signal 40"

// SIGKILL and SIGSTOP, which no mask or handler can touch.
Set unblockable();
// Delivered before any other pending signal (kernel/signal.c SYNCHRONOUS_MASK).
Set synchronous();
Set stop_signals();

// sa_flags (arch/sparc/include/uapi/asm/signal.h).
enum SaFlag : uint64_t {
    kSaOnStack = 0x1,
    kSaRestart = 0x2,
    kSaResetHand = 0x4,
    kSaNoCldStop = 0x8,
    kSaNoDefer = 0x20,
    kSaNoCldWait = 0x100,
    kSaSigInfo = 0x200,
    kSaExposeTagBits = 0x800,
};
// The flags the kernel keeps and reports back (UAPI_SA_FLAGS); others are dropped.
constexpr uint64_t kSaKnown = kSaOnStack | kSaRestart | kSaResetHand | kSaNoCldStop | kSaNoDefer |
                              kSaNoCldWait | kSaSigInfo | kSaExposeTagBits;
constexpr uint64_t kSigDfl = 0, kSigIgn = 1;

// sigprocmask's `how` (sparc numbers them 1, 2, 4).
enum How : uint64_t { kBlock = 1, kUnblock = 2, kSetMask = 4 };

// sigaltstack flags and sizes.
enum SsFlag : uint32_t { kSsOnStack = 1, kSsDisable = 2, kSsAutoDisarm = 1u << 31 };
constexpr uint64_t kMinSigStackSize = 4096;

// si_code values.
enum Code : int32_t {
    kSiUser = 0,
    kSiKernel = 0x80,
    kSiQueue = -1,
    kSiTimer = -2,
    kSiTkill = -6,
    kSiNoInfo = 32767, // sparc: a handler without SA_SIGINFO gets only this
    kIllIllOpc = 1,
    kIllIllTrp = 4,
    kIllPrvOpc = 5,
    kFpeIntDiv = 1,
    kFpeFltDiv = 3,
    kFpeFltOvf = 4,
    kFpeFltUnd = 5,
    kFpeFltRes = 6,
    kFpeFltInv = 7,
    kFpeFltUnk = 14,
    kSegvMapErr = 1,
    kSegvAccErr = 2,
    kBusAdrAln = 1,
    kBusAdrErr = 2,
    kTrapBrkpt = 1,
    kEmtTagOvf = 1,
};

// sigevent notify kinds (timer_create).
enum Notify : int32_t { kSigevSignal = 0, kSigevNone = 1, kSigevThread = 2, kSigevThreadId = 4 };

// The fault a trap raises in user mode.
enum class FaultAddress : uint8_t {
    Pc,   // si_addr is the trapping PC
    Data, // si_addr is the faulting data address
};
struct Fault {
    int signal;
    int32_t code;
    FaultAddress address;
    bool maps_access = false; // SIGSEGV: SEGV_MAPERR if nothing is mapped there, else ACCERR
    bool fp_cexc = false;     // SIGFPE: the code comes from the FSR's current exceptions
    int32_t trapno = 0;       // si_trapno (only bad software traps set it)
};
// The fault for trap type `tt`; software traps the kernel does not define are
// "bad traps": SIGILL ILL_ILLTRP with si_trapno = the trap number.
Fault fault_for_trap(unsigned tt);
// FPE_FLT* for an IEEE trap, from the FSR as do_fpe_common reads it.
int32_t fp_exception_code(uint64_t fsr);

} // namespace fireplane::linux_user::sig
