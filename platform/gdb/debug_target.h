#pragma once
// What the GDB protocol (gdb_server.h) needs from the thing it debugs, and no
// more: threads, registers and memory per thread, breakpoints, monitor
// commands, and being resumed, detached or killed. The simulator implements
// it over the machine (simulation_target.h); unit tests implement it with a
// fake. Nothing here knows SystemC.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace fireplane::gdb {

// A thread as gdb numbers it: positive.
using ThreadId = int64_t;

// Signal numbers of gdb's stop replies (gdb's own numbering, as Linux's here).
constexpr int kSigInt = 2, kSigTrap = 5, kSigKill = 9, kSigXcpu = 24;

// The Z and z packets' types.
enum class BreakpointType : uint8_t { Software, Hardware, Write, Read, Access };

// Why the target stopped, or how it ended: one stop reply.
struct StopReason {
    enum class Kind : uint8_t { Signal, Exited, Terminated };
    enum class Cause : uint8_t {
        None,
        SoftwareBreak,
        HardwareBreak,
        Watch,
        ReadWatch,
        AccessWatch
    };
    Kind kind = Kind::Signal;
    int signal = kSigTrap; // Signal, Terminated
    int exit_code = 0;     // Exited
    ThreadId thread = 0;   // Signal: the thread that stopped
    Cause cause = Cause::None;
    uint64_t address = 0; // the data address, for a watchpoint
};

// How gdb resumes the target: every thread runs on, and `step` (if any)
// stops again after one instruction. A target that cannot hold some threads
// while others run (all-stop over a whole machine) lets them all run.
struct ResumeRequest {
    ThreadId step = 0; // 0: none
};

class DebugTarget {
public:
    virtual ~DebugTarget() = default;

    // Live threads, in the order `info threads` should list them.
    virtual std::vector<ThreadId> threads() = 0;
    // A line for `info threads` (qThreadExtraInfo); empty for none.
    virtual std::string thread_description(ThreadId) { return {}; }

    // The target description (qXfer:features:read:target.xml).
    virtual std::string target_xml() = 0;
    // Registers are numbered as in the description; their bytes are in the
    // target's order. read_register's false: unavailable for that thread.
    virtual unsigned register_count() = 0;
    virtual unsigned register_size(unsigned regno) = 0;
    virtual bool read_register(ThreadId thread, unsigned regno, uint8_t* bytes) = 0;
    virtual bool write_register(ThreadId thread, unsigned regno, const uint8_t* bytes) = 0;

    // Memory as `thread` sees it (virtual addresses). read_memory returns how
    // many bytes from the start it could read.
    virtual size_t read_memory(ThreadId thread, uint64_t address, uint8_t* out, size_t length) = 0;
    virtual bool write_memory(ThreadId thread, uint64_t address, const uint8_t* data,
                              size_t length) = 0;

    // Breakpoints and watchpoints live in the target, never in guest memory.
    // False: not inserted (or not found, for a removal).
    virtual bool set_breakpoint(BreakpointType type, uint64_t address, uint64_t length,
                                bool insert) = 0;

    // `monitor COMMAND` (qRcmd): the text to show.
    virtual std::string monitor(const std::string& command) = 0;

    // The server hands over control: it returns from serving the stop once
    // one of these has been called.
    virtual void resume(const ResumeRequest& request) = 0;
    virtual void detach() = 0; // every breakpoint goes; the target runs on by itself
    virtual void kill() = 0;
};

} // namespace fireplane::gdb
