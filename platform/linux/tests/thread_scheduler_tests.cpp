// ThreadScheduler on real SparcCpu modules. The first tests call dispatch()
// by hand, as each CPU's thread does before every run of its core, and step
// the CPUs' clocks with their cycle counters: run queue order, affinity, time
// slices, warm CPUs, blocking and waking, futexes, exit, yield, CPU time,
// deadlock detection and the statistics. The "simulated" tests then run the
// CPUs under sc_start (a bus, a RAM holding a branch-to-self loop that every
// thread runs), one design per TEST_CASE (one process each under ctest):
// timed waits, which CPU a woken thread wakes, time slicing, migration.
#include "platform/linux/guest_abi.h"
#include "platform/linux/thread_scheduler.h"

#include "core/stats/stats.h"
#include "models/devices/ram.h"
#include "models/devices/router.h"

#include <catch2/catch.hpp>
#include <systemc>

#include <climits>
#include <functional>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

using namespace fireplane;
using namespace fireplane::linux_user;
using sc_core::sc_time;
using sc_core::SC_US;
using sc_core::SC_ZERO_TIME;

namespace {

constexpr uint64_t kCode = 0x2000;             // where the threads run
constexpr uint32_t kBranchToSelf = 0x30800000; // ba,a .
const sc_time kSlice(20, SC_US);               // the time slice
const sc_time kQuantum(1, SC_US);              // the CPUs' run-ahead
constexpr uint64_t kFutexA = 0x10000, kFutexB = 0x10040;

// One dispatch that resumed a thread: on which CPU, the wait result it got,
// and the CPU's clock then.
struct Resumed {
    unsigned cpu;
    int64_t tid;
    std::optional<int64_t> result;
    sc_time at;
};

struct Rig {
    StatsRegistry registry;
    StatsRegistry::Scope scope{registry};
    Router bus{"bus"};
    Ram ram{"ram", RamConfig{1 << 20}};
    std::vector<std::unique_ptr<sparc::SparcCpu>> cpus;
    std::vector<std::string> deadlocks;
    bool timer_armed = true; // the wake source: another way for waits to end
    std::vector<Resumed> resumed;
    // Run after each resume, on the thread's CPU (as the OS layer's resume is).
    std::function<void(sparc::SparcCpu&, GuestThread&)> then;
    std::unique_ptr<ThreadScheduler> os;

    explicit Rig(unsigned n, sc_time slice = kSlice) {
        sparc::SparcCpuConfig config;
        config.quantum = config.lookahead = kQuantum; // a dispatch at least every microsecond
        for (unsigned i = 0; i < n; ++i) {
            config.agent_id = i;
            const std::string name = "cpu" + std::to_string(i);
            cpus.push_back(std::make_unique<sparc::SparcCpu>(name.c_str(), config));
            cpus.back()->bind_initiators(bus.master_port());
            cpus.back()->bind_requests(bus.master_port());
        }
        bus.map(ram.socket, 0, ram.size(), "ram");
        uint8_t* code = ram.host_ptr() + kCode; // big-endian
        for (unsigned i = 0; i < 4; ++i)
            code[i] = uint8_t(kBranchToSelf >> (24 - 8 * i));

        std::vector<sparc::SparcCpu*> list;
        for (auto& c : cpus)
            list.push_back(c.get());
        os = std::make_unique<ThreadScheduler>(
            list, slice, [this](const std::string& why) { deadlocks.push_back(why); });
        os->set_wake_source([this] { return timer_armed; });
        os->set_resume([this](sparc::SparcCpu& c, GuestThread& t, std::optional<int64_t> r) {
            resumed.push_back({index(c), t.tid, r, c.clock_time()});
            if (then) then(c, t);
        });
    }

    unsigned index(const sparc::SparcCpu& c) const {
        for (unsigned i = 0; i < cpus.size(); ++i)
            if (cpus[i].get() == &c) return i;
        FAIL("not a CPU of the rig");
        return 0;
    }
    sparc::SparcCore& core(unsigned i) { return cpus[i]->core(); }

    static ThreadContext context(uint64_t pc = kCode) {
        ThreadContext c;
        c.pc = pc;
        c.npc = pc + 4;
        return c;
    }
    GuestThread& main(int64_t tid = 100) {
        core(0).pc = kCode;
        core(0).npc = kCode + 4;
        return os->start_main(tid);
    }
    GuestThread& spawn(int64_t tid, uint64_t affinity = ~0ull, uint64_t pc = kCode) {
        return os->create(tid, context(pc), affinity, cpus[0]->clock_time());
    }

