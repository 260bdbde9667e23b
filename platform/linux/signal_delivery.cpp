#include "signal_delivery.h"

#include "core/stats/stats.h"
#include "guest_abi.h"
#include "guest_thread.h"
#include "linux_process.h"
#include "thread_scheduler.h"

namespace fireplane::linux_user {

using sc_core::sc_time;

namespace {

constexpr uint64_t kRestartSyscallNumber = 0; // __NR_restart_syscall

bool has(sig::Set set, int sig) {
    return set & sig::bit(sig);
}

// next_signal: a synchronous (fault) signal first, else the lowest number.
int next_signal(sig::Set pending, sig::Set blocked) {
    sig::Set x = pending & ~blocked;
    if (!x) return 0;
    if (x & sig::synchronous()) x &= sig::synchronous();
    return __builtin_ctzll(x) + 1;
}

// collect_signal: the oldest queued instance; the signal stays pending while more are queued.
QueuedSignal collect(PendingSignals& list, int sig) {
    QueuedSignal out;
    out.info = SigInfo(sig, sig::kSiUser);
    bool found = false, more = false;
    for (auto it = list.queue.begin(); it != list.queue.end();) {
        if (it->signo() != sig) {
            ++it;
        } else if (!found) {
            out = std::move(*it);
            it = list.queue.erase(it);
            found = true;
        } else {
            more = true;
            break;
        }
    }
    if (!more) list.set &= ~sig::bit(sig);
    return out;
}

bool carry_set(const sparc::SparcCore& c) {
    return c.ccr & abi::kCcrCarry;
}

bool is_restart_code(uint64_t o0) {
    return o0 == kERestartSys || o0 == kERestartNoIntr || o0 == kERestartNoHand ||
           o0 == kERestartBlock;
}

// syscall_restart: a handler runs, so the interrupted call returns EINTR or,
// with SA_RESTART (or ERESTARTNOINTR), goes back to its `ta` with its %o0.
void restart_for_handler(sparc::SparcCore& c, uint64_t orig_o0, uint64_t flags) {
    const uint64_t code = c.r[8];
    const bool restart =
        code == kERestartNoIntr || (code == kERestartSys && (flags & sig::kSaRestart));
    if (restart) {
        c.r[8] = orig_o0;
        c.pc -= 4;
        c.npc -= 4;
    } else if (is_restart_code(code)) {
        c.r[8] = uint64_t(abi::kEINTR);
        c.ccr |= abi::kCcrCarry;
    }
}

// No handler runs: the call is replayed. This is the kernel's code exactly,
// case labels falling through included: for ERESTARTSYS, ERESTARTNOINTR and
// ERESTARTNOHAND it backs up two instructions and sets %g1 to restart_syscall,
// so the replay works when the instruction before the `ta` is glibc's
// `mov NR, %g1`, and otherwise restart_syscall answers (usually EINTR).
void restart_without_handler(sparc::SparcCore& c, uint64_t orig_o0) {
    switch (c.r[8]) {
    case kERestartNoHand:
    case kERestartSys:
    case kERestartNoIntr:
        c.r[8] = orig_o0;
        c.pc -= 4;
        c.npc -= 4;
        [[fallthrough]];
    case kERestartBlock:
        c.r[1] = kRestartSyscallNumber;
        c.pc -= 4;
        c.npc -= 4;
        break;
    default: break;
    }
}

} // namespace

void PendingSignals::remove(sig::Set which) {
    set &= ~which;
    for (auto it = queue.begin(); it != queue.end();)
        it = (which & sig::bit(it->signo())) ? queue.erase(it) : it + 1;
}

ProcessSignals::ProcessSignals(LinuxProcess& process) : p_(process) {
    stats_.add_counter("signals_sent", &sent_, "signals queued for a thread or the process");
    stats_.add_counter("signals_delivered", &delivered_, "signal handlers called");
}

ProcessSignals::~ProcessSignals() = default;

GuestThread& ProcessSignals::main_thread() {
    return *p_.threads().all().front();
}

size_t ProcessSignals::index_of(const GuestThread& t) const {
    const auto& threads = p_.threads().all();
    for (size_t i = 0; i < threads.size(); ++i)
        if (threads[i].get() == &t) return i;
    SC_REPORT_FATAL("os", ("signals: thread " + std::to_string(t.tid) + " is not ours").c_str());
    return 0;
}

void ProcessSignals::set_action(int sig, const SignalAction& next) {
    SignalAction& a = action(sig);
    a = next;
    a.flags &= sig::kSaKnown;
    a.mask &= ~sig::unblockable();
    const bool ignores =
        a.handler == sig::kSigIgn ||
        (a.handler == sig::kSigDfl && sig::default_action(sig) == sig::Default::Ignore);
    if (!ignores) return;
    // POSIX: setting a pending signal to be ignored discards it.
    shared_.remove(sig::bit(sig));
    for (const auto& t : p_.threads().all())
        t->signals.pending.remove(sig::bit(sig));
}

// ---- sending ----

bool ProcessSignals::ignored(const GuestThread& t, int sig) const {
    // A blocked signal is never ignored: its handler may change before it is unblocked.
    if (has(t.signals.blocked, sig) ||
        (t.signals.real_blocked && has(*t.signals.real_blocked, sig)))
        return false;
    const uint64_t handler = actions_[sig - 1].handler;
    return handler == sig::kSigIgn ||
           (handler == sig::kSigDfl && sig::default_action(sig) == sig::Default::Ignore);
}

// wants_signal: not blocked, alive, and on a CPU now or not yet told of another signal.
bool ProcessSignals::wants(const GuestThread& t, int sig) const {
    if (has(t.signals.blocked, sig) || t.state == ThreadState::Exited) return false;
    if (sig == abi::kSigKill) return true;
    const bool on_cpu = t.cpu >= 0 && t.state == ThreadState::Running;
    return on_cpu || !t.signals.wake_pending;
}

void ProcessSignals::wake_up(GuestThread& t, const sc_time& at) {
    t.signals.wake_pending = true;
    p_.threads().interrupt(t, at);
}

void ProcessSignals::fatal(int sig, const std::string& origin) {
    p_.kill_by_signal(sig, origin);
}

// complete_signal: find a thread to take it and wake that one up; a signal
// whose default action ends the process ends it at once.
void ProcessSignals::complete(int sig, GuestThread& target, bool process_wide,
                              const std::string& origin, const sc_time& at) {
    GuestThread* taker = nullptr;
    const auto& threads = p_.threads().all();
    if (wants(target, sig)) {
        taker = &target;
    } else if (!process_wide || p_.threads().live_threads() == 1) {
        return; // it waits until the thread unblocks it
    } else {
        if (!curr_target_) curr_target_ = &main_thread();
        const size_t start = index_of(*curr_target_);
        for (size_t k = 0; k < threads.size() && !taker; ++k) {
            GuestThread& t = *threads[(start + k) % threads.size()];
            if (wants(t, sig)) taker = &t;
        }
        if (!taker) return; // every thread blocks it: it stays pending
        curr_target_ = taker;
    }
    const SignalAction& a = actions_[sig - 1];
    const bool waited_for = taker->signals.real_blocked && has(*taker->signals.real_blocked, sig);
    if (a.handler == sig::kSigDfl && sig::default_action(sig) != sig::Default::Ignore &&
        !waited_for)
        return fatal(sig, origin);
    wake_up(*taker, at);
}

void ProcessSignals::send(GuestThread& target, bool process_wide, QueuedSignal q,
                          const sc_time& at) {
    const int sig = q.signo();
    // prepare_signal: stop signals and SIGCONT cancel each other's pending instances.
    const sig::Set cancels = sig == abi::kSigCont            ? sig::stop_signals()
                             : has(sig::stop_signals(), sig) ? sig::bit(abi::kSigCont)
                                                             : 0;
    if (cancels) {
        shared_.remove(cancels);
        for (const auto& t : p_.threads().all())
            t->signals.pending.remove(cancels);
    }
    if (ignored(target, sig)) return;
    PendingSignals& list = process_wide ? shared_ : target.signals.pending;
    if (sig < sig::kRtMin && has(list.set, sig)) return; // a standard signal is pending once
    list.set |= sig::bit(sig);
    ++sent_;
    const std::string origin = q.origin;
    list.queue.push_back(std::move(q));
    complete(sig, target, process_wide, origin, at);
}

void ProcessSignals::send_to_process(const SigInfo& info, const std::string& origin,
                                     const sc_time& at) {
    send(main_thread(), true, QueuedSignal{info, origin}, at);
}

void ProcessSignals::send_to_thread(GuestThread& t, const SigInfo& info, const std::string& origin,
                                    const sc_time& at) {
    send(t, false, QueuedSignal{info, origin}, at);
}

bool ProcessSignals::send_timer_signal(GuestThread* thread, const QueuedSignal& q,
                                       const sc_time& at) {
    GuestThread& target = thread ? *thread : main_thread();
    if (target.state == ThreadState::Exited) return true; // lost, as to a dead thread
    if (ignored(target, q.signo())) return false;
    PendingSignals& list = thread ? target.signals.pending : shared_;
    for (QueuedSignal& queued : list.queue)
        if (queued.timer_id == q.timer_id) { // still waiting: one more overrun
            queued.info.set32(SigInfo::kOverrun, queued.info.get32(SigInfo::kOverrun) + 1);
            queued.timer_generation = q.timer_generation; // the kernel reuses the one sigqueue
            return true;
        }
    list.set |= sig::bit(q.signo());
    ++sent_;
    list.queue.push_back(q);
    complete(q.signo(), target, thread == nullptr, q.origin, at);
    return true;
}

void ProcessSignals::force(GuestThread& t, const SigInfo& info, const std::string& origin) {
    const int sig = info.signo();
    SignalAction& a = action(sig);
    const bool blocked = has(t.signals.blocked, sig);
    if (blocked || a.handler == sig::kSigIgn) {
        a.handler = sig::kSigDfl;
        if (blocked) t.signals.blocked &= ~sig::bit(sig);
    }
    // With no handler the fault is the first signal taken, and it ends the process.
    if (a.handler == sig::kSigDfl) return fatal(sig, origin);
    send(t, false, QueuedSignal{info, origin}, p_.now());
}

// ---- receiving ----

bool ProcessSignals::dequeue(GuestThread& t, sig::Set blocked, QueuedSignal& out) {
    bool process_wide = false;
    int sig = next_signal(t.signals.pending.set, blocked);
    if (sig) {
        out = collect(t.signals.pending, sig);
    } else if ((sig = next_signal(shared_.set, blocked))) {
        out = collect(shared_, sig);
        process_wide = true;
    }
    recalc(t);
    if (sig && on_dequeue) on_dequeue(out, process_wide);
    return sig != 0;
}

sig::Set ProcessSignals::pending(const GuestThread& t) const {
    return (t.signals.pending.set | shared_.set) & t.signals.blocked;
}

bool ProcessSignals::deliverable(const GuestThread& t) const {
    return ((t.signals.pending.set | shared_.set) & ~t.signals.blocked) != 0;
}

void ProcessSignals::recalc(GuestThread& t) {
    t.signals.wake_pending = deliverable(t);
}

// retarget_shared_pending: process-wide signals that `t` stops taking go to
// threads that can take them.
void ProcessSignals::retarget(GuestThread& t, sig::Set which) {
    sig::Set left = shared_.set & which;
    if (!left) return;
    const auto& threads = p_.threads().all();
    const size_t self = index_of(t);
    for (size_t k = 1; k < threads.size() && left; ++k) {
        GuestThread& u = *threads[(self + k) % threads.size()];
        if (u.state == ThreadState::Exited || !(left & ~u.signals.blocked)) continue;
        left &= u.signals.blocked;
        if (!u.signals.wake_pending) wake_up(u, p_.now());
    }
}

void ProcessSignals::set_blocked(GuestThread& t, sig::Set mask) {
    mask &= ~sig::unblockable();
    if (t.signals.wake_pending) retarget(t, mask & ~t.signals.blocked);
    t.signals.blocked = mask;
    recalc(t);
}

void ProcessSignals::thread_exiting(GuestThread& t) {
    if (p_.threads().live_threads() > 1 && t.signals.wake_pending) retarget(t, ~t.signals.blocked);
    t.signals.pending = PendingSignals{};
}

bool ProcessSignals::get_signal(GuestThread& t, HandlerCall& call) {
    QueuedSignal q;
    while (dequeue(t, t.signals.blocked, q)) {
        const int sig = q.signo();
        SignalAction& a = action(sig);
        if (a.handler == sig::kSigIgn) continue;
        if (a.handler != sig::kSigDfl) {
            call.sig = sig;
            call.action = a;
            call.info = q.info;
            if (a.flags & sig::kSaResetHand) a.handler = sig::kSigDfl;
            return true;
        }
        if (sig::default_action(sig) == sig::Default::Ignore) continue;
        fatal(sig, q.origin);
        return false;
    }
    return false;
}

void ProcessSignals::do_signal(sparc::SparcCore& c, GuestThread& t, bool& syscall, unsigned tt) {
    const bool restart = syscall && carry_set(c);
    // The kernel parks the call's original %o0 in the user's %g6 here (glibc
    // keeps nothing there across a system call), so the frame shows it too.
    if (restart) c.r[6] = t.signals.syscall_o0;
    HandlerCall call;
    const bool handler = get_signal(t, call);
    if (p_.exited()) return;
    if (!handler) {
        if (restart && is_restart_code(c.r[8])) {
            restart_without_handler(c, t.signals.syscall_o0);
            syscall = false; // pt_regs_clear_syscall
        }
        if (t.signals.saved_mask) { // restore_saved_sigmask
            set_blocked(t, *t.signals.saved_mask);
            t.signals.saved_mask.reset();
        }
        return;
    }
    if (restart) restart_for_handler(c, t.signals.syscall_o0, call.action.flags);
    call.saved_mask = t.signals.saved_mask.value_or(t.signals.blocked);
    call.tt = tt;
    call.syscall = syscall;
    if (!setup_rt_frame(p_, c, t, call)) {
        // force_sigsegv: a frame that cannot be written for SIGSEGV is fatal.
        const std::string why = "no room for the " + sig::name(call.sig) + " signal frame";
        if (call.sig == abi::kSigSegv) return fatal(abi::kSigSegv, why);
        return force(t, SigInfo(abi::kSigSegv, sig::kSiKernel), why);
    }
    if (p_.exited()) return;
    ++delivered_;
    // signal_delivered: the handler runs with its sa_mask, and its own signal unless SA_NODEFER.
    t.signals.saved_mask.reset();
    sig::Set mask = t.signals.blocked | call.action.mask;
    if (!(call.action.flags & sig::kSaNoDefer)) mask |= sig::bit(call.sig);
    set_blocked(t, mask);
}

void ProcessSignals::return_to_user(sparc::SparcCore& c, GuestThread& t, bool syscall,
                                    unsigned tt) {
    // The kernel loops while the thread has signals to look at: each handler
    // gets a frame on top of the last, so the last one taken runs first. An
    // interrupted call is settled on the first pass even if its signal went
    // to another thread meanwhile.
    bool interrupted = syscall && carry_set(c) && is_restart_code(c.r[8]);
    while (!p_.exited() && (t.signals.wake_pending || interrupted)) {
        do_signal(c, t, syscall, tt);
        interrupted = false;
    }
}

} // namespace fireplane::linux_user
