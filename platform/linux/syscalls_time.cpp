// Time system calls. Every clock derives from simulated time, so runs are
// deterministic: CLOCK_REALTIME starts at the configured epoch.
#include "continuation_steps.h"
#include "cpu_clocks.h"
#include "guest_abi.h"
#include "guest_struct.h"
#include "linux_process.h"
#include "signal_delivery.h"
#include "sim_time.h"
#include "syscall_table.h"

namespace fireplane::linux_user {

namespace {

constexpr uint64_t kNsPerSec = 1000000000;
constexpr uint64_t kTicksPerSec = 100; // AT_CLKTCK

bool is_realtime(uint64_t clock) {
    return clock == 0 || clock == 5 || clock == 8;
}

// The clocks: 0-11 and the CPU-time clocks of cpu_clocks.h; false for an unknown one.
bool valid_clock(LinuxProcess& p, int64_t clock) {
    if (is_cpu_clock(clock)) return decode_cpu_clock(p, clock).has_value();
    return clock <= 11;
}

uint64_t clock_ns(LinuxProcess& p, int64_t clock) {
    if (is_cpu_clock(clock)) return cpu_clock_ns(p, *decode_cpu_clock(p, clock));
    return p.now_ns() + (is_realtime(uint64_t(clock)) ? p.config().epoch_seconds * kNsPerSec : 0);
}

int64_t clock_arg(const SyscallArgs& a) {
    return int64_t(int32_t(a.a[0])); // clockid_t is an int
}

int64_t sys_clock_gettime(LinuxProcess& p, const SyscallArgs& a) {
    if (!valid_clock(p, clock_arg(a))) return -abi::kEINVAL;
    return p.write_timespec(a.a[1], clock_ns(p, clock_arg(a))) ? 0 : -abi::kEFAULT;
}

int64_t sys_clock_getres(LinuxProcess& p, const SyscallArgs& a) {
    if (!valid_clock(p, clock_arg(a))) return -abi::kEINVAL;
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

// A sleeping thread leaves its CPU until `deadline`; a CPU with nothing else
// to run sleeps too, at no host cost. A signal ends the sleep (do_nanosleep):
// the time left goes to `remain` (if given), and the call returns EINTR to a
// handler, or without one sleeps on to the same end through restart_syscall
// (an absolute sleep is simply replayed).
int64_t sleep_until(LinuxProcess& p, const sc_core::sc_time& deadline, uint64_t remain,
                    bool absolute) {
    if (deadline <= p.now()) return 0;
    Wait wait;
    wait.deadline = deadline;
    wait.on_signal = -kERestartBlock;
    wait.finish = {Continuation::Kind::Sleep, {remain, absolute ? 1u : 0u}, deadline};
    return p.wait(std::move(wait));
}

} // namespace

// continuation_steps.h
int64_t sleep_finish(LinuxProcess& p, const Continuation& c, int64_t result) {
    if (result != -kERestartBlock) return result;
    const uint64_t remain = c.args[0];
    const sc_core::sc_time now = p.now();
    if (remain) {
        if (c.deadline <= now) return 0;
        if (!p.write_timespec(remain, time_ns(c.deadline - now))) return -abi::kEFAULT;
    }
    if (c.args[1]) return -kERestartNoHand; // absolute: simply replayed
    p.thread().signals.restart = {Continuation::Kind::Sleep, {remain, 0}, c.deadline};
    return result;
}

// continuation_steps.h
int64_t sleep_restart(LinuxProcess& p, const Continuation& c) {
    return sleep_until(p, c.deadline, c.args[0], false);
}

namespace {

int64_t sleep_for(LinuxProcess& p, uint64_t request_va, uint64_t remain) {
    uint64_t ns;
    if (const int64_t err = p.read_timespec(request_va, ns)) return err;
    return sleep_until(p, p.now() + ns_time(ns), remain, false);
}

int64_t sys_nanosleep(LinuxProcess& p, const SyscallArgs& a) {
    return sleep_for(p, a.a[0], a.a[1]);
}

// clock_nanosleep(clock, flags, request, remain): TIMER_ABSTIME sleeps until the time given.
int64_t sys_clock_nanosleep(LinuxProcess& p, const SyscallArgs& a) {
    if (!(a.a[1] & 1)) return sleep_for(p, a.a[2], a.a[3]);
    uint64_t until;
    if (const int64_t err = p.read_timespec(a.a[2], until)) return err;
    if (!valid_clock(p, clock_arg(a))) return -abi::kEINVAL;
    const uint64_t now = clock_ns(p, clock_arg(a));
    return sleep_until(p, p.now() + ns_time(until > now ? until - now : 0), a.a[3], true);
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
