// Threads: clone, exit, futex, affinity and the rest glibc's pthreads and
// libgomp need. The ThreadScheduler places the threads on CPUs; here are the
// system calls' semantics.
#include "continuation_steps.h"
#include "guest_abi.h"
#include "guest_struct.h"
#include "linux_process.h"
#include "sim_time.h"
#include "syscall_table.h"

namespace fireplane::linux_user {

namespace {

using sc_core::sc_time;

constexpr uint64_t kNsPerSec = 1000000000;

// clone flags.
constexpr uint64_t kCloneVm = 0x100, kCloneThread = 0x10000, kCloneSettls = 0x80000,
                   kCloneParentSettid = 0x100000, kCloneChildCleartid = 0x200000,
                   kCloneChildSettid = 0x1000000;

// futex operations (the low 7 bits) and flags.
enum FutexOp : unsigned {
    kFutexWait = 0,
    kFutexWake = 1,
    kFutexRequeue = 3,
    kFutexCmpRequeue = 4,
    kFutexWakeOp = 5,
    kFutexWaitBitset = 9,
    kFutexWakeBitset = 10,
};
constexpr uint64_t kFutexClockRealtime = 256;
constexpr uint32_t kFutexBitsetAny = ~0u;

// clone(flags, newsp, parent_tid, tls, child_tid): the child returns from
// the same system call on its own stack with %o1 = 1; the parent gets the
// child's ID and %o1 = 0 (glibc's __clone tells them apart by %o1).
int64_t sys_clone(LinuxProcess& p, const SyscallArgs& a) {
    const uint64_t flags = a.a[0], newsp = a.a[1], ptid = a.a[2], tls = a.a[3], ctid = a.a[4];
    if (!(flags & kCloneVm) || !(flags & kCloneThread)) {
        p.warn_once("fork", "clone without CLONE_VM|CLONE_THREAD (fork) is not supported; "
                            "it returns ENOSYS");
        return -abi::kENOSYS;
    }
    if (p.threads().live_threads() >= p.config().max_threads) return -abi::kEAGAIN;
    sparc::SparcCore& core = p.core();
    GuestThread& parent = p.thread();
    const int64_t tid = p.next_tid();
    if ((flags & kCloneParentSettid) && !p.write_word(ptid, uint64_t(tid), 4)) return -abi::kEFAULT;
    if ((flags & kCloneChildSettid) && !p.write_word(ctid, uint64_t(tid), 4)) return -abi::kEFAULT;

    ThreadContext child;
    child.save(core);
    const sparc::TrapLevelState& trap = core.trap_stack[core.tl];
    child.pc = trap.tnpc; // resume after the trap instruction, as done_trap would
    child.npc = trap.tnpc + 4;
    child.ccr = uint8_t(trap.tstate >> 32) & uint8_t(~abi::kCcrCarry); // carry clear: success
    child.asi = uint8_t(trap.tstate >> 24);
    child.reg(8) = uint64_t(LinuxProcess::kPid);
    child.reg(9) = 1;
    if (newsp) child.reg(14) = newsp;
    if (flags & kCloneSettls) child.reg(7) = tls;
    // Only the current frame moves to the child; older windows stay the parent's.
    child.canrestore = 0;
    child.otherwin = 0;
    child.cansave = sparc::kNumWindows - 2;

    GuestThread& t = p.threads().create(tid, child, parent.affinity, p.now());
    t.signals.blocked = parent.signals.blocked; // a new thread has no alternate stack
    if (flags & kCloneChildCleartid) t.clear_child_tid = ctid;
    core.r[9] = 0;
    return tid;
}

int64_t sys_exit(LinuxProcess& p, const SyscallArgs& a) {
    GuestThread& t = p.thread();
    if (p.threads().live_threads() == 1) { // the last thread: the process ends
        p.exit(int(a.a[0]));
        return 0;
    }
    p.signals().thread_exiting(t);
    if (t.clear_child_tid) { // what pthread_join waits for
        p.write_word(t.clear_child_tid, 0, 4);
        p.threads().futex_wake(t.clear_child_tid, kFutexBitsetAny, 1, p.now());
    }
    p.threads().exit_thread(t);
    return 0;
}

int64_t sys_exit_group(LinuxProcess& p, const SyscallArgs& a) {
    p.exit(int(a.a[0]));
    return 0;
}

int64_t sys_gettid(LinuxProcess& p, const SyscallArgs&) {
    return p.thread().tid;
}

int64_t sys_set_tid_address(LinuxProcess& p, const SyscallArgs& a) {
    p.thread().clear_child_tid = a.a[0];
    return p.thread().tid;
}

int64_t sys_set_robust_list(LinuxProcess& p, const SyscallArgs& a) {
    if (a.a[1] != 24) return -abi::kEINVAL; // sizeof(struct robust_list_head)
    p.thread().robust_list = a.a[0];
    return 0;
}

int64_t sys_get_robust_list(LinuxProcess& p, const SyscallArgs& a) {
    GuestThread* t = a.a[0] ? p.threads().find(int64_t(a.a[0])) : &p.thread();
    if (!t) return -abi::kESRCH;
    if (!p.write_word(a.a[1], t->robust_list) || !p.write_word(a.a[2], 24)) return -abi::kEFAULT;
    return 0;
}

// ---- futex ----

// FUTEX_WAKE_OP's operation on the second word, and its comparison.
bool wake_op(uint32_t encoded, uint32_t& word) {
    const unsigned op = (encoded >> 28) & 7, cmp = (encoded >> 24) & 15;
    int32_t oparg = int32_t(encoded << 8) >> 20, cmparg = int32_t(encoded << 20) >> 20;
    if ((encoded >> 31) & 1) oparg = int32_t(1u << (oparg & 31));
    const int32_t old = int32_t(word);
    const uint32_t arg = uint32_t(oparg);
    const uint32_t results[] = {arg, word + arg, word | arg, word & ~arg, word ^ arg};
    if (op < 5) word = results[op];
    const bool tests[] = {old == cmparg, old != cmparg, old<cmparg, old <= cmparg, old> cmparg,
                          old >= cmparg};
    return cmp < 6 && tests[cmp];
}

// Waits on `uaddr` while it holds `value`, until woken, `deadline` or a
// signal. An untimed wait interrupted by a signal restarts if the handler has
// SA_RESTART; a timed one returns EINTR, or with no handler goes on to the
// same deadline through restart_syscall.
int64_t futex_block(LinuxProcess& p, uint64_t uaddr, uint32_t value, uint32_t bitset,
                    std::optional<sc_time> deadline) {
    uint64_t word;
    if (!p.read_word(uaddr, word, 4)) return -abi::kEFAULT;
    if (uint32_t(word) != value) return -abi::kEAGAIN;
    Wait wait;
    wait.futex = uaddr;
    wait.bitset = bitset;
    wait.on_signal = -kERestartSys;
    if (deadline) {
        if (*deadline <= p.now()) return -abi::kETIMEDOUT;
        wait.deadline = *deadline;
        wait.on_timeout = -abi::kETIMEDOUT;
        wait.on_signal = -kERestartBlock;
        wait.finish = {Continuation::Kind::FutexWait, {uaddr, value, bitset}, *deadline};
    }
    return p.wait(std::move(wait)); // the waker's result replaces this one
}

} // namespace

// continuation_steps.h
int64_t futex_wait_finish(LinuxProcess& p, const Continuation& c, int64_t result) {
    if (result == -kERestartBlock) p.thread().signals.restart = c;
    return result;
}

// continuation_steps.h
int64_t futex_wait_restart(LinuxProcess& p, const Continuation& c) {
    return futex_block(p, c.args[0], uint32_t(c.args[1]), uint32_t(c.args[2]), c.deadline);
}

namespace {

int64_t futex_wait(LinuxProcess& p, const SyscallArgs& a, bool absolute) {
    const uint64_t uaddr = a.a[0];
    const uint32_t bitset = absolute ? uint32_t(a.a[5]) : kFutexBitsetAny;
    if (bitset == 0 || (uaddr & 3)) return -abi::kEINVAL;
    std::optional<sc_time> deadline;
    if (a.a[3]) {
        uint64_t ns;
        if (const int64_t err = p.read_timespec(a.a[3], ns)) return err;
        uint64_t wait_ns = ns;
        if (absolute) { // against CLOCK_REALTIME or CLOCK_MONOTONIC
            const uint64_t now =
                p.now_ns() +
                ((a.a[1] & kFutexClockRealtime) ? p.config().epoch_seconds * kNsPerSec : 0);
            wait_ns = ns > now ? ns - now : 0;
        }
        deadline = p.now() + ns_time(wait_ns);
    }
    return futex_block(p, uaddr, uint32_t(a.a[2]), bitset, deadline);
}

int64_t sys_futex(LinuxProcess& p, const SyscallArgs& a) {
    const unsigned op = unsigned(a.a[1] & 0x7f);
    const uint64_t uaddr = a.a[0];
    const int count = int(std::min<uint64_t>(a.a[2], 0x7fffffff));
    ThreadScheduler& threads = p.threads();
    switch (op) {
    case kFutexWait: return futex_wait(p, a, false);
    case kFutexWaitBitset: return futex_wait(p, a, true);
    case kFutexWake: return threads.futex_wake(uaddr, kFutexBitsetAny, count, p.now());
    case kFutexWakeBitset:
        if (uint32_t(a.a[5]) == 0) return -abi::kEINVAL;
        return threads.futex_wake(uaddr, uint32_t(a.a[5]), count, p.now());
    case kFutexCmpRequeue: {
        uint64_t value;
        if (!p.read_word(uaddr, value, 4)) return -abi::kEFAULT;
        if (uint32_t(value) != uint32_t(a.a[5])) return -abi::kEAGAIN;
    }
        [[fallthrough]];
    case kFutexRequeue:
        return threads.futex_requeue(uaddr, a.a[4], count,
                                     int(std::min<uint64_t>(a.a[3], 0x7fffffff)), p.now());
    case kFutexWakeOp: {
        uint64_t word;
        if (!p.read_word(a.a[4], word, 4)) return -abi::kEFAULT;
        uint32_t w = uint32_t(word);
        const bool also = wake_op(uint32_t(a.a[5]), w);
        if (!p.write_word(a.a[4], w, 4)) return -abi::kEFAULT;
        int woken = threads.futex_wake(uaddr, kFutexBitsetAny, count, p.now());
        if (also)
            woken += threads.futex_wake(a.a[4], kFutexBitsetAny,
                                        int(std::min<uint64_t>(a.a[3], 0x7fffffff)), p.now());
        return woken;
    }
    default: return -abi::kENOSYS; // priority-inheritance futexes
    }
}

// ---- scheduling ----

GuestThread* target_thread(LinuxProcess& p, uint64_t pid) {
    return pid == 0 ? &p.thread() : p.threads().find(int64_t(pid));
}

int64_t sys_sched_getaffinity(LinuxProcess& p, const SyscallArgs& a) {
    GuestThread* t = target_thread(p, a.a[0]);
    if (!t) return -abi::kESRCH;
    if (a.a[1] < 8 || (a.a[1] & 7)) return -abi::kEINVAL;
    return p.write_word(a.a[2], t->affinity) ? 8 : -abi::kEFAULT; // one 64-bit word
}

int64_t sys_sched_setaffinity(LinuxProcess& p, const SyscallArgs& a) {
    GuestThread* t = target_thread(p, a.a[0]);
    if (!t) return -abi::kESRCH;
    if (a.a[1] < 8) return -abi::kEINVAL;
    uint64_t mask;
    if (!p.read_word(a.a[2], mask)) return -abi::kEFAULT;
    if (!(mask & p.threads().all_cpus())) return -abi::kEINVAL;
    p.threads().set_affinity(*t, mask, p.now());
    return 0;
}

// getcpu(cpu, node, cache): the CPU the calling thread runs on; one NUMA node.
int64_t sys_getcpu(LinuxProcess& p, const SyscallArgs& a) {
    if (a.a[0] && !p.write_word(a.a[0], uint64_t(p.thread().cpu), 4)) return -abi::kEFAULT;
    if (a.a[1] && !p.write_word(a.a[1], 0, 4)) return -abi::kEFAULT;
    return 0;
}

int64_t sys_sched_yield(LinuxProcess& p, const SyscallArgs&) {
    p.threads().yield(p.thread());
    return 0;
}

} // namespace

void add_thread_syscalls(std::vector<SyscallEntry>& table) {
    const SyscallEntry entries[] = {
        {1, "exit", sys_exit},
        {142, "futex", sys_futex},
        {143, "gettid", sys_gettid},
        {166, "set_tid_address", sys_set_tid_address},
        {188, "exit_group", sys_exit_group},
        {217, "clone", sys_clone},
        {245, "sched_yield", sys_sched_yield},
        {260, "sched_getaffinity", sys_sched_getaffinity},
        {261, "sched_setaffinity", sys_sched_setaffinity},
        {300, "set_robust_list", sys_set_robust_list},
        {301, "get_robust_list", sys_get_robust_list},
        {308, "getcpu", sys_getcpu},
    };
    table.insert(table.end(), std::begin(entries), std::end(entries));
}

} // namespace fireplane::linux_user
