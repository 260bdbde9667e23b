#pragma once
// GDB's remote serial protocol over one connection, for an all-stop target
// (debug_target.h). While the target is stopped, serve() answers gdb's
// packets until gdb resumes, detaches or kills it; while it runs,
// interrupt_requested() polls for Ctrl-C; when the run is over, finish()
// sends the exit reply.
//
// Packets: ? g G p P m M X c C s S vCont vCont? Z0-Z4 z0-z4 H T D k vKill
// qSupported (PacketSize, qXfer:features:read+, QStartNoAckMode+,
// vContSupported+, swbreak+, hwbreak+) qXfer:features:read qfThreadInfo
// qsThreadInfo qC qAttached qThreadExtraInfo qRcmd QStartNoAckMode. Anything
// else gets the empty reply (not supported).
#include "debug_target.h"
#include "rsp_connection.h"

#include <memory>
#include <optional>
#include <string>
#include <string_view>

namespace fireplane::gdb {

class GdbServer {
public:
    explicit GdbServer(DebugTarget& target);

    // A new gdb (a connected socket, taken over); it finds the target stopped.
    void connect(int fd);
    bool connected() const { return connection_ && connection_->open(); }

    enum class Outcome : uint8_t { Resumed, Detached, Killed };
    // The target has stopped for `why`. Tells a gdb waiting for that, then
    // answers gdb until the target has been resumed, detached (also when gdb
    // hangs up) or killed, as the target's own call has already been told.
    Outcome serve(const StopReason& why);
    // While the target runs; never blocks: true when gdb asks it to stop.
    // A gdb that hangs up meanwhile leaves connected() false (the target
    // should then run on as if detached).
    bool interrupt_requested();
    // The run is over: a gdb waiting for the target hears how it ended (W or
    // X); the connection closes.
    void finish(const StopReason& end);

    static constexpr size_t kPacketSize = 0x4000; // what qSupported offers

private:
    struct Command {
        std::string_view name;
        // The reply, or nullopt when the target resumes (no reply until it stops).
        std::optional<std::string> (GdbServer::*handle)(std::string_view arguments);
    };
    static const Command kCommands[];

    // The reply to one packet; nullopt: none now (the target was handed over).
    std::optional<std::string> dispatch(const std::string& packet);
    std::string stop_reply(const StopReason& reason) const;
    ThreadId current_thread() const; // Hg's, or the one that stopped
    bool parse_thread(std::string_view text, ThreadId& thread) const; // "-1", "0", hex, "pP.T"
    bool alive(ThreadId thread);
    std::optional<std::string> hand_over(Outcome outcome, const ResumeRequest& request);

    std::optional<std::string> query_stop(std::string_view);
    std::optional<std::string> read_registers(std::string_view);
    std::optional<std::string> write_registers(std::string_view);
    std::optional<std::string> read_register(std::string_view);
    std::optional<std::string> write_register(std::string_view);
    std::optional<std::string> read_memory(std::string_view);
    std::optional<std::string> write_memory(std::string_view);
    std::optional<std::string> write_memory_binary(std::string_view);
    std::optional<std::string> continue_all(std::string_view);
    std::optional<std::string> step(std::string_view);
    std::optional<std::string> continue_signal(std::string_view);
    std::optional<std::string> step_signal(std::string_view);
    std::optional<std::string> vcont_actions(std::string_view);
    std::optional<std::string> vcont(std::string_view);
    std::optional<std::string> insert_breakpoint(std::string_view);
    std::optional<std::string> remove_breakpoint(std::string_view);
    std::optional<std::string> set_thread(std::string_view);
    std::optional<std::string> thread_alive(std::string_view);
    std::optional<std::string> detach(std::string_view);
    std::optional<std::string> kill(std::string_view);
    std::optional<std::string> vkill(std::string_view);
    std::optional<std::string> supported(std::string_view);
    std::optional<std::string> no_ack_mode(std::string_view);
    std::optional<std::string> transfer(std::string_view);
    std::optional<std::string> first_threads(std::string_view);
    std::optional<std::string> more_threads(std::string_view);
    std::optional<std::string> current_thread_query(std::string_view);
    std::optional<std::string> attached(std::string_view);
    std::optional<std::string> thread_extra_info(std::string_view);
    std::optional<std::string> monitor_command(std::string_view);
    std::optional<std::string> breakpoint(std::string_view arguments, bool insert);

    DebugTarget& target_;
    std::unique_ptr<RspConnection> connection_;
    StopReason last_stop_;
    ThreadId general_thread_ = 0; // Hg: whose registers and memory; 0: the stopped one
    bool running_ = false;        // gdb waits for a stop reply
    bool no_ack_after_reply_ = false;
    bool break_causes_ = false;      // gdb understands swbreak and hwbreak
    std::optional<Outcome> outcome_; // set when the target has been handed over
};

} // namespace fireplane::gdb
