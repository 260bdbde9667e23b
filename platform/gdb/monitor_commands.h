#pragma once
// The commands gdb's `monitor` (qRcmd) reaches, by name. The stub registers
// `help` and `stats`; other parts of the simulator add theirs (an MMU model
// its `tlb`) through GdbStub::monitor_commands().
#include <functional>
#include <map>
#include <string>

namespace fireplane::gdb {

class MonitorCommands {
public:
    // Gets the rest of the line after the command's name, trimmed; returns the text to show.
    using Handler = std::function<std::string(const std::string& arguments)>;

    MonitorCommands(); // with `help`
    // A name registered twice keeps its last handler.
    void add(const std::string& name, const std::string& help, Handler handler);
    bool has(const std::string& name) const { return commands_.count(name) != 0; }
    // Runs "NAME ARGUMENTS..."; an unknown name says how to list the commands.
    std::string run(const std::string& line) const;

private:
    struct Command {
        std::string help;
        Handler handler;
    };
    std::map<std::string, Command> commands_; // by name: `help` lists them in order
};

} // namespace fireplane::gdb