    // ---- driving the CPUs by hand (no sc_start) ----
    bool dispatch(unsigned i) { return os->dispatch(*cpus[i]); }
    const GuestThread* on(unsigned i) const { return os->running_on(cpus[i]->core()); }
    // CPU i's clock moves on by at least `t` (whole cycles).
    void advance(unsigned i, const sc_time& t) {
        const uint64_t period = cpus[i]->clock_period().value();
        core(i).add_cycles((t.value() + period - 1) / period, sparc::CpiCause::Device);
    }
    sc_time clock(unsigned i) const { return cpus[i]->clock_time(); }
    // A thread allowed only on CPU i, put there by dispatch.
    GuestThread& running(unsigned i, int64_t tid) {
        GuestThread& t = os->create(tid, context(), 1ull << i, clock(i));
        REQUIRE(dispatch(i));
        REQUIRE(on(i) == &t);
        return t;
    }
    // A thread that runs on CPU i, then blocks there with `wait`.
    GuestThread& waiting(unsigned i, int64_t tid, Wait wait) {
        GuestThread& t = running(i, tid);
        os->block(t, std::move(wait));
        REQUIRE_FALSE(dispatch(i));
        REQUIRE(t.state == ThreadState::Blocked);
        return t;
    }
    static Wait futex(uint64_t word, uint32_t bitset = ~0u) {
        Wait w;
        w.futex = word;
        w.bitset = bitset;
        return w;
    }

    double stat(const std::string& name) const {
        const StatsRegistry::Entry* e = registry.find("os." + name);
        REQUIRE(e != nullptr);
        return e->value();
    }
    std::optional<int64_t> last_result() const {
        REQUIRE_FALSE(resumed.empty());
        return resumed.back().result;
    }
    // The thread IDs in the order the rig's dispatches switched between them.
    std::vector<int64_t> turns(unsigned cpu) const {
        std::vector<int64_t> order;
        for (const Resumed& r : resumed)
            if (r.cpu == cpu && (order.empty() || order.back() != r.tid)) order.push_back(r.tid);
        return order;
    }
    // When `tid` first resumed on `cpu` at or after `from`; nullopt if never.
    std::optional<sc_time> first_run(int64_t tid, unsigned cpu, sc_time from = SC_ZERO_TIME) const {
        for (const Resumed& r : resumed)
            if (r.tid == tid && r.cpu == cpu && r.at >= from) return r.at;
        return std::nullopt;
    }
};

// ---- simulated rigs: something happens at a given SystemC time ----
void at_time(const sc_time& t, std::function<void()> action) {
    sc_core::sc_spawn_options options;
    sc_core::sc_spawn(
        [t, action] {
            sc_core::wait(t);
            action();
        },
        sc_core::sc_gen_unique_name("at_time"), &options);
}

} // namespace

// ------------------------------------------------------------- by hand

TEST_CASE("scheduler: runs on 1 to 64 CPUs, all_cpus is the mask of them", "[scheduler]") {
    Rig r(3);
    CHECK(r.os->cpu_count() == 3);
    CHECK(r.os->all_cpus() == 0b111);
    CHECK_THROWS_AS(ThreadScheduler({}, kSlice, [](const std::string&) {}), std::invalid_argument);
}

TEST_CASE("scheduler: its statistics go to the current registry and leave with it",
          "[scheduler][stats]") {
    Rig r(1);
    for (const char* name :
         {"threads_created", "context_switches", "preemptions", "futex_waits", "futex_wakes"}) {
        INFO(name);
        const StatsRegistry::Entry* e = r.registry.find(std::string("os.") + name);
        REQUIRE(e != nullptr);
        CHECK(e->value() == 0);
        CHECK_FALSE(e->description.empty());
    }
    CHECK(StatsRegistry::current().find("os.threads_created") != nullptr); // the scoped one
    r.os.reset();
    CHECK(r.registry.find("os.threads_created") == nullptr);
    CHECK(r.registry.find("os.futex_wakes") == nullptr);
}

TEST_CASE("scheduler: the main thread starts on CPU 0 with the registers already in its core",
          "[scheduler]") {
    Rig r(2);
    r.core(0).r[1] = 0x1234;
    GuestThread& m = r.main(1000);
    CHECK(m.tid == 1000);
    CHECK(m.state == ThreadState::Running);
    CHECK(m.cpu == 0);
    CHECK(m.affinity == 0b11);
    CHECK(r.on(0) == &m);
    CHECK(r.on(1) == nullptr);
    CHECK(&r.os->current(r.core(0)) == &m);
    CHECK(&r.os->cpu_of(r.core(1)) == r.cpus[1].get());
    CHECK(r.os->find(1000) == &m);
    CHECK(r.os->find(1001) == nullptr);
    CHECK(r.os->live_threads() == 1);
    CHECK(r.os->all().size() == 1);

    CHECK(r.dispatch(0)); // it stays, registers untouched, no wait result
    CHECK(r.core(0).pc == kCode);
    CHECK(r.core(0).r[1] == 0x1234);
    REQUIRE(r.resumed.size() == 1);
    CHECK(r.resumed[0].tid == 1000);
    CHECK_FALSE(r.resumed[0].result.has_value());
    CHECK_FALSE(r.dispatch(1)); // nothing for CPU 1
    CHECK(r.stat("context_switches") == 0);
    CHECK(r.stat("threads_created") == 0); // clone made none
}

