// Time system calls. Every clock derives from simulated time, so runs are
// deterministic: CLOCK_REALTIME starts at the configured epoch.
#include "guest_abi.h"
#include "guest_struct.h"
#include "linux_process.h"
#include "syscall_table.h"

namespace fireplane::linux_user {

namespace {

constexpr uint64_t kNsPerSec = 1000000000;
constexpr uint64_t kTicksPerSec = 100; // AT_CLKTCK

bool is_realtime(uint64_t clock) { return clock == 0 || clock == 5 || clock == 8; }

uint64_t clock_ns(LinuxProcess& p, uint64_t clock) {
    return p.now_ns() + (is_realtime(clock) ? p.config().epoch_seconds * kNsPerSec : 0);
}

int64_t sys_clock_gettime(LinuxProcess& p, const SyscallArgs& a) {
    if (a.a[0] > 11) return -abi::kEINVAL;
    const uint64_t ns = clock_ns(p, a.a[0]);
    GuestStruct s;
    s.u64(ns / kNsPerSec).u64(ns % kNsPerSec);
    return p.write_guest(a.a[1], s.data(), s.size()) ? 0 : -abi::kEFAULT;
}

int64_t sys_clock_getres(LinuxProcess& p, const SyscallArgs& a) {
    if (a.a[0] > 11) return -abi::kEINVAL;
    GuestStruct s;
    s.u64(0).u64(1);
    return (a.a[1] == 0 || p.write_guest(a.a[1], s.data(), s.size())) ? 0 : -abi::kEFAULT;
}

// sparc64's struct timeval has a 32-bit tv_usec.
int64_t sys_gettimeofday(LinuxProcess& p, const SyscallArgs& a) {
    const uint64_t ns = clock_ns(p, 0);
    if (a.a[0]) {
        GuestStruct s;
        s.u64(ns / kNsPerSec).u32(uint32_t(ns % kNsPerSec / 1000)).u32(0);
        if (!p.write_guest(a.a[0], s.data(), s.size())) return -abi::kEFAULT;
    }
    if (a.a[1]) {
        GuestStruct tz;
        tz.u32(0).u32(0);
        if (!p.write_guest(a.a[1], tz.data(), tz.size())) return -abi::kEFAULT;
    }
    return 0;
}

// Sleeping does not advance simulated time in user mode; it returns at once.
int64_t sys_nanosleep(LinuxProcess&, const SyscallArgs&) { return 0; }

int64_t sys_times(LinuxProcess& p, const SyscallArgs& a) {
    const uint64_t ticks = p.now_ns() / (kNsPerSec / kTicksPerSec);
    if (a.a[0]) {
        GuestStruct s;
        s.u64(ticks).u64(0).u64(0).u64(0);
        if (!p.write_guest(a.a[0], s.data(), s.size())) return -abi::kEFAULT;
    }
    return int64_t(ticks);
}

int64_t sys_getrusage(LinuxProcess& p, const SyscallArgs& a) {
    const uint64_t ns = p.now_ns();
    GuestStruct s;
    s.u64(ns / kNsPerSec).u32(uint32_t(ns % kNsPerSec / 1000)).u32(0); // ru_utime
    s.u64(0).u32(0).u32(0);                                             // ru_stime
    s.zeros(14 * 8);
    return p.write_guest(a.a[1], s.data(), s.size()) ? 0 : -abi::kEFAULT;
}

} // namespace

void add_time_syscalls(std::vector<SyscallEntry>& table) {
    const SyscallEntry entries[] = {
        {43, "times", sys_times},
        {116, "gettimeofday", sys_gettimeofday},
        {117, "getrusage", sys_getrusage},
        {249, "nanosleep", sys_nanosleep},
        {257, "clock_gettime", sys_clock_gettime},
        {258, "clock_getres", sys_clock_getres},
        {259, "clock_nanosleep", sys_nanosleep},
    };
    table.insert(table.end(), std::begin(entries), std::end(entries));
}

} // namespace fireplane::linux_user
