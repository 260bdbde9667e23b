#pragma once
// One thread of the user-mode process: its saved registers while it is off
// a CPU, and the kernel's bookkeeping (identity, state, affinity, what it
// waits for). Threads share everything else through LinuxProcess.
#include "models/cpu/sparc_core.h"
#include "signal_state.h"

#include "core/checkpoint/state_io.h"

#include <systemc>

#include <cstdint>
#include <functional>
#include <optional>

namespace fireplane::linux_user {

// The user-visible registers of a thread: what a context switch saves.
struct ThreadContext {
    uint64_t globals[8] = {};
    uint64_t windows[sparc::kNumWindows][16] = {};
    uint64_t pc = 0, npc = 0, y = 0, fsr = 0, gsr = 0;
    uint64_t f[32] = {};
    uint8_t ccr = 0, asi = 0, fprs = 0;
    unsigned cwp = 0, cansave = 0, canrestore = 0, otherwin = 0, cleanwin = 0, wstate = 0;

    void save(sparc::SparcCore& core);          // core -> context
    void restore(sparc::SparcCore& core) const; // context -> core
    void checkpoint(StateIo& io);               // os_checkpoint.cpp
    // Integer register 0-31 as the instruction set names it (%g, %o, %l, %i of CWP).
    uint64_t& reg(unsigned r) {
        if (r < 8) return globals[r];
        if (r < 16) return windows[(cwp + 1) % sparc::kNumWindows][r]; // outs = next window's ins
        return windows[cwp][r - 16];
    }
};

enum class ThreadState : uint8_t {
    Running,  // on a CPU (or chosen to stay there)
    Runnable, // waiting in the run queue
    Blocked,  // in futex wait, a sleep or a signal wait
    Exited,
};

struct GuestThread {
    int64_t tid = 0;
    ThreadState state = ThreadState::Runnable;
    ThreadContext context;
    int cpu = -1;                 // the CPU it runs on, or -1
    int last_cpu = -1;            // where it ran last: its caches are warm there
    uint64_t affinity = ~0ull;    // CPUs it may run on (bit i: cpu i)
    uint64_t clear_child_tid = 0; // CLONE_CHILD_CLEARTID / set_tid_address
    uint64_t robust_list = 0;     // recorded; robust mutexes are not recovered on exit
    ThreadSignals signals;
    // Set by whoever ends a wait: the system call's result, applied when the
    // thread runs again (-errno for errors).
    std::optional<int64_t> wake_result;
    // A signal ends the wait with this (an -ERESTART* code: see signal_delivery.h).
    int64_t interrupt_result = 0;
    // Run on the thread's own CPU when it resumes after a wait, with the waker's
    // result; returns the system call's result (e.g. sigtimedwait dequeues then).
    Continuation finish_wait;
    // While blocked: the futex word it waits on (0: a sleep), its bitset, and
    // when the wait times out (SC_ZERO_TIME: never).
    uint64_t futex = 0;
    uint32_t futex_bitset = 0;
    sc_core::sc_time deadline = sc_core::SC_ZERO_TIME;
    // CPU time: cycles run before the current stint, and when it began.
    uint64_t run_cycles = 0;
    uint64_t stint_start = 0;
    sc_core::sc_time slice_start = sc_core::SC_ZERO_TIME;
    sc_core::sc_time queued_since = sc_core::SC_ZERO_TIME; // when it joined the run queue

    void checkpoint(StateIo& io); // os_checkpoint.cpp
};

} // namespace fireplane::linux_user
