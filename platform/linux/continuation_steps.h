#pragma once
// The steps continuation.cpp's table names, each defined beside its system
// call: what the call does when its wait ends, and how restart_syscall
// continues it.
#include "continuation.h"

namespace fireplane::linux_user {

int64_t futex_wait_finish(LinuxProcess& p, const Continuation& c, int64_t result);
int64_t futex_wait_restart(LinuxProcess& p, const Continuation& c); // syscalls_thread.cpp
int64_t sleep_finish(LinuxProcess& p, const Continuation& c, int64_t result);
int64_t sleep_restart(LinuxProcess& p, const Continuation& c); // syscalls_time.cpp
int64_t sigtimedwait_finish(LinuxProcess& p, const Continuation& c, int64_t result);
int64_t poll_finish(LinuxProcess& p, const Continuation& c, int64_t result);
int64_t poll_restart(LinuxProcess& p, const Continuation& c);
int64_t ppoll_finish(LinuxProcess& p, const Continuation& c, int64_t result); // syscalls_signal.cpp

} // namespace fireplane::linux_user
