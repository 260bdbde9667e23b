#pragma once
// The user-mode kernel's scheduler: it places the process's threads on the
// simulated CPUs. Each CPU asks it what to run before every run of its core
// (sparc::CpuDispatcher), so switches happen between runs only. A CPU with
// nothing to run sleeps without costing host time; a thread that wakes goes
// to a sleeping CPU it may run on, or waits in a FIFO run queue.
//
// Every decision depends only on simulated events, in SystemC's order, so a
// run is deterministic. Time-slicing: at a quantum boundary, a thread that has
// run for `timeslice` gives its CPU to a queued thread allowed there.
#include "guest_thread.h"
#include "models/cpu/sparc_cpu.h"

#include "core/checkpoint/checkpointable.h"
#include "core/stats/stats.h"

#include <systemc>

#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace fireplane::linux_user {

// A system call's result in a core that has left its trap: %o0 and the carry
// flags (icc.C and xcc.C) straight in CCR.
void set_syscall_result(sparc::SparcCore& core, int64_t result);

// What a blocked thread waits for.
struct Wait {
    uint64_t futex = 0;  // the futex word (0: a sleep or a signal wait)
    uint32_t bitset = 0; // FUTEX_WAIT_BITSET's bits
    sc_core::sc_time deadline = sc_core::SC_ZERO_TIME; // absolute; SC_ZERO_TIME: none
    int64_t on_timeout = 0;                            // the result when the deadline passes
    int64_t on_signal = 0; // the result when a signal interrupts it (an -ERESTART* code)
    Continuation finish;   // the call's last step (none: the result is the call's)
};

class ThreadScheduler : public sparc::CpuDispatcher, public Checkpointable {
public:
    using Deadlock = std::function<void(const std::string&)>;
    // Called on the thread's CPU before it runs again after dispatch, with the
    // result of the wait it leaves (none: it was running or preempted). The OS
    // layer finishes the system call there and delivers pending signals.
    using Resume = std::function<void(sparc::SparcCpu&, GuestThread&, std::optional<int64_t>)>;
    ThreadScheduler(std::vector<sparc::SparcCpu*> cpus, sc_core::sc_time timeslice,
                    Deadlock on_deadlock);
    ~ThreadScheduler() override;

    size_t cpu_count() const { return cpus_.size(); }
    uint64_t all_cpus() const;
    // The first thread: the context already loaded in CPU 0's core.
    GuestThread& start_main(int64_t tid);
    // A new thread with `context`, runnable now (`at`: the creator's clock).
    GuestThread& create(int64_t tid, const ThreadContext& context, uint64_t affinity,
                        const sc_core::sc_time& at);
    GuestThread* find(int64_t tid);
    // The thread whose system call is running on `core`.
    GuestThread& current(const sparc::SparcCore& core);
    // The thread on `core` now, or null (for host tools: never fails).
    const GuestThread* running_on(const sparc::SparcCore& core) const;
    sparc::SparcCpu& cpu_of(const sparc::SparcCore& core);
    // Every thread made, in creation order (the kernel's thread list), exited ones too.
    const std::vector<std::unique_ptr<GuestThread>>& all() const { return threads_; }
    void set_resume(Resume resume) { resume_ = std::move(resume); }
    // Something other than a thread may still end a wait (an armed timer): no deadlock then.
    void set_wake_source(std::function<bool()> armed) { wake_source_ = std::move(armed); }

    // ---- for the system calls of the thread `t` on its CPU ----
    // Stops `t` until wake(), its deadline or a signal.
    void block(GuestThread& t, Wait wait);
    // Ends `t`'s wait with `result`, at the waker's time `at`.
    void wake(GuestThread& t, int64_t result, const sc_core::sc_time& at);
    // A signal for `t`: ends its wait (with the wait's on_signal result), or, if it
    // runs on a CPU, makes that CPU stop at its next instruction boundary and dispatch.
    void interrupt(GuestThread& t, const sc_core::sc_time& at);
    // FUTEX_WAKE: wakes up to `n` waiters on `uaddr` whose bitset meets
    // `bitset`, oldest first; returns how many.
    int futex_wake(uint64_t uaddr, uint32_t bitset, int n, const sc_core::sc_time& at);
    // FUTEX_REQUEUE: wakes up to `n`, moves up to `requeue` others to `uaddr2`.
    int futex_requeue(uint64_t uaddr, uint64_t uaddr2, int n, int requeue,
                      const sc_core::sc_time& at);
    // Gives the CPU to a queued thread that may run there, if any.
    void yield(GuestThread& t);
    void exit_thread(GuestThread& t);
    void set_affinity(GuestThread& t, uint64_t mask, const sc_core::sc_time& at);
    size_t live_threads() const;
    // CPU time of one thread, or of all, in cycles.
    uint64_t thread_cycles(const GuestThread& t) const;
    uint64_t process_cycles() const;

    bool dispatch(sparc::SparcCpu& cpu) override;
    // One thread, on this CPU, and no timer armed: nothing interrupts it but its own traps.
    bool undisturbed(const sparc::SparcCpu& cpu) const override;
    // Ends the process (on_deadlock) if no thread can run again: every one waits
    // with no deadline, and no wake source (timer) is left.
    void check_deadlock();

    // Checkpointable (section os.threads): every thread, the CPUs' threads,
    // the run queue and the futex waiters; the timer re-armed on restore.
    void checkpoint(StateIo& io) override;
    void restored() override;
    void unschedule() override { timer_.cancel(); }

private:
    size_t index_of(const sparc::SparcCore& core) const; // fatal for a core not ours
    void switch_out(unsigned cpu);
    void switch_in(unsigned cpu, GuestThread& t);
    GuestThread* take_runnable(unsigned cpu, const GuestThread* preempted,
                               const sc_core::sc_time& now);
    bool queued_for(unsigned cpu) const;
    void make_runnable(GuestThread& t, const sc_core::sc_time& at);
    void wake_cpu_for(const GuestThread& t, const sc_core::sc_time& at);
    void stop(GuestThread& t);
    void arm_timer();
    void on_timer();

    std::vector<sparc::SparcCpu*> cpus_;
    sc_core::sc_time timeslice_;
    Deadlock on_deadlock_;
    Resume resume_;
    std::function<bool()> wake_source_;
    std::vector<std::unique_ptr<GuestThread>> threads_; // by creation; never shrinks
    std::vector<GuestThread*> on_cpu_;                  // per CPU: its thread, or null
    std::vector<bool> idle_;                            // per CPU: asleep and unclaimed
    std::deque<GuestThread*> run_queue_;
    std::deque<GuestThread*> futex_waiters_; // in the order they began to wait
    sc_core::sc_event timer_;

    uint64_t created_ = 0, switches_ = 0, preemptions_ = 0, futex_waits_ = 0, futex_wakes_ = 0;
    StatsGroup stats_{"os"}; // last: its statistics go first
};

} // namespace fireplane::linux_user
