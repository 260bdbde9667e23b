#include "thread_scheduler.h"

#include "core/stats/stats.h"
#include "guest_abi.h"

#include <algorithm>
#include <stdexcept>
#include <utility>

namespace fireplane::linux_user {

using sc_core::sc_time;

namespace {} // namespace

// A woken thread's system call returns now: it has already left its trap, so
// the carry goes straight into CCR.
void set_syscall_result(sparc::SparcCore& core, int64_t result) {
    const abi::SyscallReturn ret = abi::syscall_return(result);
    core.r[8] = ret.o0;
    core.ccr = ret.error ? core.ccr | abi::kCcrCarry : core.ccr & uint8_t(~abi::kCcrCarry);
}

ThreadScheduler::ThreadScheduler(std::vector<sparc::SparcCpu*> cpus, sc_time timeslice,
                                 Deadlock on_deadlock)
    : cpus_(std::move(cpus)), timeslice_(timeslice), on_deadlock_(std::move(on_deadlock)),
      on_cpu_(cpus_.size(), nullptr), idle_(cpus_.size(), true) {
    if (cpus_.empty() || cpus_.size() > 64)
        throw std::invalid_argument("user mode runs on 1 to 64 CPUs");
    for (auto* cpu : cpus_)
        cpu->set_dispatcher(this);
    sc_core::sc_spawn_options options;
    options.spawn_method();
    options.dont_initialize();
    options.set_sensitivity(&timer_);
    sc_core::sc_spawn([this] { on_timer(); }, "os_timer", &options);

    stats_.add_counter("threads_created", &created_, "threads made by clone");
    stats_.add_counter("context_switches", &switches_, "threads loaded onto a CPU");
    stats_.add_counter("preemptions", &preemptions_,
                       "threads that left a CPU still runnable (time slice, yield, affinity)");
    stats_.add_counter("futex_waits", &futex_waits_, "FUTEX_WAITs that blocked");
    stats_.add_counter("futex_wakes", &futex_wakes_, "threads woken by FUTEX_WAKE");
}

ThreadScheduler::~ThreadScheduler() {
    for (auto* cpu : cpus_)
        cpu->set_dispatcher(nullptr);
}

uint64_t ThreadScheduler::all_cpus() const {
    return cpus_.size() == 64 ? ~0ull : (1ull << cpus_.size()) - 1;
}

size_t ThreadScheduler::index_of(const sparc::SparcCore& core) const {
    for (size_t i = 0; i < cpus_.size(); ++i)
        if (&cpus_[i]->core() == &core) return i;
    SC_REPORT_FATAL("os", "a core the scheduler does not know");
    return 0;
}

sparc::SparcCpu& ThreadScheduler::cpu_of(const sparc::SparcCore& core) {
    return *cpus_[index_of(core)];
}

GuestThread& ThreadScheduler::current(const sparc::SparcCore& core) {
    GuestThread* t = on_cpu_[index_of(core)];
    if (!t) SC_REPORT_FATAL("os", "a system call from a CPU with no thread");
    return *t;
}

const GuestThread* ThreadScheduler::running_on(const sparc::SparcCore& core) const {
    for (size_t i = 0; i < cpus_.size(); ++i)
        if (&cpus_[i]->core() == &core) return on_cpu_[i];
    return nullptr;
}

GuestThread* ThreadScheduler::find(int64_t tid) {
    for (auto& t : threads_)
        if (t->tid == tid && t->state != ThreadState::Exited) return t.get();
    return nullptr;
}

GuestThread& ThreadScheduler::start_main(int64_t tid) {
    threads_.push_back(std::make_unique<GuestThread>());
    GuestThread& t = *threads_.back();
    t.tid = tid;
    t.affinity = all_cpus();
    t.state = ThreadState::Running;
    t.cpu = 0;
    on_cpu_[0] = &t;
    idle_[0] = false;
    cpus_[0]->wake(sc_core::SC_ZERO_TIME);
    return t;
}

GuestThread& ThreadScheduler::create(int64_t tid, const ThreadContext& context, uint64_t affinity,
                                     const sc_time& at) {
    threads_.push_back(std::make_unique<GuestThread>());
    GuestThread& t = *threads_.back();
    t.tid = tid;
    t.context = context;
    t.affinity = affinity & all_cpus();
    ++created_;
    make_runnable(t, at);
    return t;
}

void ThreadScheduler::make_runnable(GuestThread& t, const sc_time& at) {
    if (t.cpu >= 0) { // woken before its CPU switched it out: it simply goes on
        t.state = ThreadState::Running;
        return;
    }
    t.state = ThreadState::Runnable;
    t.queued_since = at;
    run_queue_.push_back(&t);
    wake_cpu_for(t, at);
}

// Wakes a sleeping CPU for `t`: the one it ran on last if it sleeps (its
// caches are warm), else the lowest-numbered one it may run on.
void ThreadScheduler::wake_cpu_for(const GuestThread& t, const sc_time& at) {
    int chosen = -1;
    if (t.last_cpu >= 0 && idle_[size_t(t.last_cpu)] && ((t.affinity >> t.last_cpu) & 1))
        chosen = t.last_cpu;
    for (size_t i = 0; i < cpus_.size() && chosen < 0; ++i)
        if (idle_[i] && ((t.affinity >> i) & 1)) chosen = int(i);
    if (chosen < 0) return;        // it waits in the queue for a CPU to come free
    idle_[size_t(chosen)] = false; // claimed: the next thread wakes another CPU
    cpus_[size_t(chosen)]->wake(at);
}

// The thread stops at the end of its system call; its CPU then dispatches.
void ThreadScheduler::stop(GuestThread& t) {
    if (t.cpu >= 0) cpus_[size_t(t.cpu)]->core().request_stop();
}

void ThreadScheduler::block(GuestThread& t, Wait wait) {
    t.state = ThreadState::Blocked;
    t.futex = wait.futex;
    t.futex_bitset = wait.bitset;
    t.deadline = wait.deadline;
    t.wake_result = wait.on_timeout; // replaced by whoever wakes it first
    t.interrupt_result = wait.on_signal;
    t.finish_wait = std::move(wait.finish);
    if (t.futex) {
        futex_waiters_.push_back(&t);
        ++futex_waits_;
    }
    stop(t);
    if (t.deadline != sc_core::SC_ZERO_TIME) arm_timer();
    check_deadlock();
}

void ThreadScheduler::interrupt(GuestThread& t, const sc_time& at) {
    if (t.state == ThreadState::Blocked) return wake(t, t.interrupt_result, at);
    if (t.cpu >= 0) cpus_[size_t(t.cpu)]->core().request_stop();
}

void ThreadScheduler::wake(GuestThread& t, int64_t result, const sc_time& at) {
    if (t.state != ThreadState::Blocked) return;
    if (t.futex) futex_waiters_.erase(std::find(futex_waiters_.begin(), futex_waiters_.end(), &t));
    t.futex = 0;
    t.deadline = sc_core::SC_ZERO_TIME;
    t.wake_result = result;
    make_runnable(t, at);
}

int ThreadScheduler::futex_wake(uint64_t uaddr, uint32_t bitset, int n, const sc_time& at) {
    std::vector<GuestThread*> woken;
    for (GuestThread* w : futex_waiters_)
        if (int(woken.size()) < n && w->futex == uaddr && (w->futex_bitset & bitset))
            woken.push_back(w);
    for (GuestThread* w : woken)
        wake(*w, 0, at);
    futex_wakes_ += woken.size();
    return int(woken.size());
}

int ThreadScheduler::futex_requeue(uint64_t uaddr, uint64_t uaddr2, int n, int requeue,
                                   const sc_time& at) {
    const int woken = futex_wake(uaddr, ~0u, n, at);
    int moved = 0;
    for (GuestThread* w : futex_waiters_)
        if (moved < requeue && w->futex == uaddr) w->futex = uaddr2, ++moved;
    return woken + moved;
}

bool ThreadScheduler::queued_for(unsigned cpu) const {
    for (const GuestThread* t : run_queue_)
        if ((t->affinity >> cpu) & 1) return true;
    return false;
}

// A yielding thread waits for another: its CPU ends its quantum, so that
// CPUs behind it in simulated time catch up, and gives way to a queued thread.
void ThreadScheduler::yield(GuestThread& t) {
    if (t.cpu < 0) return;
    if (queued_for(unsigned(t.cpu))) t.state = ThreadState::Runnable; // to the back of the queue
    cpus_[size_t(t.cpu)]->end_quantum();
}

void ThreadScheduler::exit_thread(GuestThread& t) {
    t.state = ThreadState::Exited;
    stop(t);
}

void ThreadScheduler::set_affinity(GuestThread& t, uint64_t mask, const sc_time& at) {
    t.affinity = mask & all_cpus();
    if (t.cpu >= 0 && !((t.affinity >> t.cpu) & 1)) {
        t.state = ThreadState::Runnable; // migrates at its CPU's next dispatch
        stop(t);
        wake_cpu_for(t, at); // its new CPU may be asleep
    }
}

size_t ThreadScheduler::live_threads() const {
    return size_t(std::count_if(threads_.begin(), threads_.end(),
                                [](const auto& t) { return t->state != ThreadState::Exited; }));
}

uint64_t ThreadScheduler::thread_cycles(const GuestThread& t) const {
    if (t.cpu < 0) return t.run_cycles;
    return t.run_cycles + (cpus_[size_t(t.cpu)]->cycles() - t.stint_start);
}

uint64_t ThreadScheduler::process_cycles() const {
    uint64_t sum = 0;
    for (const auto& t : threads_)
        sum += thread_cycles(*t);
    return sum;
}

// The oldest queued thread that last ran on `cpu` (its caches are warm
// there), else the oldest allowed there. Fairness first, though: `preempted`
// has just given up `cpu` for the others, and a thread that has waited a
// whole time slice goes before any warm one, so a busy CPU cannot keep
// passing itself between the same few threads while another starves.
GuestThread* ThreadScheduler::take_runnable(unsigned cpu, const GuestThread* preempted,
                                            const sc_time& now) {
    auto oldest = run_queue_.end(), warm = run_queue_.end();
    for (auto it = run_queue_.begin(); it != run_queue_.end(); ++it) {
        if (!(((*it)->affinity >> cpu) & 1)) continue;
        if (oldest == run_queue_.end()) oldest = it;
        if ((*it)->last_cpu == int(cpu) && *it != preempted) {
            warm = it;
            break;
        }
    }
    if (oldest == run_queue_.end()) return nullptr;
    // sc_time is unsigned, and `now` (a CPU's clock, whole cycles) may be
    // a fraction of a cycle behind the time a thread was queued at.
    const sc_time since = (*oldest)->queued_since;
    const bool starving = now > since && now - since >= timeslice_;
    const auto pick = warm != run_queue_.end() && !starving ? warm : oldest;
    GuestThread* t = *pick;
    run_queue_.erase(pick);
    return t;
}

void ThreadScheduler::switch_out(unsigned cpu) {
    GuestThread& t = *on_cpu_[cpu];
    sparc::SparcCore& core = cpus_[cpu]->core();
    t.context.save(core);
    t.run_cycles += core.cycles() - t.stint_start;
    t.cpu = -1;
    t.last_cpu = int(cpu);
    on_cpu_[cpu] = nullptr;
    if (t.state == ThreadState::Running || t.state == ThreadState::Runnable) {
        ++preemptions_;
        t.state = ThreadState::Runnable;
        t.queued_since = cpus_[cpu]->clock_time();
        run_queue_.push_back(&t);
        // A sleeping CPU it may use takes it, rather than leaving it to wait
        // here: after set_affinity, the CPU it must move to may even have
        // dispatched already, found nothing and gone back to sleep.
        wake_cpu_for(t, t.queued_since);
    }
}

void ThreadScheduler::switch_in(unsigned cpu, GuestThread& t) {
    sparc::SparcCpu& c = *cpus_[cpu];
    t.context.restore(c.core());
    t.state = ThreadState::Running;
    t.cpu = int(cpu);
    t.stint_start = c.cycles();
    t.slice_start = c.clock_time();
    on_cpu_[cpu] = &t;
    ++switches_;
}

bool ThreadScheduler::dispatch(sparc::SparcCpu& cpu) {
    const unsigned i = unsigned(index_of(cpu.core()));
    const GuestThread* preempted = nullptr;
    if (GuestThread* t = on_cpu_[i]) {
        bool keep = t->state == ThreadState::Running && ((t->affinity >> i) & 1);
        if (keep && cpu.clock_time() - t->slice_start >= timeslice_ && queued_for(i)) keep = false;
        if (!keep) {
            if (t->state == ThreadState::Running || t->state == ThreadState::Runnable)
                preempted = t;
            switch_out(i);
        }
    }
    if (!on_cpu_[i]) {
        GuestThread* next = take_runnable(i, preempted, cpu.clock_time());
        if (!next) {
            idle_[i] = true;
            return false;
        }
        switch_in(i, *next);
    }
    idle_[i] = false;
    GuestThread& t = *on_cpu_[i];
    std::optional<int64_t> result = std::exchange(t.wake_result, std::nullopt);
    if (resume_)
        resume_(cpu, t, result);
    else if (result)
        set_syscall_result(cpu.core(), *result);
    return !cpu.core().halted();
}

bool ThreadScheduler::undisturbed(const sparc::SparcCpu& cpu) const {
    const GuestThread* t = on_cpu_[index_of(cpu.core())];
    return t && t->state == ThreadState::Running && live_threads() == 1 &&
           !(wake_source_ && wake_source_());
}

void ThreadScheduler::arm_timer() {
    sc_time first = sc_core::SC_ZERO_TIME;
    for (const auto& t : threads_)
        if (t->state == ThreadState::Blocked && t->deadline != sc_core::SC_ZERO_TIME &&
            (first == sc_core::SC_ZERO_TIME || t->deadline < first))
            first = t->deadline;
    if (first == sc_core::SC_ZERO_TIME) return;
    const sc_time now = sc_core::sc_time_stamp();
    timer_.notify(first > now ? first - now : sc_core::SC_ZERO_TIME);
}

void ThreadScheduler::on_timer() {
    const sc_time now = sc_core::sc_time_stamp();
    for (const auto& t : threads_)
        if (t->state == ThreadState::Blocked && t->deadline != sc_core::SC_ZERO_TIME &&
            t->deadline <= now)
            wake(*t, *t->wake_result, now);
    arm_timer();
}

void ThreadScheduler::check_deadlock() {
    for (const auto& t : threads_)
        if (t->state == ThreadState::Running || t->state == ThreadState::Runnable ||
            (t->state == ThreadState::Blocked && t->deadline != sc_core::SC_ZERO_TIME))
            return;
    if (wake_source_ && wake_source_()) return;
    on_deadlock_(live_threads() == 1 ? "deadlock: a wait with no other thread or timer to end it"
                                     : "deadlock: every thread waits, and no timer is armed");
}

} // namespace fireplane::linux_user