TEST_CASE("scheduler: create makes a runnable thread, allowed only on the machine's CPUs",
          "[scheduler]") {
    Rig r(2);
    GuestThread& a = r.spawn(7);
    CHECK(a.state == ThreadState::Runnable);
    CHECK(a.cpu == -1);
    CHECK(a.affinity == 0b11);
    GuestThread& b = r.spawn(8, 0b110); // CPU 2 does not exist
    CHECK(b.affinity == 0b10);
    CHECK(r.os->find(7) == &a);
    CHECK(r.os->live_threads() == 2);
    CHECK(r.stat("threads_created") == 2);
}

TEST_CASE("scheduler: a free CPU takes the oldest runnable thread and loads its registers",
          "[scheduler]") {
    Rig r(1);
    ThreadContext ca = Rig::context(0x4000), cb = Rig::context(0x6000);
    ca.globals[1] = 11;
    cb.globals[1] = 22;
    GuestThread& a = r.os->create(1, ca, ~0ull, SC_ZERO_TIME);
    GuestThread& b = r.os->create(2, cb, ~0ull, SC_ZERO_TIME);
    GuestThread& c = r.spawn(3);

    REQUIRE(r.dispatch(0));
    CHECK(r.on(0) == &a);
    CHECK(a.state == ThreadState::Running);
    CHECK(a.cpu == 0);
    CHECK(r.core(0).pc == 0x4000);
    CHECK(r.core(0).npc == 0x4004);
    CHECK(r.core(0).r[1] == 11);
    CHECK(b.state == ThreadState::Runnable);

    r.os->exit_thread(a);
    REQUIRE(r.dispatch(0));
    CHECK(r.on(0) == &b);
    CHECK(r.core(0).pc == 0x6000);
    CHECK(r.core(0).r[1] == 22);
    r.os->exit_thread(b);
    REQUIRE(r.dispatch(0));
    CHECK(r.on(0) == &c);
    r.os->exit_thread(c);
    CHECK_FALSE(r.dispatch(0));
    CHECK(r.on(0) == nullptr);
    CHECK(r.turns(0) == std::vector<int64_t>{1, 2, 3});
    CHECK(r.stat("context_switches") == 3);
    CHECK(r.stat("preemptions") == 0); // they left by exiting
}

TEST_CASE("scheduler: a CPU passes over queued threads its affinity excludes", "[scheduler]") {
    Rig r(2);
    GuestThread& only1 = r.spawn(1, 0b10);
    GuestThread& any = r.spawn(2);
    REQUIRE(r.dispatch(0));
    CHECK(r.on(0) == &any); // the older thread may not run here
    REQUIRE(r.dispatch(1));
    CHECK(r.on(1) == &only1);
}

TEST_CASE("scheduler: a thread keeps its CPU until its slice ends and another waits for it",
          "[scheduler]") {
    Rig r(1);
    GuestThread& m = r.main(1);
    GuestThread& b = r.spawn(2);
    r.advance(0, kSlice - sc_time(10, sc_core::SC_NS));
    REQUIRE(r.dispatch(0));
    CHECK(r.on(0) == &m); // slice not over yet
    r.advance(0, sc_time(10, sc_core::SC_NS));
    REQUIRE(r.dispatch(0));
    CHECK(r.on(0) == &b);
    CHECK(m.state == ThreadState::Runnable);
    CHECK(m.cpu == -1);
    CHECK(m.last_cpu == 0);
    CHECK(m.context.pc == kCode); // its registers were saved
    CHECK(r.stat("preemptions") == 1);
    CHECK(r.stat("context_switches") == 1);

    // Round robin: the preempted thread waits behind the others, even on the
    // CPU it just left (where it would be the warm choice).
    GuestThread& c = r.spawn(3);
    r.advance(0, kSlice);
    REQUIRE(r.dispatch(0));
    CHECK(r.on(0) == &m);
    r.advance(0, kSlice);
    REQUIRE(r.dispatch(0));
    CHECK(r.on(0) == &c);
    r.advance(0, kSlice);
    REQUIRE(r.dispatch(0));
    CHECK(r.on(0) == &b);
    CHECK(r.turns(0) == std::vector<int64_t>{1, 2, 1, 3, 2});
    CHECK(r.stat("preemptions") == 4);
}

