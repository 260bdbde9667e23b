#include "cpu_clocks.h"

#include "linux_process.h"

namespace fireplane::linux_user {

namespace {
constexpr int64_t kProcessCputime = 2, kThreadCputime = 3;
constexpr int64_t kPerThread = 4, kWhichMask = 3, kWhichMax = 3;
} // namespace

bool is_cpu_clock(int64_t clock) {
    return clock == kProcessCputime || clock == kThreadCputime || clock < 0;
}

std::optional<CpuClock> decode_cpu_clock(LinuxProcess& p, int64_t clock) {
    if (clock == kProcessCputime) return CpuClock{};
    if (clock == kThreadCputime) return CpuClock{p.thread().tid};
    if (clock >= 0 || (clock & kWhichMask) >= kWhichMax) return std::nullopt;
    const int64_t pid = ~(clock >> 3);
    if (clock & kPerThread) {
        if (pid == 0) return CpuClock{p.thread().tid};
        if (!p.threads().find(pid)) return std::nullopt;
        return CpuClock{pid};
    }
    if (pid == 0 || pid == LinuxProcess::kPid) return CpuClock{};
    return std::nullopt;
}

uint64_t cpu_clock_ns(LinuxProcess& p, const CpuClock& c) {
    if (!c.tid) return p.cycles_to_ns(p.threads().process_cycles());
    const GuestThread* t = p.threads().find(c.tid);
    return t ? p.cycles_to_ns(p.threads().thread_cycles(*t)) : 0;
}

} // namespace fireplane::linux_user
