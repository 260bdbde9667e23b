#pragma once
// The sparc64 Linux ABI values that differ from the host's: errno numbers,
// open(2) flags and signal numbers, each as a table.
#include <cstdint>

namespace fireplane::linux_user::abi {

// Guest errno for a host errno.
int guest_errno(int host_errno);
// Host open(2) flags for guest flags, and back.
int host_open_flags(uint64_t guest_flags);
uint64_t guest_open_flags(int host_flags);

// A system call's result as the sparc64 kernel returns it: %o0 holds the
// value, or errno with the carry flags (icc.C and xcc.C of CCR) set.
inline constexpr uint8_t kCcrCarry = 0x11;
struct SyscallReturn {
    uint64_t o0;
    bool error;
};
constexpr SyscallReturn syscall_return(int64_t result) {
    if (result < 0 && result >= -4095) return {uint64_t(-result), true};
    return {uint64_t(result), false};
}

// sparc64 signal numbers used by the trap and kill paths.
enum Signal : int {
    kSigHup = 1,
    kSigInt = 2,
    kSigQuit = 3,
    kSigIll = 4,
    kSigTrap = 5,
    kSigAbrt = 6,
    kSigEmt = 7,
    kSigFpe = 8,
    kSigKill = 9,
    kSigBus = 10,
    kSigSegv = 11,
    kSigSys = 12,
    kSigPipe = 13,
    kSigAlrm = 14,
    kSigTerm = 15,
    kSigUrg = 16,
    kSigStop = 17,
    kSigTstp = 18,
    kSigCont = 19,
    kSigChld = 20,
    kSigVtAlrm = 26,
    kSigProf = 27,
    kSigWinch = 28,
    kSigUsr1 = 30,
    kSigUsr2 = 31,
};
// Names, default actions and the rest: signal_facts.h.

// Guest errno values the syscall layer returns itself.
enum Errno : int {
    kEPERM = 1,
    kENOENT = 2,
    kESRCH = 3,
    kEINTR = 4,
    kEIO = 5,
    kEBADF = 9,
    kECHILD = 10,
    kEAGAIN = 11,
    kENOMEM = 12,
    kEACCES = 13,
    kEFAULT = 14,
    kEEXIST = 17,
    kENOTDIR = 20,
    kEISDIR = 21,
    kEINVAL = 22,
    kEMFILE = 24,
    kENOTTY = 25,
    kESPIPE = 29,
    kERANGE = 34,
    kENAMETOOLONG = 63,
    kENOSYS = 90,
    kETIMEDOUT = 60,
    kEOPNOTSUPP = 45,
};

} // namespace fireplane::linux_user::abi