TEST_CASE("scheduler: an expired slice is not preempted while nobody waits for the CPU",
          "[scheduler]") {
    Rig r(2);
    GuestThread& m = r.main(1);
    GuestThread& elsewhere = r.spawn(2, 0b10); // waits, but not for CPU 0
    r.advance(0, 3 * kSlice);
    REQUIRE(r.dispatch(0));
    CHECK(r.on(0) == &m);
    CHECK(elsewhere.state == ThreadState::Runnable);
    CHECK(r.stat("preemptions") == 0);
}

TEST_CASE("scheduler: a thread goes back to the CPU it last ran on before older threads",
          "[scheduler]") {
    Rig r(2);
    GuestThread& a = r.waiting(0, 1, Rig::futex(kFutexA));
    GuestThread& b = r.waiting(1, 2, Rig::futex(kFutexB));
    a.affinity = b.affinity = 0b11;
    r.os->wake(b, 0, SC_ZERO_TIME); // b queues first
    r.os->wake(a, 0, SC_ZERO_TIME);
    REQUIRE(r.dispatch(0));
    CHECK(r.on(0) == &a); // warm on CPU 0, though b is older
    REQUIRE(r.dispatch(1));
    CHECK(r.on(1) == &b);
}

TEST_CASE("scheduler: a thread that has waited a whole slice goes before a warm one",
          "[scheduler]") {
    Rig r(2);
    GuestThread& a = r.waiting(0, 1, Rig::futex(kFutexA));
    GuestThread& b = r.waiting(1, 2, Rig::futex(kFutexB));
    a.affinity = b.affinity = 0b11;
    r.os->wake(b, 0, r.clock(0));
    r.os->wake(a, 0, r.clock(0));
    r.advance(0, kSlice); // b has starved for a slice by CPU 0's clock
    REQUIRE(r.dispatch(0));
    CHECK(r.on(0) == &b);
    REQUIRE(r.dispatch(1));
    CHECK(r.on(1) == &a);
}

TEST_CASE("scheduler: a blocked thread leaves its CPU, wake requeues it with its result",
          "[scheduler]") {
    Rig r(1);
    GuestThread& m = r.main(1);
    Wait w = Rig::futex(kFutexA);
    w.on_timeout = -abi::kETIMEDOUT;
    r.os->block(m, w);
    CHECK(m.state == ThreadState::Blocked);
    CHECK(m.futex == kFutexA);
    CHECK(r.deadlocks.empty()); // the rig's wake source is armed
    CHECK_FALSE(r.dispatch(0));
    CHECK(r.on(0) == nullptr);
    CHECK(m.cpu == -1);
    CHECK(m.last_cpu == 0);
    CHECK(r.stat("preemptions") == 0); // blocking is not preemption
    CHECK(r.stat("futex_waits") == 1);
    CHECK_FALSE(r.dispatch(0)); // still nothing: a blocked thread is not queued

    r.os->wake(m, 42, r.clock(0));
    CHECK(m.state == ThreadState::Runnable);
    CHECK(m.futex == 0);
    REQUIRE(r.dispatch(0));
    CHECK(r.on(0) == &m);
    CHECK(r.last_result() == 42);
    REQUIRE(r.dispatch(0));
    CHECK_FALSE(r.last_result().has_value()); // the result is given once

    r.os->wake(m, 7, r.clock(0)); // not waiting: nothing to end
    REQUIRE(r.dispatch(0));
    CHECK_FALSE(r.last_result().has_value());
    CHECK(r.stat("futex_wakes") == 0); // wake() is not FUTEX_WAKE
}

TEST_CASE("scheduler: a thread woken before its CPU switched it out just goes on", "[scheduler]") {
    Rig r(1);
    GuestThread& m = r.main(1);
    GuestThread& other = r.spawn(2);
    r.os->block(m, Rig::futex(kFutexA));
    r.os->wake(m, 9, r.clock(0)); // from another CPU, before CPU 0 dispatches
    CHECK(m.state == ThreadState::Running);
    REQUIRE(r.dispatch(0));
    CHECK(r.on(0) == &m); // not switched out for the queued thread
    CHECK(r.last_result() == 9);
    CHECK(other.state == ThreadState::Runnable);
    CHECK(r.stat("context_switches") == 0);
}

TEST_CASE("scheduler: with no resume hook, dispatch returns the wait's result in %o0 and carry",
          "[scheduler]") {
    Rig r(1);
    r.os->set_resume(nullptr);
    GuestThread& m = r.main(1);
    r.os->block(m, Rig::futex(kFutexA));
    r.os->wake(m, -abi::kEAGAIN, r.clock(0));
    r.core(0).ccr = 0;
    REQUIRE(r.dispatch(0));
    CHECK(r.core(0).r[8] == uint64_t(abi::kEAGAIN));
    CHECK((r.core(0).ccr & abi::kCcrCarry) == abi::kCcrCarry); // icc.C and xcc.C: an error

    r.os->block(m, Rig::futex(kFutexA));
    r.os->wake(m, 3, r.clock(0));
    REQUIRE(r.dispatch(0));
    CHECK(r.core(0).r[8] == 3);
    CHECK((r.core(0).ccr & abi::kCcrCarry) == 0);
    CHECK(r.resumed.empty());
}

