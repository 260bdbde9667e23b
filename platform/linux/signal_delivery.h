#pragma once
// Signals as the kernel sends and delivers them (kernel/signal.c, with
// arch/sparc/kernel/signal_64.c's do_signal): dispositions, the process-wide
// pending set, the choice of thread for a process-directed signal, waking an
// interruptible wait, and, each time a thread returns to user mode (after a
// system call or a fault, or when its CPU dispatches it), the handler frames
// and the restart or EINTR of an interrupted system call.
#include "core/checkpoint/checkpointable.h"
#include "core/stats/stats.h"
#include "signal_frame.h"
#include "signal_state.h"

#include <systemc>

#include <cstdint>
#include <functional>
#include <string>

namespace fireplane::linux_user {

class LinuxProcess;
struct GuestThread;

// Results an interrupted system call returns inside the kernel only
// (include/linux/errno.h): the return to user mode turns them into EINTR or
// a restart, depending on the handler. Never seen by the program.
enum RestartCode : int64_t {
    kERestartSys = 512,    // restart if the handler has SA_RESTART, else EINTR
    kERestartNoIntr = 513, // always restart
    kERestartNoHand = 514, // restart only if no handler runs
    kERestartBlock = 516,  // ERESTART_RESTARTBLOCK: EINTR, or restart_syscall continues
};

class ProcessSignals : public Checkpointable {
public:
    explicit ProcessSignals(LinuxProcess& process);
    ~ProcessSignals();
    ProcessSignals(const ProcessSignals&) = delete;
    ProcessSignals& operator=(const ProcessSignals&) = delete;

    SignalAction& action(int sig) { return actions_[sig - 1]; }
    // rt_sigaction: a new disposition; ignoring a signal discards its pending instances.
    void set_action(int sig, const SignalAction& action);

    // ---- sending (send_signal_locked) ----
    // To the process, as kill() does: queued process-wide, taken by a thread
    // that does not block it. `at` is the sender's time.
    void send_to_process(const SigInfo& info, const std::string& origin,
                         const sc_core::sc_time& at);
    // To one thread (tgkill, pthread_kill, SIGEV_THREAD_ID).
    void send_to_thread(GuestThread& t, const SigInfo& info, const std::string& origin,
                        const sc_core::sc_time& at);
    // A POSIX timer's signal (send_sigqueue): queued once; while it waits,
    // further expirations only raise its si_overrun. False if it is ignored
    // (the timer then re-arms itself, since no dequeue will).
    bool send_timer_signal(GuestThread* thread, const QueuedSignal& q, const sc_core::sc_time& at);
    // A fault in the running thread (force_sig_fault): a blocked or ignored
    // signal is unblocked and reset to SIG_DFL first, so it cannot be lost.
    void force(GuestThread& t, const SigInfo& info, const std::string& origin);

    // ---- receiving ----
    // dequeue_signal: the next pending signal outside `blocked` (the thread's
    // own first, synchronous ones first, then the lowest number).
    bool dequeue(GuestThread& t, sig::Set blocked, QueuedSignal& out);
    sig::Set pending(const GuestThread& t) const; // rt_sigpending: pending and blocked
    bool deliverable(const GuestThread& t) const;
    // set_current_blocked: SIGKILL and SIGSTOP stay unblocked; signals the
    // thread now blocks go to another thread that can take them.
    void set_blocked(GuestThread& t, sig::Set mask);
    void recalc(GuestThread& t); // recalc_sigpending
    // Called for thread `t` on `core` (its trap already left) when it returns to
    // user mode: after a system call (`syscall`), a fault, or at dispatch. Runs
    // the kernel's do_signal loop while the thread has signals to look at.
    void return_to_user(sparc::SparcCore& core, GuestThread& t, bool syscall, unsigned tt);
    void thread_exiting(GuestThread& t);

    // Checkpointable (section os.signals): dispositions and the
    // process-wide pending signals; each thread's own are in os.threads.
    void checkpoint(StateIo& io) override;

    // The timers re-arm when their signal is taken (ITIMER_REAL's SIGALRM and
    // POSIX timers); they register here to hear of it.
    std::function<void(QueuedSignal&, bool process_wide)> on_dequeue;

private:
    void send(GuestThread& target, bool process_wide, QueuedSignal q, const sc_core::sc_time& at);
    bool ignored(const GuestThread& t, int sig) const;
    bool wants(const GuestThread& t, int sig) const;
    void complete(int sig, GuestThread& target, bool process_wide, const std::string& origin,
                  const sc_core::sc_time& at);
    void wake_up(GuestThread& t, const sc_core::sc_time& at);
    void retarget(GuestThread& t, sig::Set which);
    void do_signal(sparc::SparcCore& core, GuestThread& t, bool& syscall, unsigned tt);
    // get_signal: dequeues until a signal with a handler (true) or none is left;
    // a fatal one ends the process.
    bool get_signal(GuestThread& t, HandlerCall& call);
    void fatal(int sig, const std::string& origin);
    GuestThread& main_thread();
    size_t index_of(const GuestThread& t) const; // in the thread list; fatal if not there

    LinuxProcess& p_;
    SignalAction actions_[sig::kMax];
    PendingSignals shared_;
    GuestThread* curr_target_ = nullptr; // where the search for a taker starts
    uint64_t sent_ = 0, delivered_ = 0;  // statistics
    StatsGroup stats_{"os"};             // last: its statistics go first
};

} // namespace fireplane::linux_user
