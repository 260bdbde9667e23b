#pragma once
// Logging through SC_REPORT_*, with a verbosity per module set from the
// command line (--log 'cpu*=debug'). Every report goes to stderr, so the
// guest's stdout stays its own.
#include <systemc>

#include <string>

namespace fireplane::log {

// Sets the verbosity (SC_NONE ... SC_DEBUG) of modules whose name matches `glob`.
void set_level(const std::string& glob, int verbosity);
// Parses "MODULE=LEVEL" (LEVEL: none, low, medium, high, full, debug, or a number).
// Throws std::invalid_argument with a reason.
void set_from_argument(const std::string& argument);
bool enabled(const std::string& module, int verbosity);
// Routes SystemC reports to stderr and filters info reports by module level.
void install_report_handler();

} // namespace fireplane::log

// Info report from `module` at `verbosity`, built only when it will be shown.
#define FIREPLANE_LOG(module, verbosity, text)                                                     \
    do {                                                                                           \
        if (::fireplane::log::enabled((module), (verbosity)))                                      \
            SC_REPORT_INFO_VERB(std::string(module).c_str(), std::string(text).c_str(),            \
                                (verbosity));                                                      \
    } while (0)