TEST_CASE("scheduler: set_syscall_result: errors are -4095..-1, with the carry set",
          "[scheduler]") {
    Rig r(1);
    sparc::SparcCore& c = r.core(0);
    c.ccr = 0x44; // Z flags, kept
    set_syscall_result(c, -4095);
    CHECK(c.r[8] == 4095);
    CHECK(c.ccr == (0x44 | abi::kCcrCarry));
    set_syscall_result(c, -4096); // not an errno: a value (an address, say)
    CHECK(c.r[8] == uint64_t(-4096));
    CHECK(c.ccr == 0x44);
    set_syscall_result(c, 0);
    CHECK(c.r[8] == 0);
    CHECK(c.ccr == 0x44);
}

TEST_CASE("scheduler: futex_wake wakes up to n waiters on the word, oldest first, by bitset",
          "[scheduler][futex]") {
    Rig r(2);
    r.main(1); // CPU 0 stays busy; the waiters take turns on CPU 1
    GuestThread& w1 = r.waiting(1, 11, Rig::futex(kFutexA));
    GuestThread& w2 = r.waiting(1, 12, Rig::futex(kFutexB));
    GuestThread& w3 = r.waiting(1, 13, Rig::futex(kFutexA, 0b01));
    GuestThread& w4 = r.waiting(1, 14, Rig::futex(kFutexA, 0b10));
    GuestThread& w5 = r.waiting(1, 15, Rig::futex(kFutexA));
    CHECK(r.stat("futex_waits") == 5);

    CHECK(r.os->futex_wake(kFutexA, ~0u, 2, r.clock(0)) == 2);
    CHECK(w1.state == ThreadState::Runnable);
    CHECK(w3.state == ThreadState::Runnable);
    CHECK(w2.state == ThreadState::Blocked); // another word
    CHECK(w4.state == ThreadState::Blocked);
    CHECK(w5.state == ThreadState::Blocked);
    CHECK(r.os->futex_wake(kFutexA, 0b01, INT_MAX, r.clock(0)) == 1); // w5 (all bits), not w4
    CHECK(w5.state == ThreadState::Runnable);
    CHECK(w4.state == ThreadState::Blocked);
    CHECK(r.os->futex_wake(kFutexA, ~0u, INT_MAX, r.clock(0)) == 1);
    CHECK(w4.state == ThreadState::Runnable);
    CHECK(r.os->futex_wake(kFutexA, ~0u, INT_MAX, r.clock(0)) == 0);
    CHECK(r.stat("futex_wakes") == 4);

    REQUIRE(r.dispatch(1)); // FIFO: in the order they were woken, each with 0
    CHECK(r.on(1) == &w1);
    CHECK(r.last_result() == 0);
    r.os->exit_thread(w1);
    REQUIRE(r.dispatch(1));
    CHECK(r.on(1) == &w3);
    r.os->exit_thread(w3);
    REQUIRE(r.dispatch(1));
    CHECK(r.on(1) == &w5);
    r.os->exit_thread(w5);
    REQUIRE(r.dispatch(1));
    CHECK(r.on(1) == &w4);
    CHECK(w2.state == ThreadState::Blocked);
}

TEST_CASE("scheduler: futex_requeue wakes n waiters and moves up to `requeue` to another word",
          "[scheduler][futex]") {
    Rig r(2);
    r.main(1);
    GuestThread& w1 = r.waiting(1, 11, Rig::futex(kFutexA));
    GuestThread& w2 = r.waiting(1, 12, Rig::futex(kFutexA));
    GuestThread& w3 = r.waiting(1, 13, Rig::futex(kFutexA));
    GuestThread& w4 = r.waiting(1, 14, Rig::futex(kFutexA));
    CHECK(r.os->futex_requeue(kFutexA, kFutexB, 1, 2, r.clock(0)) == 3); // woken + moved
    CHECK(w1.state == ThreadState::Runnable);
    CHECK(w2.futex == kFutexB);
    CHECK(w3.futex == kFutexB);
    CHECK(w4.futex == kFutexA);
    CHECK(r.os->futex_wake(kFutexA, ~0u, INT_MAX, r.clock(0)) == 1);
    CHECK(w4.state == ThreadState::Runnable);
    CHECK(r.os->futex_wake(kFutexB, ~0u, INT_MAX, r.clock(0)) == 2);
    CHECK(w2.state == ThreadState::Runnable);
    CHECK(w3.state == ThreadState::Runnable);
    CHECK(r.stat("futex_wakes") == 4);
}

