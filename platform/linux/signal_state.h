#pragma once
// The kernel's signal bookkeeping for the user-mode process: siginfo records,
// pending sets (per thread and process-wide), dispositions, and each thread's
// mask, alternate stack and restart state.
#include "continuation.h"
#include "signal_facts.h"

#include "core/checkpoint/state_io.h"

#include <cstdint>
#include <cstring>
#include <deque>
#include <functional>
#include <optional>
#include <string>

namespace fireplane::linux_user {

class LinuxProcess;

// A guest siginfo_t: 128 bytes, big-endian, in sparc64's layout. Fields not
// set read as zero, as after the kernel's clear_siginfo().
struct SigInfo {
    static constexpr size_t kSize = 128;
    // Offsets (include/uapi/asm-generic/siginfo.h; the union starts at 16).
    static constexpr size_t kSigno = 0, kErrno = 4, kCode = 8;
    static constexpr size_t kPid = 16, kUid = 20, kValue = 24; // _kill, _rt
    static constexpr size_t kTimerId = 16, kOverrun = 20;      // _timer (+ kValue)
    static constexpr size_t kAddr = 16, kTrapno = 24;          // _sigfault

    uint8_t bytes[kSize] = {};
    void checkpoint(StateIo& io) { io(bytes); }

    SigInfo() = default;
    SigInfo(int signo, int32_t code) {
        set32(kSigno, uint32_t(signo)).set32(kCode, uint32_t(code));
    }
    SigInfo& set32(size_t off, uint32_t v) {
        for (int i = 0; i < 4; ++i)
            bytes[off + i] = uint8_t(v >> (24 - 8 * i));
        return *this;
    }
    SigInfo& set64(size_t off, uint64_t v) {
        for (int i = 0; i < 8; ++i)
            bytes[off + i] = uint8_t(v >> (56 - 8 * i));
        return *this;
    }
    uint32_t get32(size_t off) const {
        uint32_t v = 0;
        for (int i = 0; i < 4; ++i)
            v = v << 8 | bytes[off + i];
        return v;
    }
    int signo() const { return int(get32(kSigno)); }
    int32_t code() const { return int32_t(get32(kCode)); }
};

// One queued signal. A POSIX timer's signal is queued at most once; further
// expirations while it waits only count as overruns.
struct QueuedSignal {
    SigInfo info;
    std::string origin;            // for the report if its default action ends the process
    int timer_id = -1;             // the POSIX timer that queued it
    uint64_t timer_generation = 0; // the timer's arming it belongs to (rearm on dequeue)
    int signo() const { return info.signo(); }
    void checkpoint(StateIo& io) { io(info, origin, timer_id, timer_generation); }
};

// sigpending: standard signals (1..31) are pending once; real-time signals
// queue every instance, each with its siginfo, in arrival order.
struct PendingSignals {
    sig::Set set = 0;
    std::deque<QueuedSignal> queue;
    void remove(sig::Set which); // drops every queued instance of these signals
    void checkpoint(StateIo& io) { io(set, queue); }
};

// The kernel's k_sigaction: the sigaction the program gave, plus the restorer
// sparc64 passes to rt_sigaction in %o3 (glibc's __rt_sigreturn_stub - 8).
struct SignalAction {
    uint64_t handler = sig::kSigDfl;
    uint64_t flags = 0;
    uint64_t sa_restorer = 0; // struct sigaction's own field: stored and reported back only
    sig::Set mask = 0;
    uint64_t restorer = 0; // ka_restorer: the handler returns to it (%o7)
    void checkpoint(StateIo& io) { io(handler, flags, sa_restorer, mask, restorer); }
};

struct AltStack {
    uint64_t sp = 0;
    uint64_t size = 0;
    uint32_t flags = sig::kSsDisable;
    void checkpoint(StateIo& io) { io(sp, size, flags); }
};

// Per thread.
struct ThreadSignals {
    sig::Set blocked = 0;
    // rt_sigtimedwait unblocks the signals it waits for; this is the mask to restore.
    std::optional<sig::Set> real_blocked;
    // rt_sigsuspend's caller's mask: the handler's frame saves it (TIF_RESTORE_SIGMASK).
    std::optional<sig::Set> saved_mask;
    PendingSignals pending;
    AltStack altstack;
    bool wake_pending = false; // TIF_SIGPENDING: told to look at its signals
    uint64_t syscall_o0 = 0;   // the current system call's first argument (the kernel's orig_i0)
    // restart_syscall continues an interrupted call with this (the kernel's restart_block).
    Continuation restart;
    void checkpoint(StateIo& io) {
        io(blocked, real_blocked, saved_mask, pending, altstack, wake_pending, syscall_o0, restart);
    }
};

} // namespace fireplane::linux_user
