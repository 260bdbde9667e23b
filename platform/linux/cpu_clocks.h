#pragma once
// CPU-time clocks: CLOCK_PROCESS_CPUTIME_ID (2), CLOCK_THREAD_CPUTIME_ID (3),
// and the negative ids glibc builds for them and pthread_getcpuclockid hands
// out (include/linux/posix-timers.h: ~pid << 3 | 4 per thread | which).
// Every variant (PROF, VIRT, SCHED) counts the same: user mode has no
// system time here.
#include <cstdint>
#include <optional>

namespace fireplane::linux_user {

class LinuxProcess;

struct CpuClock {
    int64_t tid = 0; // the thread whose time it counts; 0: the whole process
};

bool is_cpu_clock(int64_t clock);
// The clock `clock` names, or none if it names no thread or process of ours.
std::optional<CpuClock> decode_cpu_clock(LinuxProcess& p, int64_t clock);
uint64_t cpu_clock_ns(LinuxProcess& p, const CpuClock& clock);

} // namespace fireplane::linux_user