TEST_CASE("scheduler: interrupt ends a wait with its on_signal result, and only a wait",
          "[scheduler]") {
    Rig r(2);
    GuestThread& m = r.main(1);
    Wait w = Rig::futex(kFutexA);
    w.on_signal = -512; // -ERESTARTSYS
    GuestThread& waiter = r.waiting(1, 2, w);
    GuestThread& queued = r.spawn(3, 0b10);
    r.os->interrupt(waiter, r.clock(0));
    CHECK(waiter.state == ThreadState::Runnable);
    CHECK(r.os->futex_wake(kFutexA, ~0u, INT_MAX, r.clock(0)) == 0); // no longer a waiter
    r.os->interrupt(m, r.clock(0));
    CHECK(m.state == ThreadState::Running); // it runs on; its CPU will stop to deliver
    r.os->interrupt(queued, r.clock(0));
    CHECK(queued.state == ThreadState::Runnable);

    REQUIRE(r.dispatch(1));
    CHECK(r.on(1) == &waiter);
    CHECK(r.last_result() == -512);
    r.os->exit_thread(waiter);
    REQUIRE(r.dispatch(1));
    CHECK(r.on(1) == &queued);
    CHECK_FALSE(r.last_result().has_value());
}

TEST_CASE("scheduler: an exited thread leaves its CPU and the live threads for good",
          "[scheduler]") {
    Rig r(1);
    GuestThread& m = r.main(1);
    GuestThread& b = r.spawn(2);
    r.advance(0, sc_time(3, SC_US));
    r.os->exit_thread(m);
    CHECK(m.state == ThreadState::Exited);
    CHECK(r.os->find(1) == nullptr);
    CHECK(r.os->live_threads() == 1);
    CHECK(r.os->all().size() == 2); // the kernel's list keeps it
    REQUIRE(r.dispatch(0));
    CHECK(r.on(0) == &b);
    CHECK(r.stat("preemptions") == 0);
    const uint64_t ran = r.os->thread_cycles(m);
    CHECK(ran > 0);
    r.os->exit_thread(b);
    CHECK_FALSE(r.dispatch(0)); // nobody comes back
    CHECK(r.os->live_threads() == 0);
    CHECK(r.os->thread_cycles(m) == ran);
}

TEST_CASE("scheduler: yield gives the CPU to a queued thread and goes to the back of the queue",
          "[scheduler]") {
    Rig r(1);
    GuestThread& m = r.main(1);
    r.os->yield(m); // nobody waits: it goes on
    CHECK(m.state == ThreadState::Running);
    REQUIRE(r.dispatch(0));
    CHECK(r.on(0) == &m);

    GuestThread& b = r.spawn(2);
    GuestThread& c = r.spawn(3);
    r.os->yield(m);
    REQUIRE(r.dispatch(0));
    CHECK(r.on(0) == &b); // the oldest; main, behind c, gave way
    r.os->yield(b);
    REQUIRE(r.dispatch(0));
    CHECK(r.on(0) == &m); // warm here, it goes before c, which never ran here ...
    r.advance(0, kSlice);
    r.os->yield(m);
    REQUIRE(r.dispatch(0));
    CHECK(r.on(0) == &c); // ... until c has waited a whole slice
    CHECK(r.stat("preemptions") == 3);
    r.os->yield(b); // not on a CPU: nothing happens
    CHECK(b.state == ThreadState::Runnable);
}

TEST_CASE("scheduler: set_affinity keeps the mask to the machine and moves a thread it excludes",
          "[scheduler]") {
    Rig r(2);
    GuestThread& m = r.main(1);
    r.os->set_affinity(m, 0b111, r.clock(0)); // CPU 0 still allowed: nothing moves
    CHECK(m.affinity == 0b11);
    CHECK(m.state == ThreadState::Running);

    r.os->set_affinity(m, 0b110, r.clock(0));
    CHECK(m.affinity == 0b10);
    CHECK(m.state == ThreadState::Runnable);
    CHECK_FALSE(r.dispatch(0)); // CPU 0 lets it go and has nothing else
    CHECK(r.on(0) == nullptr);
    REQUIRE(r.dispatch(1));
    CHECK(r.on(1) == &m);
    CHECK(m.cpu == 1);
    CHECK(r.stat("preemptions") == 1);
}

TEST_CASE("scheduler: thread_cycles and process_cycles count the cycles each thread ran",
          "[scheduler]") {
    Rig r(1);
    GuestThread& m = r.main(1);
    GuestThread& b = r.spawn(2);
    const uint64_t start = r.core(0).cycles();
    r.advance(0, kSlice);
    const uint64_t slice = r.core(0).cycles() - start;
    CHECK(r.os->thread_cycles(m) == slice); // running: counted up to now
    REQUIRE(r.dispatch(0));
    REQUIRE(r.on(0) == &b);
    CHECK(r.os->thread_cycles(m) == slice);
    CHECK(r.os->thread_cycles(b) == 0);
    r.core(0).add_cycles(500, sparc::CpiCause::Device);
    CHECK(r.os->thread_cycles(b) == 500);
    CHECK(r.os->thread_cycles(m) == slice); // not while off its CPU
    CHECK(r.os->process_cycles() == slice + 500);
}

