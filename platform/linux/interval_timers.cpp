#include "interval_timers.h"

#include "guest_abi.h"
#include "linux_process.h"
#include "signal_delivery.h"
#include "sim_time.h"

#include <climits>

namespace fireplane::linux_user {

using sc_core::sc_time;

namespace {

constexpr uint64_t kNsPerSec = 1000000000;
// One kernel tick (HZ 100): CPU-time itimers start a tick late, and an ignored
// periodic timer fires at most once a tick (posix_timer_fn).
constexpr uint64_t kTickNs = kNsPerSec / 100;
constexpr int kMaxTimerId = INT_MAX;

// Clocks a timer may use (clockid_to_kclock, and timer_create support).
enum ClockKind { kNoClock, kSimulated, kCpuTime, kNoTimers };
ClockKind clock_kind(int64_t clock) {
    if (is_cpu_clock(clock)) return kCpuTime;
    constexpr ClockKind kinds[] = {
        kSimulated, kSimulated, kCpuTime,  kCpuTime,  kNoTimers, kNoTimers,
        kNoTimers,  kSimulated, kNoTimers, kNoTimers, kNoClock,  kSimulated,
    }; // REALTIME, MONOTONIC, PROCESS_CPUTIME, THREAD_CPUTIME, MONOTONIC_RAW, REALTIME_COARSE,
       // MONOTONIC_COARSE, BOOTTIME, REALTIME_ALARM, BOOTTIME_ALARM (no RTC), -, TAI
    return uint64_t(clock) < std::size(kinds) ? kinds[clock] : kNoClock;
}

// hrtimer_forward: moves `expiry` past `now` by whole intervals; returns how many.
uint64_t forward(uint64_t& expiry, uint64_t now, uint64_t interval) {
    if (now < expiry) return 0;
    interval = std::max<uint64_t>(interval, 1);
    const uint64_t delta = now - expiry;
    uint64_t overruns = 1;
    if (delta >= interval) {
        overruns = delta / interval;
        expiry += overruns * interval;
        if (expiry > now) return overruns;
        ++overruns;
    }
    expiry += interval;
    return overruns;
}

int to_int(int64_t v) {
    return v > kMaxTimerId ? kMaxTimerId : int(v);
}

// Signals the itimers send (SEND_SIG_PRIV: si_code SI_KERNEL, no sender).
constexpr int kItimerSignals[] = {abi::kSigAlrm, abi::kSigVtAlrm, abi::kSigProf};

} // namespace

IntervalTimers::IntervalTimers(LinuxProcess& process) : p_(process) {
    sc_core::sc_spawn_options options;
    options.spawn_method();
    options.dont_initialize();
    options.set_sensitivity(&event_);
    sc_core::sc_spawn([this] { on_event(); }, "os_interval_timers", &options);
    p_.signals().on_dequeue = [this](QueuedSignal& q, bool process_wide) {
        dequeued(q, process_wide);
    };
}

// The calling CPU's clock, which runs ahead of SystemC time by up to a
// quantum but, just woken, may lag it by part of a cycle: never before an
// expiry SystemC has already reached.
uint64_t IntervalTimers::sim_now() const {
    return time_ns(std::max(p_.now(), sc_core::sc_time_stamp()));
}

uint64_t IntervalTimers::process_cpu_ns() const {
    return cpu_clock_ns(p_, CpuClock{});
}

uint64_t IntervalTimers::now(const Timer& t) const {
    return t.cpu ? cpu_clock_ns(p_, *t.cpu) : sim_now();
}

// ---- setitimer ----

IntervalTimers::Setting IntervalTimers::get_itimer(Which which) {
    if (which == kReal) {
        // itimer_get_remtime: an expired but running timer shows 1 us.
        const uint64_t now = sim_now();
        const uint64_t left = !real_.active ? 0 : real_.expiry > now ? real_.expiry - now : 1000;
        return {left, real_.interval};
    }
    const CpuItimer& it = cpu_itimers_[which];
    const uint64_t now = process_cpu_ns();
    const uint64_t left = !it.expiry ? 0 : it.expiry > now ? it.expiry - now : kTickNs;
    return {left, it.interval};
}

IntervalTimers::Setting IntervalTimers::set_itimer(Which which, const Setting& next) {
    const Setting old = get_itimer(which);
    if (which == kReal) {
        real_.active = next.value_ns != 0;
        real_.expiry = sim_now() + next.value_ns;
        real_.interval = real_.active ? next.interval_ns : 0;
        schedule();
        return old;
    }
    CpuItimer& it = cpu_itimers_[which];
    it.expiry = next.value_ns ? process_cpu_ns() + next.value_ns + kTickNs : 0;
    it.interval = next.interval_ns;
    return old;
}

// ---- POSIX timers ----

int64_t IntervalTimers::create(int64_t clock, const Event* event) {
    const ClockKind kind = clock_kind(clock);
    if (kind == kNoClock) return -abi::kEINVAL;
    if (kind == kNoTimers) return -abi::kEOPNOTSUPP;
    Timer t;
    t.clock = clock;
    if (kind == kCpuTime) {
        t.cpu = decode_cpu_clock(p_, clock);
        if (!t.cpu) return -abi::kEINVAL;
    }
    if (event) {
        // good_sigevent
        const int32_t notify = event->notify;
        if (notify == sig::kSigevThreadId && !p_.threads().find(event->tid)) return -abi::kEINVAL;
        if (notify != sig::kSigevNone && notify != sig::kSigevSignal &&
            notify != sig::kSigevThread && notify != sig::kSigevThreadId)
            return -abi::kEINVAL;
        if (notify != sig::kSigevNone && !sig::valid(uint64_t(int64_t(event->signo))))
            return -abi::kEINVAL;
        t.event = *event;
    }
    const int id = next_id_;
    next_id_ = (next_id_ + 1) & kMaxTimerId;
    if (!event) t.event.value = uint64_t(uint32_t(id)) << 32; // sival_int: the first 4 bytes
    timers_[id] = t;
    return id;
}

int64_t IntervalTimers::get_time(int64_t id, Setting& out) {
    auto it = timers_.find(int(id));
    if (id < 0 || it == timers_.end()) return -abi::kEINVAL;
    Timer& t = it->second;
    out = Setting{};
    const bool sig_none = t.event.notify == sig::kSigevNone;
    out.interval_ns = t.interval;
    if (!t.interval && !t.active && !sig_none) return 0;
    const uint64_t now = this->now(t);
    // A periodic timer whose signal waits (or that sends none) moves on by whole periods.
    if (t.interval && ((t.requeue_pending & 1) || sig_none))
        t.overrun += int64_t(forward(t.expiry, now, t.interval));
    if (t.expiry > now)
        out.value_ns = t.expiry - now;
    else if (!sig_none)
        out.value_ns = 1; // expired, its signal not yet taken
    return 0;
}

int64_t IntervalTimers::set_time(int64_t id, bool absolute, const Setting& next, Setting* old) {
    auto it = timers_.find(int(id));
    if (id < 0 || it == timers_.end()) return -abi::kEINVAL;
    Timer& t = it->second;
    if (old) get_time(id, *old);
    // common_timer_set: a signal still queued from the old setting re-arms nothing.
    t.interval = 0;
    t.active = false;
    t.requeue_pending = (t.requeue_pending + 2) & ~uint64_t(1);
    t.overrun_last = 0;
    if (next.value_ns) {
        t.interval = next.interval_ns;
        const uint64_t offset = t.clock == 0 ? p_.config().epoch_seconds * kNsPerSec : 0;
        if (!absolute)
            t.expiry = now(t) + next.value_ns;
        else
            t.expiry = next.value_ns > offset ? next.value_ns - offset : 0;
        t.active = t.event.notify != sig::kSigevNone;
    }
    schedule(); // an expiry already past fires at once

    return 0;
}

int64_t IntervalTimers::overrun(int64_t id) {
    auto it = timers_.find(int(id));
    if (id < 0 || it == timers_.end()) return -abi::kEINVAL;
    return to_int(it->second.overrun_last);
}

int64_t IntervalTimers::remove(int64_t id) {
    // A signal it already queued stays pending; taking it re-arms nothing.
    if (id < 0 || !timers_.erase(int(id))) return -abi::kEINVAL;
    schedule();
    return 0;
}

// posix_timer_fn / cpu_timer_fire.
void IntervalTimers::fire(int id, Timer& t, uint64_t now, const sc_time& at) {
    t.active = false;
    const uint64_t generation = t.interval ? ++t.requeue_pending : 0;
    QueuedSignal q;
    q.info = SigInfo(t.event.signo, sig::kSiTimer);
    q.info.set32(SigInfo::kTimerId, uint32_t(id)).set64(SigInfo::kValue, t.event.value);
    q.origin = "sent by a timer";
    q.timer_id = id;
    q.timer_generation = generation;
    GuestThread* thread =
        t.event.notify == sig::kSigevThreadId ? p_.threads().find(t.event.tid) : nullptr;
    if (t.event.notify == sig::kSigevThreadId && !thread) return; // its thread has gone
    if (p_.signals().send_timer_signal(thread, q, at) || !t.interval) return;
    // Ignored: no dequeue will re-arm it, so it keeps ticking (at most once a tick).
    const uint64_t from = t.interval < kTickNs ? now + kTickNs : now;
    t.overrun += int64_t(forward(t.expiry, from, t.interval));
    t.active = true;
    ++t.requeue_pending;
}

// it_real_fn: SIGALRM to the process; it re-arms when the signal is taken.
void IntervalTimers::fire_real(const sc_time& at) {
    real_.active = false;
    p_.signals().send_to_process(SigInfo(abi::kSigAlrm, sig::kSiKernel), "sent by a timer", at);
}

void IntervalTimers::dequeued(QueuedSignal& q, bool process_wide) {
    if (q.signo() == abi::kSigAlrm && process_wide && !real_.active && real_.interval) {
        forward(real_.expiry, sim_now(), real_.interval);
        real_.active = true;
        schedule();
    }
    if (q.info.code() != sig::kSiTimer || q.timer_id < 0 || !q.timer_generation) return;
    auto it = timers_.find(q.timer_id);
    if (it == timers_.end()) return;
    Timer& t = it->second;
    // posixtimer_rearm: only for the arming that queued this signal.
    if (!t.interval || t.requeue_pending != q.timer_generation) return;
    t.overrun += int64_t(forward(t.expiry, now(t), t.interval));
    t.active = true;
    t.overrun_last = t.overrun;
    t.overrun = -1;
    ++t.requeue_pending;
    const int64_t queued_overruns = int32_t(q.info.get32(SigInfo::kOverrun));
    q.info.set32(SigInfo::kOverrun, uint32_t(to_int(t.overrun_last + queued_overruns)));
    schedule();
}

bool IntervalTimers::armed() const {
    if (real_.active) return true;
    for (const auto& [id, t] : timers_)
        if (t.active && !cpu_clock(t)) return true;
    return false;
}

// The earliest expiry on simulated time, as the one SystemC event.
void IntervalTimers::schedule() {
    bool any = real_.active;
    uint64_t first = real_.expiry;
    for (const auto& [id, t] : timers_)
        if (t.active && !cpu_clock(t) && (!any || t.expiry < first)) {
            first = t.expiry;
            any = true;
        }
    event_.cancel();
    if (!any) return;
    const sc_time when = ns_time(first), now = sc_core::sc_time_stamp();
    event_.notify(when > now ? when - now : sc_core::SC_ZERO_TIME);
}

void IntervalTimers::on_event() {
    const sc_time at = sc_core::sc_time_stamp();
    const uint64_t now = time_ns(at);
    if (real_.active && real_.expiry <= now) fire_real(at);
    for (auto& [id, t] : timers_)
        if (!p_.exited() && t.active && !cpu_clock(t) && t.expiry <= now) fire(id, t, now, at);
    if (p_.exited()) return;
    schedule();
    p_.threads().check_deadlock(); // a signal that woke nobody may have been the last hope
}

void IntervalTimers::check_cpu_clocks() {
    bool any = cpu_itimers_[kVirtual].expiry || cpu_itimers_[kProf].expiry;
    for (const auto& [id, t] : timers_)
        any = any || (t.active && cpu_clock(t));
    if (!any) return;
    const uint64_t process = process_cpu_ns();
    // check_cpu_itimer: one signal per check; a periodic one moves on by one period.
    for (Which which : {kVirtual, kProf}) {
        CpuItimer& it = cpu_itimers_[which];
        if (!it.expiry || process < it.expiry) continue;
        it.expiry = it.interval ? it.expiry + it.interval : 0;
        p_.signals().send_to_process(SigInfo(kItimerSignals[which], sig::kSiKernel),
                                     "sent by a timer", p_.now());
    }
    for (auto& [id, t] : timers_)
        if (!p_.exited() && t.active && cpu_clock(t) && now(t) >= t.expiry)
            fire(id, t, now(t), p_.now());
}

} // namespace fireplane::linux_user
