#include "monitor_commands.h"

namespace fireplane::gdb {

namespace {
std::string trim(const std::string& s) {
    const size_t first = s.find_first_not_of(" \t");
    if (first == std::string::npos) return {};
    return s.substr(first, s.find_last_not_of(" \t") - first + 1);
}
} // namespace

MonitorCommands::MonitorCommands() {
    add("help", "list the monitor commands", [this](const std::string&) {
        std::string out;
        for (const auto& [name, command] : commands_)
            out += "monitor " + name + " - " + command.help + "\n";
        return out;
    });
}

void MonitorCommands::add(const std::string& name, const std::string& help, Handler handler) {
    commands_[name] = Command{help, std::move(handler)};
}

std::string MonitorCommands::run(const std::string& line) const {
    const std::string text = trim(line);
    const size_t space = text.find_first_of(" \t");
    const std::string name = text.substr(0, space);
    const auto it = commands_.find(name);
    if (it == commands_.end())
        return "unknown monitor command '" + name + "'; `monitor help` lists them\n";
    return it->second.handler(space == std::string::npos ? std::string()
                                                         : trim(text.substr(space)));
}

} // namespace fireplane::gdb