TEST_CASE("scheduler: the last thread waiting for ever with no timer is a deadlock",
          "[scheduler][deadlock]") {
    Rig r(1);
    r.timer_armed = false;
    GuestThread& m = r.main(1);
    Wait timed;
    timed.deadline = sc_time(1, sc_core::SC_MS);
    r.os->block(m, timed); // a deadline ends it: no deadlock
    CHECK(r.deadlocks.empty());
    r.os->wake(m, 0, SC_ZERO_TIME);
    REQUIRE(r.dispatch(0));

    r.timer_armed = true;
    r.os->block(m, Rig::futex(kFutexA)); // a timer may still end it
    CHECK(r.deadlocks.empty());
    r.os->wake(m, 0, SC_ZERO_TIME);
    REQUIRE(r.dispatch(0));

    r.timer_armed = false;
    r.os->block(m, Rig::futex(kFutexA));
    CHECK(r.deadlocks ==
          std::vector<std::string>{"deadlock: a wait with no other thread or timer to end it"});
}

TEST_CASE("scheduler: every thread waiting for ever is a deadlock, one running is not",
          "[scheduler][deadlock]") {
    Rig r(2);
    r.timer_armed = false;
    GuestThread& m = r.main(1);
    GuestThread& b = r.running(1, 2);
    r.os->block(b, Rig::futex(kFutexA));
    CHECK(r.deadlocks.empty()); // main runs
    REQUIRE_FALSE(r.dispatch(1));
    GuestThread& c = r.running(1, 3);
    r.os->block(m, Rig::futex(kFutexA));
    CHECK(r.deadlocks.empty()); // c runs, and may wake them
    r.os->exit_thread(c);
    CHECK(r.os->live_threads() == 2);
    r.os->check_deadlock(); // exit_thread itself does not check
    CHECK(r.deadlocks ==
          std::vector<std::string>{"deadlock: every thread waits, and no timer is armed"});
}

// ----------------------------------------------------------- simulated

TEST_CASE("scheduler (simulated): timed waits end at their deadlines, earliest first",
          "[scheduler][simulated]") {
    Rig r(2);
    r.main(1);
    r.spawn(2); // wakes CPU 1
    const sc_time deadline_main(30, SC_US), deadline_b(10, SC_US);
    const sc_time cycle = r.cpus[0]->clock_period(); // a woken CPU's clock is whole cycles
    int blocked = 0;
    r.then = [&](sparc::SparcCpu&, GuestThread& t) {
        if (t.last_cpu >= 0) return; // not its first run
        ++blocked;                   // each waits for its deadline, as a timed sleep does
        Wait w;
        w.on_timeout = -abi::kETIMEDOUT;
        w.deadline = t.tid == 1 ? deadline_main : deadline_b;
        r.os->block(t, w);
    };
    sc_core::sc_start(sc_time(50, SC_US));
    REQUIRE(blocked == 2);
    CHECK(r.deadlocks.empty());
    std::vector<Resumed> timeouts;
    for (const Resumed& x : r.resumed)
        if (x.result) timeouts.push_back(x);
    REQUIRE(timeouts.size() == 2);
    CHECK(timeouts[0].tid == 2);
    CHECK(timeouts[0].result == -abi::kETIMEDOUT);
    CHECK(timeouts[0].at + cycle > deadline_b);
    CHECK(timeouts[0].at < deadline_b + kQuantum);
    CHECK(timeouts[1].tid == 1);
    CHECK(timeouts[1].result == -abi::kETIMEDOUT);
    CHECK(timeouts[1].at + cycle > deadline_main);
    CHECK(timeouts[1].at < deadline_main + kQuantum);
}

TEST_CASE("scheduler (simulated): a new thread wakes the lowest-numbered sleeping CPU it may use",
          "[scheduler][simulated]") {
    Rig r(4);
    r.main(1);
    r.spawn(2, 0b1100); // CPUs 2 and 3: wakes CPU 2
    r.spawn(3);         // wakes CPU 1
    r.spawn(4);         // wakes CPU 3
    sc_core::sc_start(sc_time(5, SC_US));
    CHECK(r.first_run(1, 0) == SC_ZERO_TIME);
    CHECK(r.first_run(2, 2) == SC_ZERO_TIME);
    CHECK(r.first_run(3, 1) == SC_ZERO_TIME);
    CHECK(r.first_run(4, 3) == SC_ZERO_TIME);
    CHECK(r.turns(0) == std::vector<int64_t>{1});
    CHECK(r.turns(1) == std::vector<int64_t>{3});
    CHECK(r.turns(2) == std::vector<int64_t>{2});
    CHECK(r.turns(3) == std::vector<int64_t>{4});
    CHECK(r.stat("context_switches") == 3);
}

