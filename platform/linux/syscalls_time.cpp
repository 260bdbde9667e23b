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

bool is_realtime(uint64_t clock) {
    return clock == 0 || clock == 5 || clock == 8;
}

uint64_t clock_ns(LinuxProcess& p, uint64_t clock) {
    if (clock == 2) return p.cycles_to_ns(p.threads().process_cycles());
    if (clock == 3) return p.cycles_to_ns(p.threads().thread_cycles(p.thread()));
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

// A sleeping thread leaves its CPU until the time has passed; a CPU with
// nothing else to run sleeps too, at no host cost.
int64_t sleep_ns(LinuxProcess& p, uint64_t ns) {
    if (ns > 0)
        p.threads().block(p.thread(), 0, 0, p.now() + sc_core::sc_time(double(ns), sc_core::SC_NS),
                          0);
    return 0;
}

int64_t sleep_for(LinuxProcess& p, uint64_t request_va) {
    uint8_t raw[16];
    if (!p.read_guest(request_va, raw, sizeof raw)) return -abi::kEFAULT;
    const int64_t sec = int64_t(load_be64(raw)), nsec = int64_t(load_be64(raw + 8));
    if (sec < 0 || nsec < 0 || nsec >= int64_t(kNsPerSec)) return -abi::kEINVAL;
    return sleep_ns(p, uint64_t(sec) * kNsPerSec + uint64_t(nsec));
}

int64_t sys_nanosleep(LinuxProcess& p, const SyscallArgs& a) {
    return sleep_for(p, a.a[0]);
}

// clock_nanosleep(clock, flags, request, remain): TIMER_ABSTIME sleeps until the time given.
int64_t sys_clock_nanosleep(LinuxProcess& p, const SyscallArgs& a) {
    if (!(a.a[1] & 1)) return sleep_for(p, a.a[2]);
    uint8_t raw[16];
    if (!p.read_guest(a.a[2], raw, sizeof raw)) return -abi::kEFAULT;
    const uint64_t until = load_be64(raw) * kNsPerSec + load_be64(raw + 8),
                   now = clock_ns(p, a.a[0]);
    return sleep_ns(p, until > now ? until - now : 0);
}

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
    const uint64_t ns = p.cycles_to_ns(p.threads().process_cycles());
    GuestStruct s;
    s.u64(ns / kNsPerSec).u32(uint32_t(ns % kNsPerSec / 1000)).u32(0); // ru_utime
    s.u64(0).u32(0).u32(0);                                            // ru_stime
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
        {259, "clock_nanosleep", sys_clock_nanosleep},
    };
    table.insert(table.end(), std::begin(entries), std::end(entries));
}

} // namespace fireplane::linux_user
