#include "gdb_stub.h"

#include "core/stats/stats.h"
#include "models/cpu/sparc_cpu.h"
#include "platform/builder/platform_builder.h"

#include <systemc>
#include <xmmintrin.h>

#include <cmath>
#include <cstdio>
#include <ostream>
#include <stdexcept>

namespace fireplane::gdb {

namespace {

// The host's SSE state belongs to the guest while a CPU stopped inside its
// run: the stub's own floating point (formatting statistics) runs with the
// defaults, and leaves the guest's rounding mode and flags as they were.
class HostFpDefaults {
public:
    HostFpDefaults() : saved_(_mm_getcsr()) { _mm_setcsr(0x1f80); }
    ~HostFpDefaults() { _mm_setcsr(saved_); }

private:
    unsigned saved_;
};

std::string format_value(double v) {
    char text[64];
    if (std::fabs(v) < 1e15 && v == std::floor(v))
        std::snprintf(text, sizeof text, "%.0f", v);
    else
        std::snprintf(text, sizeof text, "%.6g", v);
    return text;
}

// `monitor stats [PREFIX]`: the statistics whose name starts with PREFIX.
std::string stats_command(const StatsRegistry& stats, const std::string& prefix) {
    HostFpDefaults fp;
    std::string out;
    for (const StatsRegistry::Entry& e : stats.entries())
        if (e.name.compare(0, prefix.size(), prefix) == 0)
            out += e.name + " = " + format_value(e.value()) + " " + e.unit + "\n";
    return out.empty() ? "no statistic starts with '" + prefix + "'\n" : out;
}

std::unique_ptr<TcpListener> open_port(uint16_t port) {
    try {
        return std::make_unique<TcpListener>(port);
    } catch (const std::runtime_error& e) {
        throw std::invalid_argument(e.what());
    }
}

StopReason signal_stop(int signal, ThreadId thread,
                       StopReason::Cause cause = StopReason::Cause::None, uint64_t address = 0) {
    StopReason why;
    why.signal = signal;
    why.thread = thread;
    why.cause = cause;
    why.address = address;
    return why;
}

StopReason::Cause watch_cause(BreakpointType type) {
    switch (type) {
    case BreakpointType::Read: return StopReason::Cause::ReadWatch;
    case BreakpointType::Access: return StopReason::Cause::AccessWatch;
    default: return StopReason::Cause::Watch;
    }
}

// Every valid entry of the I- and D-MMU (models/mmu), CPU by CPU.
std::string tlb_command(const Platform& platform, const std::string& which) {
    std::string out;
    for (size_t i = 0; i < platform.cpus.size(); ++i) {
        if (!which.empty() && which != std::to_string(i)) continue;
        const sparc::SparcCpu& cpu = *platform.cpus[i];
        const auto entries = cpu.mmu().valid_entries();
        out += "cpu" + std::to_string(i) + ": " + std::to_string(entries.size()) +
               " valid entries (I-MMU " + (cpu.mmu().immu_enabled() ? "on" : "off") + ", D-MMU " +
               (cpu.mmu().dmmu_enabled() ? "on" : "off") + ")\n";
        for (const mmu::TlbEntryView& e : entries)
            out += "  " + mmu::format_tlb_entry(e) + "\n";
    }
    return out.empty() ? "no CPU " + which + "\n" : out;
}

} // namespace

GdbStub::GdbStub(Platform& platform, linux_user::LinuxProcess* process, StatsRegistry& stats,
                 const GdbOptions& options, std::ostream& diagnostics)
    : platform_(platform), diag_(diagnostics),
      guest_(process ? process_guest(platform, *process) : firmware_guest(platform)),
      target_(*guest_, monitor_), server_(target_), listener_(open_port(options.port)),
      wait_(options.wait) {
    monitor_.add("stats", "statistics by name prefix: stats [PREFIX] (e.g. stats cpu0.)",
                 [&stats](const std::string& prefix) { return stats_command(stats, prefix); });
    if (!process)
        monitor_.add(
            "tlb", "the valid TLB entries of every CPU, or of one: tlb [CPU number]",
            [&platform](const std::string& which) { return tlb_command(platform, which); });
    diag_ << "fireplane: gdb: listening on 127.0.0.1:" << port() << std::endl;
}

GdbStub::~GdbStub() {
    for (sparc::SparcCpu* cpu : platform_.cpus)
        if (cpu->core().debug_hook() == this) cpu->core().set_debug_hook(nullptr);
}

void GdbStub::start() {
    if (!wait_) return;
    server_.connect(listener_->accept(true));
    stop(signal_stop(kSigTrap, default_thread()), nullptr);
}

void GdbStub::between_slices() {
    if (killed_) return;
    if (!server_.connected()) {
        const int fd = listener_->accept(false);
        if (fd >= 0) {
            server_.connect(fd);
            stop(signal_stop(kSigTrap, default_thread()), nullptr);
        } else if (armed_) { // gdb went away while the machine ran: it runs on alone
            target_.detach();
            step_thread_ = 0;
            arm();
        }
        return;
    }
    if (server_.interrupt_requested()) stop(signal_stop(kSigInt, default_thread()), nullptr);
}

void GdbStub::finish(const StopReason& end) {
    if (!killed_) server_.finish(end);
    for (sparc::SparcCpu* cpu : platform_.cpus)
        cpu->core().set_debug_hook(nullptr);
    armed_ = false;
}

bool GdbStub::before_instruction(sparc::SparcCore& core) {
    if (killed_) return false;
    // A step ends at its thread's next instruction boundary.
    if (step_thread_ && step_core_ && (&core != step_core_ || core.retired() != step_at_) &&
        guest_->thread_on(core) == step_thread_) {
        stop(signal_stop(kSigTrap, step_thread_), &core);
    } else if (!(&core == stopped_core_ && core.retired() == stopped_at_)) {
        if (const auto type = target_.breakpoints().breakpoint_at(core.pc))
            stop(signal_stop(kSigTrap, guest_->thread_on(core),
                             *type == BreakpointType::Software ? StopReason::Cause::SoftwareBreak
                                                               : StopReason::Cause::HardwareBreak),
                 &core);
    }
    if (killed_) return false;
    // The instruction about to run is the one a pending step executes.
    if (step_thread_ && !step_core_ && guest_->thread_on(core) == step_thread_) {
        step_core_ = &core;
        step_at_ = core.retired();
    }
    return true;
}

void GdbStub::after_instruction(sparc::SparcCore& core, const cache::CacheRequest* accesses,
                                unsigned count) {
    using cache::RequestKind;
    if (killed_ || !target_.breakpoints().has_watchpoints()) return;
    for (unsigned i = 0; i < count; ++i) {
        const cache::CacheRequest& a = accesses[i];
        const bool read = a.kind == RequestKind::Load || a.kind == RequestKind::FpLoad ||
                          a.kind == RequestKind::Atomic;
        const bool write = a.kind == RequestKind::Store || a.kind == RequestKind::Atomic;
        if (!read && !write) continue; // fetches, prefetches, barriers
        if (const auto hit = target_.breakpoints().watch_hit(a.va, a.size, read, write)) {
            stop(signal_stop(kSigTrap, guest_->thread_on(core), watch_cause(hit->type),
                             hit->address),
                 &core);
            return;
        }
    }
}

void GdbStub::stop(const StopReason& why, sparc::SparcCore* core) {
    stopped_core_ = core;
    stopped_at_ = core ? core->retired() : 0;
    last_thread_ = why.thread;
    step_thread_ = 0;
    step_core_ = nullptr;
    switch (server_.serve(why)) {
    case GdbServer::Outcome::Resumed: step_thread_ = target_.resume_request().step; break;
    case GdbServer::Outcome::Detached: break; // the target has dropped every breakpoint
    case GdbServer::Outcome::Killed:
        killed_ = true;
        sc_core::sc_stop();
        // The CPU that stopped synchronises at once, and SystemC runs no further.
        for (sparc::SparcCpu* cpu : platform_.cpus)
            if (&cpu->core() == core) cpu->end_quantum();
        break;
    }
    arm();
}

void GdbStub::arm() {
    const bool active =
        !killed_ && server_.connected() && (!target_.breakpoints().empty() || step_thread_ != 0);
    const bool watch = active && target_.breakpoints().has_watchpoints();
    for (sparc::SparcCpu* cpu : platform_.cpus)
        cpu->core().set_debug_hook(active ? this : nullptr, watch);
    armed_ = active;
}

ThreadId GdbStub::default_thread() const {
    const std::vector<ThreadId> all = guest_->threads();
    for (ThreadId t : all)
        if (t == last_thread_) return t;
    for (ThreadId t : all)
        if (guest_->core_of(t)) return t; // a thread on a CPU
    return all.empty() ? 1 : all.front();
}

} // namespace fireplane::gdb