TEST_CASE("scheduler (simulated): a woken thread goes back to the sleeping CPU it ran on",
          "[scheduler][simulated]") {
    Rig r(3);
    r.main(1);
    // Placed by their affinities, which then allow every CPU: a CPU whose
    // thread blocks at once dispatches again before the others run, and
    // would take both.
    r.spawn(2, 0b010); // CPU 1
    r.spawn(3, 0b100); // CPU 2
    r.then = [&](sparc::SparcCpu& c, GuestThread& t) {
        if (t.tid != 1 && t.last_cpu < 0) { // its first run: it waits on a futex
            t.affinity = r.os->all_cpus();
            r.os->block(t, Rig::futex(t.tid == 2 ? kFutexA : kFutexB));
        }
        (void)c;
    };
    at_time(sc_time(20, SC_US), [&] {
        r.os->futex_wake(kFutexB, ~0u, 1, sc_core::sc_time_stamp()); // thread 3 first
        r.os->futex_wake(kFutexA, ~0u, 1, sc_core::sc_time_stamp());
    });
    sc_core::sc_start(sc_time(40, SC_US));
    const sc_time woken(20, SC_US);
    REQUIRE(r.first_run(2, 1) == SC_ZERO_TIME);
    REQUIRE(r.first_run(3, 2) == SC_ZERO_TIME);
    CHECK(r.first_run(3, 2, woken).has_value()); // CPU 2, though CPU 1 is lower and asleep
    CHECK(r.first_run(2, 1, woken).has_value());
    CHECK_FALSE(r.first_run(3, 1, woken).has_value());
    CHECK_FALSE(r.first_run(2, 2, woken).has_value());
    CHECK(r.stat("futex_wakes") == 2);
}

TEST_CASE("scheduler (simulated): threads sharing a CPU take turns of one time slice",
          "[scheduler][simulated]") {
    Rig r(1);
    r.main(1);
    r.spawn(2);
    r.spawn(3);
    sc_core::sc_start(sc_time(200, SC_US));
    const std::vector<int64_t> turns = r.turns(0);
    REQUIRE(turns.size() >= 9); // about a slice each
    for (size_t i = 0; i < turns.size(); ++i) {
        INFO("turn " << i);
        CHECK(turns[i] == int64_t(1 + i % 3)); // round robin, in creation order
    }
    // Each turn starts a slice (to within a quantum) after the previous one.
    std::vector<sc_time> starts;
    for (size_t i = 0; i < r.resumed.size(); ++i)
        if (i == 0 || r.resumed[i].tid != r.resumed[i - 1].tid) starts.push_back(r.resumed[i].at);
    for (size_t i = 1; i < starts.size(); ++i) {
        INFO("turn " << i);
        CHECK(starts[i] - starts[i - 1] >= kSlice);
        CHECK(starts[i] - starts[i - 1] <= kSlice + kQuantum);
    }
    CHECK(r.stat("preemptions") == double(turns.size() - 1));
    CHECK(r.stat("context_switches") == double(turns.size() - 1));
}

TEST_CASE("scheduler (simulated): set_affinity moves a running thread to the CPU it must use",
          "[scheduler][simulated]") {
    Rig r(2);
    GuestThread& m = r.main(1);
    const sc_time when(10, SC_US);
    // Another thread's sched_setaffinity (pthread_setaffinity_np) while main
    // runs on CPU 0: CPU 1 wakes at once, CPU 0 lets main go at its next
    // dispatch, up to a quantum later.
    at_time(when, [&] { r.os->set_affinity(m, 0b10, sc_core::sc_time_stamp()); });
    sc_core::sc_start(sc_time(40, SC_US));
    const std::optional<sc_time> there = r.first_run(1, 1);
    REQUIRE(there.has_value());
    CHECK(*there < when + 3 * kQuantum);
    CHECK(m.cpu == 1);
    CHECK(m.state == ThreadState::Running);
}

TEST_CASE("scheduler (simulated): a preempted thread goes to a sleeping CPU it may use",
          "[scheduler][simulated]") {
    Rig r(2);
    GuestThread& m = r.main(1); // may run anywhere
    r.spawn(2, 0b01);           // only on CPU 0: waits for main's slice to end
    sc_core::sc_start(sc_time(100, SC_US));
    // At the end of main's first slice thread 2 takes CPU 0, and main, back
    // in the queue, has CPU 1 to itself rather than sharing CPU 0.
    const std::optional<sc_time> there = r.first_run(1, 1);
    REQUIRE(there.has_value());
    CHECK(*there < kSlice + 2 * kQuantum);
    CHECK(r.turns(0) == std::vector<int64_t>{1, 2});
    CHECK(m.cpu == 1);
}
