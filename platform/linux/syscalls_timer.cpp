// Timer system calls: alarm, setitimer/getitimer and the POSIX timers, over
// IntervalTimers (interval_timers.h). sparc64's struct timeval has a 32-bit
// tv_usec; struct timespec two 64-bit fields.
#include "guest_abi.h"
#include "guest_struct.h"
#include "linux_process.h"
#include "syscall_table.h"

namespace fireplane::linux_user {

namespace {

constexpr uint64_t kNsPerSec = 1000000000, kNsPerUs = 1000;
constexpr uint64_t kTimerAbsTime = 1;
// struct sigevent: sigev_value, sigev_signo, sigev_notify, then _tid.
constexpr uint64_t kSigevValue = 0, kSigevSigno = 8, kSigevNotify = 12, kSigevTid = 16,
                   kSigevSize = 64;

using Setting = IntervalTimers::Setting;

// struct itimerval: it_interval then it_value, each {long tv_sec; int tv_usec}.
bool read_itimerval(LinuxProcess& p, uint64_t va, Setting& out, bool& valid) {
    uint8_t raw[32];
    if (!p.read_guest(va, raw, sizeof raw)) return false;
    uint64_t ns[2];
    valid = true;
    for (int i = 0; i < 2; ++i) {
        const int64_t sec = int64_t(load_be64(raw + 16 * i));
        const int32_t usec = int32_t(load_be32(raw + 16 * i + 8));
        valid = valid && sec >= 0 && usec >= 0 && usec < 1000000;
        ns[i] = uint64_t(sec) * kNsPerSec + uint64_t(usec) * kNsPerUs;
    }
    out.interval_ns = ns[0];
    out.value_ns = ns[1];
    return true;
}

void put_timeval(GuestStruct& g, uint64_t ns) {
    g.u64(ns / kNsPerSec).u32(uint32_t(ns % kNsPerSec / kNsPerUs)).u32(0);
}

bool write_itimerval(LinuxProcess& p, uint64_t va, const Setting& s) {
    GuestStruct g;
    put_timeval(g, s.interval_ns);
    put_timeval(g, s.value_ns);
    return p.write_guest(va, g.data(), g.size());
}

// struct itimerspec: it_interval then it_value, each a timespec.
int64_t read_itimerspec(LinuxProcess& p, uint64_t va, Setting& out) {
    uint8_t whole[32]; // all of it readable before either half is checked
    if (!p.read_guest(va, whole, sizeof whole)) return -abi::kEFAULT;
    if (const int64_t err = p.read_timespec(va, out.interval_ns)) return err;
    return p.read_timespec(va + 16, out.value_ns);
}

bool write_itimerspec(LinuxProcess& p, uint64_t va, const Setting& s) {
    return p.write_timespec(va, s.interval_ns) && p.write_timespec(va + 16, s.value_ns);
}

bool valid_itimer(uint64_t which) {
    return which <= IntervalTimers::kProf;
}

int64_t sys_getitimer(LinuxProcess& p, const SyscallArgs& a) {
    if (!valid_itimer(a.a[0])) return -abi::kEINVAL;
    const Setting s = p.timers().get_itimer(IntervalTimers::Which(a.a[0]));
    return write_itimerval(p, a.a[1], s) ? 0 : -abi::kEFAULT;
}

// setitimer: a null new value disarms the timer (a misfeature the kernel keeps).
int64_t sys_setitimer(LinuxProcess& p, const SyscallArgs& a) {
    Setting next;
    if (a.a[1]) {
        bool valid;
        if (!read_itimerval(p, a.a[1], next, valid)) return -abi::kEFAULT;
        if (!valid) return -abi::kEINVAL;
    }
    if (!valid_itimer(a.a[0])) return -abi::kEINVAL;
    const Setting old = p.timers().set_itimer(IntervalTimers::Which(a.a[0]), next);
    if (a.a[2] && !write_itimerval(p, a.a[2], old)) return -abi::kEFAULT;
    return 0;
}

// alarm: ITIMER_REAL in whole seconds; the old one rounds to the nearest
// second, never to zero while it runs.
int64_t sys_alarm(LinuxProcess& p, const SyscallArgs& a) {
    const Setting old =
        p.timers().set_itimer(IntervalTimers::kReal, Setting{uint32_t(a.a[0]) * kNsPerSec, 0});
    uint64_t sec = old.value_ns / kNsPerSec;
    const uint64_t nsec = old.value_ns % kNsPerSec;
    if ((sec == 0 && nsec) || nsec >= kNsPerSec / 2) ++sec;
    return int64_t(sec);
}

int64_t sys_timer_create(LinuxProcess& p, const SyscallArgs& a) {
    IntervalTimers::Event event;
    if (a.a[1]) {
        uint8_t raw[kSigevSize];
        if (!p.read_guest(a.a[1], raw, sizeof raw)) return -abi::kEFAULT;
        event.value = load_be64(raw + kSigevValue);
        event.signo = int32_t(load_be32(raw + kSigevSigno));
        event.notify = int32_t(load_be32(raw + kSigevNotify));
        event.tid = int32_t(load_be32(raw + kSigevTid));
    }
    const int64_t id = p.timers().create(int64_t(int32_t(a.a[0])), a.a[1] ? &event : nullptr);
    if (id < 0) return id;
    if (!p.write_word(a.a[2], uint64_t(id), 4)) {
        p.timers().remove(id);
        return -abi::kEFAULT;
    }
    return 0;
}

int64_t sys_timer_settime(LinuxProcess& p, const SyscallArgs& a) {
    Setting next, old;
    if (!a.a[2]) return -abi::kEINVAL;
    if (const int64_t err = read_itimerspec(p, a.a[2], next)) return err;
    const int64_t err = p.timers().set_time(int64_t(int32_t(a.a[0])), a.a[1] & kTimerAbsTime, next,
                                            a.a[3] ? &old : nullptr);
    if (err) return err;
    if (a.a[3] && !write_itimerspec(p, a.a[3], old)) return -abi::kEFAULT;
    return 0;
}

int64_t sys_timer_gettime(LinuxProcess& p, const SyscallArgs& a) {
    Setting s;
    if (const int64_t err = p.timers().get_time(int64_t(int32_t(a.a[0])), s)) return err;
    return write_itimerspec(p, a.a[1], s) ? 0 : -abi::kEFAULT;
}

int64_t sys_timer_getoverrun(LinuxProcess& p, const SyscallArgs& a) {
    return p.timers().overrun(int64_t(int32_t(a.a[0])));
}

int64_t sys_timer_delete(LinuxProcess& p, const SyscallArgs& a) {
    return p.timers().remove(int64_t(int32_t(a.a[0])));
}

} // namespace

void add_timer_syscalls(std::vector<SyscallEntry>& table) {
    const SyscallEntry entries[] = {
        {27, "alarm", sys_alarm},
        {83, "setitimer", sys_setitimer},
        {86, "getitimer", sys_getitimer},
        {262, "timer_settime", sys_timer_settime},
        {263, "timer_gettime", sys_timer_gettime},
        {264, "timer_getoverrun", sys_timer_getoverrun},
        {265, "timer_delete", sys_timer_delete},
        {266, "timer_create", sys_timer_create},
    };
    table.insert(table.end(), std::begin(entries), std::end(entries));
}

} // namespace fireplane::linux_user
