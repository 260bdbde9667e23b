#pragma once
// What a system call still has to do once its wait ends, or once
// restart_syscall continues it after a signal handler (the kernel's
// restart_block): which call, and its operands, as data. A thread inside a
// timed futex wait, a sleep or sigtimedwait can then be saved in a
// checkpoint, where a closure could not.
#include "core/checkpoint/state_io.h"

#include <systemc>

#include <cstdint>

namespace fireplane::linux_user {

class LinuxProcess;

struct Continuation {
    // One row of continuation.cpp's table each; the operands are the call's own.
    enum class Kind : uint8_t {
        None,         // the wait's result is the call's
        FutexWait,    // a timed futex wait: uaddr, value, bitset; deadline
        Sleep,        // nanosleep, clock_nanosleep: remain, absolute; deadline
        SigTimedWait, // rt_sigtimedwait: the signals wanted, the siginfo address
        Poll,         // poll with no descriptors: whether it has an end; deadline
        PPoll,        // ppoll with no descriptors: the timespec address, its timeout; deadline
    };
    Kind kind = Kind::None;
    uint64_t args[3] = {};
    sc_core::sc_time deadline = sc_core::SC_ZERO_TIME; // absolute

    explicit operator bool() const { return kind != Kind::None; }
    void checkpoint(StateIo& io) { io(kind, args, deadline); }
};

// The call's result once its wait ended with `result` (on the thread's CPU).
int64_t finish_wait(LinuxProcess& p, const Continuation& c, int64_t result);
// restart_syscall: the call goes on where the signal stopped it.
int64_t restart_call(LinuxProcess& p, const Continuation& c);

} // namespace fireplane::linux_user
