#include "log.h"

#include <fnmatch.h>

#include <cstdio>
#include <stdexcept>
#include <utility>
#include <vector>

namespace fireplane::log {

namespace {

struct Rule {
    std::string glob;
    int verbosity;
};

std::vector<Rule>& rules() {
    static std::vector<Rule> r;
    return r;
}

struct LevelName {
    const char* name;
    int verbosity;
};
constexpr LevelName kLevels[] = {{"none", sc_core::SC_NONE},     {"low", sc_core::SC_LOW},
                                 {"medium", sc_core::SC_MEDIUM}, {"high", sc_core::SC_HIGH},
                                 {"full", sc_core::SC_FULL},     {"debug", sc_core::SC_DEBUG}};

void to_stderr(const sc_core::sc_report& report, const sc_core::sc_actions& actions) {
    if (report.get_severity() == sc_core::SC_INFO &&
        !enabled(report.get_msg_type(), report.get_verbosity()))
        return;
    if (actions & sc_core::SC_DISPLAY) {
        static const char* const kSeverity[] = {"info", "warning", "error", "fatal"};
        std::fprintf(stderr, "fireplane: %s: %s: %s\n", kSeverity[report.get_severity()],
                     report.get_msg_type(), report.get_msg());
        std::fflush(stderr);
    }
    // Errors and fatals keep SystemC's own handling (throw or abort).
    sc_core::sc_report_handler::default_handler(report,
                                                actions & ~(sc_core::SC_DISPLAY | sc_core::SC_LOG));
}

} // namespace

void set_level(const std::string& glob, int verbosity) {
    rules().push_back({glob, verbosity});
}

void set_from_argument(const std::string& argument) {
    const auto eq = argument.find('=');
    if (eq == std::string::npos || eq == 0)
        throw std::invalid_argument("expected MODULE=LEVEL, got '" + argument + "'");
    const std::string level = argument.substr(eq + 1);
    for (const LevelName& l : kLevels)
        if (level == l.name) return set_level(argument.substr(0, eq), l.verbosity);
    try {
        size_t used = 0;
        int v = std::stoi(level, &used);
        if (used == level.size()) return set_level(argument.substr(0, eq), v);
    } catch (const std::exception&) {
    }
    throw std::invalid_argument("unknown log level '" + level +
                                "' (none, low, medium, high, full, debug)");
}

bool enabled(const std::string& module, int verbosity) {
    int level =
        sc_core::SC_LOW; // SystemC's own chatter ("Simulation stopped by user") is SC_MEDIUM
    for (const Rule& r : rules()) // later rules win
        if (fnmatch(r.glob.c_str(), module.c_str(), 0) == 0) level = r.verbosity;
    return verbosity <= level;
}

void install_report_handler() {
    sc_core::sc_report_handler::set_verbosity_level(sc_core::SC_DEBUG);
    sc_core::sc_report_handler::set_handler(to_stderr);
}

} // namespace fireplane::log
