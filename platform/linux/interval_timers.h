#pragma once
// The process's timers: setitimer's ITIMER_REAL, ITIMER_VIRTUAL and
// ITIMER_PROF (kernel/time/itimer.c) and POSIX timers (posix-timers.c).
// Timers on simulated clocks wait for a SystemC event, never host time;
// timers on CPU-time clocks are checked whenever a CPU dispatches a thread
// (the kernel checks them at its timer tick), so runs stay deterministic.
//
// As in the kernel, a periodic timer is re-armed when its signal is taken,
// not when it fires: expirations missed while the signal waits become the
// overrun count (POSIX timers) or are lost (ITIMER_REAL).
#include "cpu_clocks.h"
#include "signal_state.h"

#include "core/checkpoint/checkpointable.h"

#include <systemc>

#include <cstdint>
#include <map>

namespace fireplane::linux_user {

class LinuxProcess;

class IntervalTimers : public Checkpointable {
public:
    explicit IntervalTimers(LinuxProcess& process);

    struct Setting {
        uint64_t value_ns = 0;    // time to the next expiry; 0: disarmed
        uint64_t interval_ns = 0; // period; 0: one-shot
    };
    enum Which { kReal = 0, kVirtual = 1, kProf = 2 };
    // setitimer/getitimer; `which` is valid. set returns the old setting.
    Setting get_itimer(Which which);
    Setting set_itimer(Which which, const Setting& next);

    // timer_create with a sigevent (`notify` kinds of signal_facts.h), or
    // without (`event` false: SIGALRM to the process, the id as its value).
    // Returns the new id, or -errno.
    struct Event {
        int32_t notify = sig::kSigevSignal;
        int32_t signo = 14; // SIGALRM
        uint64_t value = 0; // sigev_value, as the guest's 8 bytes
        int64_t tid = 0;    // SIGEV_THREAD_ID's thread
    };
    int64_t create(int64_t clock, const Event* event);
    int64_t set_time(int64_t id, bool absolute, const Setting& next, Setting* old);
    int64_t get_time(int64_t id, Setting& out);
    int64_t overrun(int64_t id);
    int64_t remove(int64_t id);

    // A timer on simulated time will still fire: a thread waiting for it is not deadlocked.
    bool armed() const;
    // CPU-time timers: fire those whose clock has passed their expiry.
    void check_cpu_clocks();

    // Checkpointable (section os.timers): every timer, re-armed on restore.
    void checkpoint(StateIo& io) override;
    void restored() override { schedule(); }
    void unschedule() override { event_.cancel(); }

private:
    // One POSIX timer; field names follow struct k_itimer.
    struct Timer {
        int64_t clock = 0;
        std::optional<CpuClock> cpu; // set for a CPU-time clock
        Event event;
        uint64_t interval = 0;
        uint64_t expiry = 0; // in the clock's time base, simulated or CPU nanoseconds
        bool active = false; // its expiry will fire
        int64_t overrun = -1, overrun_last = 0;
        uint64_t requeue_pending = 0; // odd while its signal waits to be taken
        void checkpoint(StateIo& io) {
            bool on_cpu_clock = cpu.has_value();
            int64_t tid = on_cpu_clock ? cpu->tid : 0;
            io(clock, on_cpu_clock, tid, event.notify, event.signo, event.value, event.tid);
            if (io.restoring())
                cpu = on_cpu_clock ? std::optional<CpuClock>(CpuClock{tid}) : std::nullopt;
            io(interval, expiry, active, overrun, overrun_last, requeue_pending);
        }
    };
    struct RealTimer {
        uint64_t expiry = 0, interval = 0;
        bool active = false;
        void checkpoint(StateIo& io) { io(expiry, interval, active); }
    };
    struct CpuItimer {
        uint64_t expiry = 0, interval = 0; // expiry in process CPU time; 0: off
        void checkpoint(StateIo& io) { io(expiry, interval); }
    };

    static bool cpu_clock(const Timer& t) { return t.cpu.has_value(); }
    uint64_t now(const Timer& t) const; // the timer's clock, in its time base
    uint64_t sim_now() const;           // simulated nanoseconds on the calling CPU
    uint64_t process_cpu_ns() const;
    void fire(int id, Timer& t, uint64_t now, const sc_core::sc_time& at);
    void fire_real(const sc_core::sc_time& at);
    void dequeued(QueuedSignal& q, bool process_wide);
    void schedule();
    void on_event();

    LinuxProcess& p_;
    RealTimer real_;
    CpuItimer cpu_itimers_[3]; // [kVirtual] and [kProf]
    std::map<int, Timer> timers_;
    int next_id_ = 0;
    sc_core::sc_event event_;
};

} // namespace fireplane::linux_user
