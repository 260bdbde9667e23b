// Signal system calls: dispositions, masks, the alternate stack, sending
// (kill, tgkill, sigqueue), waiting (sigsuspend, sigtimedwait) and
// rt_sigreturn. The semantics live in signal_delivery.cpp and signal_frame.cpp;
// here are the argument checks and errnos of kernel/signal.c.
#include "continuation_steps.h"
#include "guest_abi.h"
#include "guest_struct.h"
#include "linux_process.h"
#include "sim_time.h"
#include "syscall_table.h"

#include <unistd.h>

namespace fireplane::linux_user {

namespace {

constexpr uint64_t kSigSetSize = 8;
// struct sigaction: sa_handler, sa_flags, sa_restorer, sa_mask.
constexpr uint64_t kActHandler = 0, kActFlags = 8, kActRestorer = 16, kActMask = 24, kActSize = 32;
// stack_t: ss_sp, ss_flags (int), ss_size.
constexpr uint64_t kSsSp = 0, kSsFlags = 8, kSsSize = 16, kStackTSize = 24;
// The part of a siginfo_t the kernel takes from the program (struct kernel_siginfo).
constexpr size_t kKernelSigInfo = 48;

int64_t pid() {
    return LinuxProcess::kPid;
}

bool read_set(LinuxProcess& p, uint64_t va, sig::Set& set) {
    return p.read_word(va, set);
}

SigInfo from_user(int sig, int32_t code) {
    SigInfo info(sig, code);
    info.set32(SigInfo::kPid, uint32_t(pid())).set32(SigInfo::kUid, ::getuid());
    return info;
}

// ---- dispositions and masks ----

int64_t sys_rt_sigaction(LinuxProcess& p, const SyscallArgs& a) {
    const uint64_t sig = a.a[0], act = a.a[1], oact = a.a[2];
    if (a.a[4] != kSigSetSize) return -abi::kEINVAL;
    SignalAction next;
    if (act) {
        uint8_t raw[kActSize];
        if (!p.read_guest(act, raw, sizeof raw)) return -abi::kEFAULT;
        next.handler = load_be64(raw + kActHandler);
        next.flags = load_be64(raw + kActFlags);
        next.sa_restorer = load_be64(raw + kActRestorer);
        next.mask = load_be64(raw + kActMask);
        next.restorer = a.a[3]; // sparc64 passes the restorer in %o3
    }
    if (!sig::valid(sig) || (act && (sig::unblockable() & sig::bit(int(sig)))))
        return -abi::kEINVAL;
    const SignalAction old = p.signals().action(int(sig));
    if (act) p.signals().set_action(int(sig), next);
    if (oact) {
        GuestStruct s;
        s.u64(old.handler).u64(old.flags & sig::kSaKnown).u64(old.sa_restorer).u64(old.mask);
        if (!p.write_guest(oact, s.data(), s.size())) return -abi::kEFAULT;
    }
    return 0;
}

int64_t sys_rt_sigprocmask(LinuxProcess& p, const SyscallArgs& a) {
    if (a.a[3] != kSigSetSize) return -abi::kEINVAL;
    GuestThread& t = p.thread();
    const sig::Set old = t.signals.blocked;
    if (a.a[1]) {
        sig::Set set;
        if (!read_set(p, a.a[1], set)) return -abi::kEFAULT;
        sig::Set next;
        switch (a.a[0]) {
        case sig::kBlock: next = old | set; break;
        case sig::kUnblock: next = old & ~set; break;
        case sig::kSetMask: next = set; break;
        default: return -abi::kEINVAL;
        }
        p.signals().set_blocked(t, next);
    }
    if (a.a[2] && !p.write_word(a.a[2], old)) return -abi::kEFAULT;
    return 0;
}

// rt_sigpending: the signals pending for the thread (its own and the
// process's) that it blocks; the first `sigsetsize` bytes of the set.
int64_t sys_rt_sigpending(LinuxProcess& p, const SyscallArgs& a) {
    if (a.a[1] > kSigSetSize) return -abi::kEINVAL;
    GuestStruct s;
    s.u64(p.signals().pending(p.thread()));
    return p.write_guest(a.a[0], s.data(), a.a[1]) ? 0 : -abi::kEFAULT;
}

int64_t sys_sigaltstack(LinuxProcess& p, const SyscallArgs& a) {
    GuestThread& t = p.thread();
    const uint64_t sp = p.core().r[14]; // the kernel compares the biased %sp here
    const AltStack old = t.signals.altstack;
    if (a.a[0]) {
        uint8_t raw[kStackTSize];
        if (!p.read_guest(a.a[0], raw, sizeof raw)) return -abi::kEFAULT;
        const uint32_t flags = load_be32(raw + kSsFlags);
        const int64_t err = change_alt_stack(t.signals.altstack, sp, load_be64(raw + kSsSp), flags,
                                             load_be64(raw + kSsSize));
        if (err) return err;
    }
    if (a.a[1]) {
        GuestStruct s;
        s.u64(old.sp)
            .u32(alt_stack_flags(old, sp) | (old.flags & sig::kSsAutoDisarm))
            .u32(0)
            .u64(old.size);
        if (!p.write_guest(a.a[1], s.data(), s.size())) return -abi::kEFAULT;
    }
    return 0;
}

// ---- sending ----

int64_t sys_kill(LinuxProcess& p, const SyscallArgs& a) {
    const int64_t target = int64_t(a.a[0]);
    const uint64_t sig = a.a[1];
    // The process is its own group; kill(-1) reaches every process but the caller: none.
    if (target != pid() && target != 0 && target != -pid()) return -abi::kESRCH;
    if (sig > uint64_t(sig::kMax)) return -abi::kEINVAL;
    if (sig == 0) return 0;
    p.signals().send_to_process(from_user(int(sig), sig::kSiUser), "sent by the program", p.now());
    return 0;
}

// do_send_specific: to one thread of this process.
int64_t send_to_thread(LinuxProcess& p, int64_t tid, uint64_t sig, const SigInfo& info) {
    GuestThread* t = p.threads().find(tid);
    if (!t) return -abi::kESRCH;
    if (sig > uint64_t(sig::kMax)) return -abi::kEINVAL;
    if (sig == 0) return 0;
    p.signals().send_to_thread(*t, info, "sent by the program", p.now());
    return 0;
}

int64_t sys_tkill(LinuxProcess& p, const SyscallArgs& a) {
    if (int64_t(a.a[0]) <= 0) return -abi::kEINVAL;
    return send_to_thread(p, int64_t(a.a[0]), a.a[1], from_user(int(a.a[1]), sig::kSiTkill));
}

int64_t sys_tgkill(LinuxProcess& p, const SyscallArgs& a) {
    const int64_t tgid = int64_t(a.a[0]), tid = int64_t(a.a[1]);
    if (tgid <= 0 || tid <= 0) return -abi::kEINVAL;
    if (tgid != pid()) return -abi::kESRCH;
    return send_to_thread(p, tid, a.a[2], from_user(int(a.a[2]), sig::kSiTkill));
}

// The siginfo a program supplies (sigqueue): it may not pose as the kernel,
// kill() or tkill() when sending to another task.
int64_t user_siginfo(LinuxProcess& p, uint64_t va, uint64_t sig, int64_t target, SigInfo& info) {
    if (!p.read_guest(va, info.bytes, kKernelSigInfo)) return -abi::kEFAULT;
    info.set32(SigInfo::kSigno, uint32_t(sig));
    const int32_t code = info.code();
    if ((code >= 0 || code == sig::kSiTkill) && p.thread().tid != target) return -abi::kEPERM;
    return 0;
}

int64_t sys_rt_sigqueueinfo(LinuxProcess& p, const SyscallArgs& a) {
    const int64_t target = int64_t(a.a[0]);
    SigInfo info;
    if (const int64_t err = user_siginfo(p, a.a[2], a.a[1], target, info)) return err;
    if (target != pid()) return -abi::kESRCH;
    if (a.a[1] > uint64_t(sig::kMax)) return -abi::kEINVAL;
    if (a.a[1] == 0) return 0;
    p.signals().send_to_process(info, "sent by the program", p.now());
    return 0;
}

int64_t sys_rt_tgsigqueueinfo(LinuxProcess& p, const SyscallArgs& a) {
    const int64_t tgid = int64_t(a.a[0]), tid = int64_t(a.a[1]);
    if (tgid <= 0 || tid <= 0) return -abi::kEINVAL;
    SigInfo info;
    if (const int64_t err = user_siginfo(p, a.a[3], a.a[2], tid, info)) return err;
    if (tgid != pid()) return -abi::kESRCH;
    return send_to_thread(p, tid, a.a[2], info);
}

// ---- waiting ----

// rt_sigsuspend: waits with a temporary mask for a signal to deliver; the
// handler's frame saves the caller's mask, which rt_sigreturn restores.
int64_t sys_rt_sigsuspend(LinuxProcess& p, const SyscallArgs& a) {
    if (a.a[1] != kSigSetSize) return -abi::kEINVAL;
    sig::Set mask;
    if (!read_set(p, a.a[0], mask)) return -abi::kEFAULT;
    GuestThread& t = p.thread();
    t.signals.saved_mask = t.signals.blocked;
    p.signals().set_blocked(t, mask);
    Wait wait;
    wait.on_signal = -kERestartNoHand;
    return p.wait(std::move(wait));
}

// Dequeues a signal of `wanted` for the calling thread, writing its siginfo
// to `info_va` (if not 0): its number, or `otherwise` when none is pending.
int64_t take_signal(LinuxProcess& p, sig::Set wanted, uint64_t info_va, int64_t otherwise) {
    QueuedSignal q;
    if (!p.signals().dequeue(p.thread(), ~wanted, q)) return otherwise;
    if (info_va && !p.write_guest(info_va, q.info.bytes, SigInfo::kSize)) return -abi::kEFAULT;
    return q.signo();
}

// rt_sigtimedwait: takes a signal of `set` without running its handler,
// sleeping (with those signals unblocked) until one comes or the timeout.
int64_t sys_rt_sigtimedwait(LinuxProcess& p, const SyscallArgs& a) {
    const uint64_t info_va = a.a[1];
    if (a.a[3] != kSigSetSize) return -abi::kEINVAL;
    sig::Set set;
    if (!read_set(p, a.a[0], set)) return -abi::kEFAULT;
    std::optional<uint64_t> timeout_ns;
    if (a.a[2]) {
        uint64_t ns;
        if (const int64_t err = p.read_timespec(a.a[2], ns)) return err;
        timeout_ns = ns;
    }
    const sig::Set wanted = set & ~sig::unblockable();
    GuestThread& t = p.thread();
    if (const int64_t sig = take_signal(p, wanted, info_va, 0)) return sig;
    if (timeout_ns && *timeout_ns == 0) return -abi::kEAGAIN;
    t.signals.real_blocked = t.signals.blocked;
    t.signals.blocked &= ~wanted;
    p.signals().recalc(t);
    Wait wait;
    if (timeout_ns) wait.deadline = p.now() + ns_time(*timeout_ns);
    wait.on_timeout = -abi::kEAGAIN;
    wait.on_signal = -abi::kEINTR;
    wait.finish = {Continuation::Kind::SigTimedWait, {wanted, info_va}};
    return p.wait(std::move(wait));
}

} // namespace

// continuation_steps.h
int64_t sigtimedwait_finish(LinuxProcess& p, const Continuation& c, int64_t result) {
    GuestThread& t = p.thread();
    if (!t.signals.real_blocked)
        SC_REPORT_FATAL("os", "rt_sigtimedwait resumed without its saved mask");
    const sig::Set mask = *t.signals.real_blocked;
    t.signals.real_blocked.reset();
    p.signals().set_blocked(t, mask);
    return take_signal(p, c.args[0], c.args[1], result);
}

namespace {

// poll and ppoll with no descriptors: a sleep a signal ends, which is how
// glibc's pause() waits on sparc64 (ppoll(NULL, 0, NULL, NULL)). Waiting on
// descriptors is not modelled (their files are the host's): ENOSYS.
// `finish` turns the wait's result into the call's, now or when it ends.
int64_t poll_nothing(LinuxProcess& p, uint64_t nfds, std::optional<uint64_t> timeout_ns,
                     const Continuation& finish) {
    if (nfds) {
        p.warn_once("poll", "poll/ppoll on file descriptors is not supported; it returns ENOSYS");
        return finish_wait(p, finish, -abi::kENOSYS);
    }
    if (timeout_ns && *timeout_ns == 0) return finish_wait(p, finish, 0);
    Wait wait;
    if (timeout_ns) wait.deadline = p.now() + ns_time(*timeout_ns);
    wait.on_signal = -kERestartNoHand;
    wait.finish = finish;
    return p.wait(std::move(wait));
}

// poll: without a handler, restart_syscall polls on to the original end.
int64_t sys_poll(LinuxProcess& p, const SyscallArgs& a) {
    const int32_t timeout_ms = int32_t(a.a[2]);
    std::optional<uint64_t> timeout_ns;
    if (timeout_ms >= 0) timeout_ns = uint64_t(timeout_ms) * 1000000;
    Continuation finish{Continuation::Kind::Poll, {timeout_ns.has_value()}};
    if (timeout_ns) finish.deadline = p.now() + ns_time(*timeout_ns);
    return poll_nothing(p, a.a[1], timeout_ns, finish);
}

} // namespace

// continuation_steps.h
int64_t poll_finish(LinuxProcess& p, const Continuation& c, int64_t result) {
    if (result != -kERestartNoHand) return result;
    p.thread().signals.restart = c;
    return -kERestartBlock;
}

// continuation_steps.h
int64_t poll_restart(LinuxProcess& p, const Continuation& c) {
    std::optional<uint64_t> left;
    if (c.args[0]) left = c.deadline > p.now() ? time_ns(c.deadline - p.now()) : 0;
    return poll_nothing(p, 0, left, Continuation{});
}

namespace {

// ppoll: also swaps in a signal mask for the wait, restored after the
// handler as sigsuspend's is, and writes back the time left
// (poll_select_finish).
int64_t sys_ppoll(LinuxProcess& p, const SyscallArgs& a) {
    const uint64_t tsp = a.a[2];
    std::optional<uint64_t> timeout_ns;
    if (tsp) {
        uint64_t ns;
        if (const int64_t err = p.read_timespec(tsp, ns)) return err;
        timeout_ns = ns;
    }
    GuestThread& t = p.thread();
    if (a.a[3]) {
        if (a.a[4] != kSigSetSize) return -abi::kEINVAL;
        sig::Set mask;
        if (!read_set(p, a.a[3], mask)) return -abi::kEFAULT;
        t.signals.saved_mask = t.signals.blocked;
        p.signals().set_blocked(t, mask);
    }
    // args: the timespec to update, and whether there is a time left to write.
    const Continuation finish{Continuation::Kind::PPoll,
                              {tsp, timeout_ns && *timeout_ns != 0 ? 1u : 0u},
                              p.now() + ns_time(timeout_ns.value_or(0))};
    return poll_nothing(p, a.a[1], timeout_ns, finish);
}

} // namespace

// continuation_steps.h
int64_t ppoll_finish(LinuxProcess& p, const Continuation& c, int64_t result) {
    GuestThread& t = p.thread();
    if (result != -kERestartNoHand && t.signals.saved_mask) {
        p.signals().set_blocked(t, *t.signals.saved_mask);
        t.signals.saved_mask.reset();
    }
    if (!c.args[1]) return result;
    const uint64_t left = c.deadline > p.now() ? time_ns(c.deadline - p.now()) : 0;
    if (!p.write_timespec(c.args[0], left) && result == -kERestartNoHand)
        return int64_t(-abi::kEINTR); // a timeout it cannot update is not restarted
    return result;
}

namespace {

// ---- returning ----

int64_t sys_rt_sigreturn(LinuxProcess& p, const SyscallArgs&) {
    GuestThread& t = p.thread();
    if (!rt_sigreturn(p, p.core(), t) && !p.exited())
        p.signals().force(t, SigInfo(abi::kSigSegv, sig::kSiKernel), "rt_sigreturn: bad frame");
    return kResumesContext;
}

// restart_syscall: continues a call a signal interrupted (a sleep, a timed
// futex wait) where it stopped; without one, EINTR.
int64_t sys_restart_syscall(LinuxProcess& p, const SyscallArgs&) {
    const Continuation restart = std::exchange(p.thread().signals.restart, Continuation{});
    return restart ? restart_call(p, restart) : -abi::kEINTR;
}

// The 64-bit sparc kernel has no pause (sys_nis_syscall): glibc's pause()
// fails with ENOSYS there, and so it does here. sigsuspend is the way.
int64_t sys_pause(LinuxProcess&, const SyscallArgs&) {
    return -abi::kENOSYS;
}

} // namespace

void add_signal_syscalls(std::vector<SyscallEntry>& table) {
    const SyscallEntry entries[] = {
        {0, "restart_syscall", sys_restart_syscall},
        {153, "poll", sys_poll},
        {298, "ppoll", sys_ppoll},
        {28, "sigaltstack", sys_sigaltstack},
        {29, "pause", sys_pause},
        {37, "kill", sys_kill},
        {101, "rt_sigreturn", sys_rt_sigreturn},
        {102, "rt_sigaction", sys_rt_sigaction},
        {103, "rt_sigprocmask", sys_rt_sigprocmask},
        {104, "rt_sigpending", sys_rt_sigpending},
        {105, "rt_sigtimedwait", sys_rt_sigtimedwait},
        {106, "rt_sigqueueinfo", sys_rt_sigqueueinfo},
        {107, "rt_sigsuspend", sys_rt_sigsuspend},
        {187, "tkill", sys_tkill},
        {211, "tgkill", sys_tgkill},
        {326, "rt_tgsigqueueinfo", sys_rt_tgsigqueueinfo},
    };
    table.insert(table.end(), std::begin(entries), std::end(entries));
}

} // namespace fireplane::linux_user
