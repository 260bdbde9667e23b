// Process, identity, signal bookkeeping, scheduling and resource-limit
// system calls of the user-mode process (threads: syscalls_thread.cpp).
#include "guest_abi.h"
#include "guest_struct.h"
#include "linux_process.h"
#include "syscall_table.h"

#include <unistd.h>

#include <cstring>

namespace fireplane::linux_user {

namespace {

// Fixed identities keep runs deterministic across hosts.
constexpr int64_t kPid = LinuxProcess::kPid, kParentPid = 1;
constexpr uint64_t kInfinity = ~uint64_t(0);

int64_t sys_getpid(LinuxProcess&, const SyscallArgs&) {
    return kPid;
}
int64_t sys_getppid(LinuxProcess&, const SyscallArgs&) {
    return kParentPid;
}
int64_t sys_getuid(LinuxProcess&, const SyscallArgs&) {
    return int64_t(::getuid());
}
int64_t sys_geteuid(LinuxProcess&, const SyscallArgs&) {
    return int64_t(::geteuid());
}
int64_t sys_getgid(LinuxProcess&, const SyscallArgs&) {
    return int64_t(::getgid());
}
int64_t sys_getegid(LinuxProcess&, const SyscallArgs&) {
    return int64_t(::getegid());
}
int64_t sys_getpgrp(LinuxProcess&, const SyscallArgs&) {
    return kPid;
}

// ---- signals: dispositions are recorded; delivery to handlers is not modelled ----

int64_t sys_rt_sigaction(LinuxProcess& p, const SyscallArgs& a) {
    const uint64_t sig = a.a[0];
    if (sig < 1 || sig > 64 || a.a[4] != 8) return -abi::kEINVAL;
    uint8_t(&slot)[32] = p.signal_actions[sig];
    if (a.a[2] && !p.write_guest(a.a[2], slot, sizeof slot)) return -abi::kEFAULT;
    if (a.a[1]) {
        if (sig == abi::kSigKill || sig == abi::kSigStop) return -abi::kEINVAL;
        uint8_t next[32];
        if (!p.read_guest(a.a[1], next, sizeof next)) return -abi::kEFAULT;
        std::memcpy(slot, next, sizeof next);
    }
    return 0;
}

int64_t sys_rt_sigprocmask(LinuxProcess& p, const SyscallArgs& a) {
    if (a.a[3] != 8) return -abi::kEINVAL;
    uint64_t old = __builtin_bswap64(p.signal_mask());
    if (a.a[2] && !p.write_guest(a.a[2], &old, 8)) return -abi::kEFAULT;
    if (a.a[1]) {
        uint64_t set;
        if (!p.read_guest(a.a[1], &set, 8)) return -abi::kEFAULT;
        set = __builtin_bswap64(set);
        switch (a.a[0]) {                       // sparc numbers them 1, 2 and 4
        case 1: p.signal_mask() |= set; break;  // SIG_BLOCK
        case 2: p.signal_mask() &= ~set; break; // SIG_UNBLOCK
        case 4: p.signal_mask() = set; break;   // SIG_SETMASK
        default: return -abi::kEINVAL;
        }
    }
    return 0;
}

int64_t sys_sigaltstack(LinuxProcess& p, const SyscallArgs& a) {
    if (a.a[1]) { // old stack: none (ss_flags = SS_DISABLE)
        GuestStruct s;
        s.u64(0).u32(2).u32(0).u64(0);
        if (!p.write_guest(a.a[1], s.data(), s.size())) return -abi::kEFAULT;
    }
    return 0;
}

// A signal sent to this process: ignored, or fatal as its default action.
int64_t deliver(LinuxProcess& p, uint64_t sig) {
    if (sig == 0) return 0;
    if (sig > 64) return -abi::kEINVAL;
    const uint64_t handler = load_be64(p.signal_actions[sig]);
    if (handler == 1 || (handler == 0 && abi::signal_ignored_by_default(int(sig)))) return 0;
    if (handler > 1)
        p.warn_once("signal-handler",
                    "signal handlers are not run in user mode; the default action applies");
    p.kill_by_signal(int(sig), "sent by the program");
    return 0;
}

int64_t sys_kill(LinuxProcess& p, const SyscallArgs& a) {
    const int64_t pid = int64_t(a.a[0]);
    if (pid != kPid && pid != 0 && pid != -1) return -abi::kESRCH;
    return deliver(p, a.a[1]);
}
// A signal to one thread acts on the whole process: handlers are not run.
int64_t sys_tkill(LinuxProcess& p, const SyscallArgs& a) {
    return p.threads().find(int64_t(a.a[0])) ? deliver(p, a.a[1]) : -abi::kESRCH;
}
int64_t sys_tgkill(LinuxProcess& p, const SyscallArgs& a) {
    return int64_t(a.a[0]) == kPid && p.threads().find(int64_t(a.a[1])) ? deliver(p, a.a[2])
                                                                        : -abi::kESRCH;
}

// ---- limits and system information ----

// sparc numbers RLIMIT_NOFILE 6 and RLIMIT_NPROC 7 (x86 has them swapped).
void limit_for(LinuxProcess& p, uint64_t resource, uint64_t& cur, uint64_t& max) {
    cur = max = kInfinity;
    if (resource == 3) cur = p.config().stack_size;  // RLIMIT_STACK
    if (resource == 6) cur = max = FdTable::kMaxFds; // RLIMIT_NOFILE
}

int64_t sys_prlimit64(LinuxProcess& p, const SyscallArgs& a) {
    if (a.a[0] != 0 && int64_t(a.a[0]) != kPid) return -abi::kESRCH;
    if (a.a[1] > 15) return -abi::kEINVAL;
    if (a.a[3]) {
        uint64_t cur, max;
        limit_for(p, a.a[1], cur, max);
        GuestStruct s;
        s.u64(cur).u64(max);
        if (!p.write_guest(a.a[3], s.data(), s.size())) return -abi::kEFAULT;
    }
    return 0;
}
int64_t sys_getrlimit(LinuxProcess& p, const SyscallArgs& a) {
    return sys_prlimit64(p, SyscallArgs{{0, a.a[0], 0, a.a[1], 0, 0}});
}
int64_t sys_setrlimit(LinuxProcess&, const SyscallArgs& a) {
    return a.a[0] > 15 ? -abi::kEINVAL : 0;
}

int64_t sys_uname(LinuxProcess& p, const SyscallArgs& a) {
    const char* fields[6] = {"Linux",   "fireplane", "6.1.0", "#1 SMP fireplane",
                             "sparc64", "(none)"};
    GuestStruct s;
    for (const char* f : fields) {
        char field[65] = {};
        std::strncpy(field, f, 64);
        s.raw(field, 65);
    }
    return p.write_guest(a.a[0], s.data(), s.size()) ? 0 : -abi::kEFAULT;
}

int64_t sys_sysinfo(LinuxProcess& p, const SyscallArgs& a) {
    // The machine's RAM, and what the process has not touched of it.
    const uint64_t ram = p.memory().physical_size();
    const uint64_t used = p.memory().resident_pages() * AddressSpace::kPageSize;
    GuestStruct s;
    s.u64(p.now_ns() / 1000000000).u64(0).u64(0).u64(0);
    s.u64(ram).u64(ram > used ? ram - used : 0).u64(0).u64(0).u64(0).u64(0);
    s.u16(1).zeros(6).u64(0).u64(0).u32(1).zeros(4);
    return p.write_guest(a.a[0], s.data(), s.size()) ? 0 : -abi::kEFAULT;
}

int64_t sys_getrandom(LinuxProcess& p, const SyscallArgs& a) {
    const uint64_t len = std::min<uint64_t>(a.a[1], 1 << 25);
    std::vector<uint8_t> bytes(len);
    for (uint64_t i = 0; i < len; i += 8) {
        uint64_t r = p.random64();
        std::memcpy(bytes.data() + i, &r, std::min<uint64_t>(8, len - i));
    }
    return p.write_guest(a.a[0], bytes.data(), bytes.size()) ? int64_t(len) : -abi::kEFAULT;
}

} // namespace

void add_process_syscalls(std::vector<SyscallEntry>& table) {
    const SyscallEntry entries[] = {
        {20, "getpid", sys_getpid},
        {24, "getuid", sys_getuid},
        {28, "sigaltstack", sys_sigaltstack},
        {37, "kill", sys_kill},
        {47, "getgid", sys_getgid},
        {49, "geteuid", sys_geteuid},
        {50, "getegid", sys_getegid},
        {81, "getpgrp", sys_getpgrp},
        {102, "rt_sigaction", sys_rt_sigaction},
        {103, "rt_sigprocmask", sys_rt_sigprocmask},
        {144, "getrlimit", sys_getrlimit},
        {145, "setrlimit", sys_setrlimit},
        {187, "tkill", sys_tkill},
        {189, "uname", sys_uname},
        {197, "getppid", sys_getppid},
        {211, "tgkill", sys_tgkill},
        {214, "sysinfo", sys_sysinfo},
        {331, "prlimit64", sys_prlimit64},
        {347, "getrandom", sys_getrandom},
    };
    table.insert(table.end(), std::begin(entries), std::end(entries));
}

} // namespace fireplane::linux_user
