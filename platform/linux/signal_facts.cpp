#include "signal_facts.h"

#include "models/cpu/traps.h"

namespace fireplane::linux_user::sig {

namespace {

struct SignalRow {
    int number;
    const char* name;
    Default action;
    bool synchronous; // a fault the CPU raises: delivered before other pending signals
};
// sparc64 numbers (SunOS order: SIGEMT 7, SIGBUS 10, SIGUSR1 30).
constexpr SignalRow kSignals[] = {
    {1, "SIGHUP", Default::Terminate, false},   {2, "SIGINT", Default::Terminate, false},
    {3, "SIGQUIT", Default::Terminate, false},  {4, "SIGILL", Default::Terminate, true},
    {5, "SIGTRAP", Default::Terminate, true},   {6, "SIGABRT", Default::Terminate, false},
    {7, "SIGEMT", Default::Terminate, false},   {8, "SIGFPE", Default::Terminate, true},
    {9, "SIGKILL", Default::Terminate, false},  {10, "SIGBUS", Default::Terminate, true},
    {11, "SIGSEGV", Default::Terminate, true},  {12, "SIGSYS", Default::Terminate, true},
    {13, "SIGPIPE", Default::Terminate, false}, {14, "SIGALRM", Default::Terminate, false},
    {15, "SIGTERM", Default::Terminate, false}, {16, "SIGURG", Default::Ignore, false},
    {17, "SIGSTOP", Default::Stop, false},      {18, "SIGTSTP", Default::Stop, false},
    {19, "SIGCONT", Default::Ignore, false},    {20, "SIGCHLD", Default::Ignore, false},
    {21, "SIGTTIN", Default::Stop, false},      {22, "SIGTTOU", Default::Stop, false},
    {23, "SIGIO", Default::Terminate, false},   {24, "SIGXCPU", Default::Terminate, false},
    {25, "SIGXFSZ", Default::Terminate, false}, {26, "SIGVTALRM", Default::Terminate, false},
    {27, "SIGPROF", Default::Terminate, false}, {28, "SIGWINCH", Default::Ignore, false},
    {29, "SIGLOST", Default::Terminate, false}, {30, "SIGUSR1", Default::Terminate, false},
    {31, "SIGUSR2", Default::Terminate, false},
};

const SignalRow* row(int sig) {
    for (const SignalRow& r : kSignals)
        if (r.number == sig) return &r;
    return nullptr; // real-time signals: terminate, no name
}

struct TrapRow {
    unsigned tt;
    Fault fault;
};
using FA = FaultAddress;
// traps_64.c and fault_64.c: the signal, si_code and si_addr of each user-mode fault.
constexpr TrapRow kTraps[] = {
    {sparc::kTrapInstructionAccessException, {11, kSegvMapErr, FA::Pc, true}},
    {sparc::kTrapInstructionAccessError, {10, kBusAdrErr, FA::Data}},
    {sparc::kTrapIllegalInstruction, {4, kIllIllOpc, FA::Pc}},
    {sparc::kTrapPrivilegedOpcode, {4, kIllPrvOpc, FA::Pc}},
    {sparc::kTrapPrivilegedAction, {4, kIllPrvOpc, FA::Pc}}, // do_privact is do_privop
    {sparc::kTrapFpExceptionIeee754, {8, kFpeFltUnk, FA::Pc, false, true}},
    {sparc::kTrapFpExceptionOther, {8, kFpeFltUnk, FA::Pc, false, true}},
    {sparc::kTrapTagOverflow, {7, kEmtTagOvf, FA::Pc}},
    {sparc::kTrapDivisionByZero, {8, kFpeIntDiv, FA::Pc}},
    {sparc::kTrapDataAccessException, {11, kSegvMapErr, FA::Data, true}},
    {sparc::kTrapDataAccessError, {10, kBusAdrErr, FA::Data}}, // fault_64.c's do_sigbus
    {sparc::kTrapMemAddressNotAligned, {10, kBusAdrAln, FA::Data}},
    {sparc::kTrapLddfMemAddressNotAligned, {10, kBusAdrAln, FA::Data}},
    {sparc::kTrapStdfMemAddressNotAligned, {10, kBusAdrAln, FA::Data}},
    {sparc::kTrapInstruction + 0x01, {5, kTrapBrkpt, FA::Pc}}, // ta 1: sparc_breakpoint
    {sparc::kTrapInstruction + 0x02, {8, kFpeIntDiv, FA::Pc}}, // ta 2: do_div0
};

// FSR.cexc bits, most significant first, and the code each gives (do_fpe_common).
struct CexcRow {
    uint64_t bit;
    int32_t code;
};
constexpr CexcRow kCexc[] = {
    {0x10, kFpeFltInv}, {0x08, kFpeFltOvf}, {0x04, kFpeFltUnd},
    {0x02, kFpeFltDiv}, {0x01, kFpeFltRes},
};

} // namespace

Default default_action(int sig) {
    const SignalRow* r = row(sig);
    return r ? r->action : Default::Terminate;
}

std::string name(int sig) {
    const SignalRow* r = row(sig);
    return r ? r->name : "signal " + std::to_string(sig);
}

Set unblockable() {
    return bit(9) | bit(17);
}

Set synchronous() {
    Set s = 0;
    for (const SignalRow& r : kSignals)
        if (r.synchronous) s |= bit(r.number);
    return s;
}

Set stop_signals() {
    Set s = 0;
    for (const SignalRow& r : kSignals)
        if (r.action == Default::Stop) s |= bit(r.number);
    return s;
}

Fault fault_for_trap(unsigned tt) {
    for (const TrapRow& r : kTraps)
        if (r.tt == tt) return r.fault;
    // bad_trap(): the kernel reports the trap number less 0x100.
    return {4, kIllIllTrp, FA::Pc, false, false, int32_t(tt) - int32_t(sparc::kTrapInstruction)};
}

int32_t fp_exception_code(uint64_t fsr) {
    constexpr uint64_t kFttMask = 0x1c000, kFttIeee = 1 << 14;
    if ((fsr & kFttMask) != kFttIeee) return kFpeFltUnk;
    for (const CexcRow& r : kCexc)
        if (fsr & r.bit) return r.code;
    return kFpeFltUnk;
}

} // namespace fireplane::linux_user::sig
