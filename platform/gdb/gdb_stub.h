#pragma once
// The GDB stub of a simulation: a loopback TCP port (gdb's `target remote`),
// the protocol (gdb_server.h) over the machine (simulation_target.h), and the
// CPUs' debug hook (models/cpu/debug_hook.h) that stops them.
//
// All-stop over one SystemC process: a CPU that reaches a breakpoint, a
// watchpoint or the end of a step serves gdb from inside its own thread, and
// the whole simulation stands still until gdb resumes it. Ctrl-C, and a gdb
// that connects while the machine runs, are served between slices of
// simulated time (Session::run), where every CPU is between instructions.
// The hook is attached only while there are breakpoints, watchpoints or a
// step; it leaves the chains of instructions as they are (debug_chain.cpp),
// so a run that only continues is the run without gdb, bit for bit.
#include "debug_target.h"
#include "gdb_server.h"
#include "guest.h"
#include "monitor_commands.h"
#include "simulation_target.h"
#include "tcp_listener.h"

#include "models/cpu/debug_hook.h"

#include <cstdint>
#include <iosfwd>
#include <memory>

namespace fireplane {
class StatsRegistry;
}

namespace fireplane::gdb {

struct GdbOptions {
    uint16_t port = 0; // 0: a free one (printed)
    bool wait = false; // stop before the first instruction until gdb connects
};

class GdbStub : private sparc::DebugHook {
public:
    // `process` for a user-mode program, null for firmware. Opens the port
    // and says so on `diagnostics` ("fireplane: gdb: listening on
    // 127.0.0.1:PORT"); throws std::invalid_argument when it cannot.
    GdbStub(Platform& platform, linux_user::LinuxProcess* process, StatsRegistry& stats,
            const GdbOptions& options, std::ostream& diagnostics);
    ~GdbStub() override;
    GdbStub(const GdbStub&) = delete;
    GdbStub& operator=(const GdbStub&) = delete;

    uint16_t port() const { return listener_->port(); }
    // `monitor` commands: the stub's `help` and `stats`; others add theirs.
    MonitorCommands& monitor_commands() { return monitor_; }

    // Before the first slice: with `wait`, waits for gdb and serves it with
    // the machine before its first instruction.
    void start();
    // Between slices: a gdb that connects, or Ctrl-C, stops the machine here.
    void between_slices();
    // gdb killed the run (the simulation has been stopped).
    bool killed() const { return killed_; }
    // The run is over: a gdb waiting for it hears how (W or X).
    void finish(const StopReason& end);

private:
    bool before_instruction(sparc::SparcCore& core) override;
    void after_instruction(sparc::SparcCore& core, const cache::CacheRequest* accesses,
                           unsigned count) override;
    // Serves gdb until it resumes, detaches or kills; `core` is the CPU that
    // stopped (null between slices).
    void stop(const StopReason& why, sparc::SparcCore* core);
    // The hook on every CPU while anything needs it, off otherwise.
    void arm();
    ThreadId default_thread() const;

    Platform& platform_;
    std::ostream& diag_;
    MonitorCommands monitor_;
    std::unique_ptr<Guest> guest_;
    SimulationTarget target_;
    GdbServer server_;
    std::unique_ptr<TcpListener> listener_;
    bool wait_;
    bool killed_ = false;
    bool armed_ = false;
    // A step: the thread, and where it was when it went (its first instruction's boundary).
    ThreadId step_thread_ = 0;
    const sparc::SparcCore* step_core_ = nullptr;
    uint64_t step_at_ = 0;
    // Where the last stop inside a CPU was: resuming there passes its breakpoint.
    const sparc::SparcCore* stopped_core_ = nullptr;
    uint64_t stopped_at_ = 0;
    ThreadId last_thread_ = 0;
};

} // namespace fireplane::gdb
