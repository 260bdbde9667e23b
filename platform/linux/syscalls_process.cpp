// Process, identity, scheduling and resource-limit system calls of the
// user-mode process (threads: syscalls_thread.cpp; signals: syscalls_signal.cpp).
#include "guest_abi.h"
#include "guest_struct.h"
#include "host_buffer.h"
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

// ---- limits and system information ----

// sparc numbers RLIMIT_NOFILE 6 and RLIMIT_NPROC 7 (x86 has them swapped).
void limit_for(LinuxProcess& p, uint64_t resource, uint64_t& cur, uint64_t& max) {
    cur = max = kInfinity;
    if (resource == 3) cur = p.config().stack_size;        // RLIMIT_STACK
    if (resource == 6) cur = max = FdTable::kMaxFds;       // RLIMIT_NOFILE
    if (resource == 7) cur = max = p.config().max_threads; // RLIMIT_NPROC
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

// Made and copied out a piece at a time, as the kernel does: a buffer that
// faults part way keeps the pieces before the fault (EFAULT if there are none).
int64_t sys_getrandom(LinuxProcess& p, const SyscallArgs& a) {
    const uint64_t len = std::min<uint64_t>(a.a[1], 1 << 25);
    constexpr uint64_t kPiece = 64 << 10; // a multiple of 8: the stream is the same in one piece
    const auto bytes = host_buffer(kPiece);
    for (uint64_t done = 0; done < len; done += kPiece) {
        const uint64_t n = std::min(kPiece, len - done);
        for (uint64_t i = 0; i < n; i += 8) {
            const uint64_t r = p.random64();
            std::memcpy(bytes.get() + i, &r, std::min<uint64_t>(8, n - i));
        }
        if (!p.write_guest(a.a[0] + done, bytes.get(), n))
            return done ? int64_t(done) : -abi::kEFAULT;
    }
    return int64_t(len);
}

} // namespace

void add_process_syscalls(std::vector<SyscallEntry>& table) {
    const SyscallEntry entries[] = {
        {20, "getpid", sys_getpid},        {24, "getuid", sys_getuid},
        {47, "getgid", sys_getgid},        {49, "geteuid", sys_geteuid},
        {50, "getegid", sys_getegid},      {81, "getpgrp", sys_getpgrp},
        {144, "getrlimit", sys_getrlimit}, {145, "setrlimit", sys_setrlimit},
        {189, "uname", sys_uname},         {197, "getppid", sys_getppid},
        {214, "sysinfo", sys_sysinfo},     {331, "prlimit64", sys_prlimit64},
        {347, "getrandom", sys_getrandom},
    };
    table.insert(table.end(), std::begin(entries), std::end(entries));
}

} // namespace fireplane::linux_user
