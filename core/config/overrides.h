#pragma once
// Command-line overrides: --set PATTERN.param=value, where PATTERN is a glob
// (or a range such as cpu[0..3]) over component names, or "simulation".
#include "core/config/location.h"

#include <string>

namespace fireplane {

struct MachineConfig;
class ModelFactory;

inline constexpr const char* kCommandLine = "<command line>";

struct Override {
    std::string text; // the whole --set string
    int index = 0;    // 1-based position among the overrides
    std::string pattern, param, value;
    int param_column = 0, value_column = 0; // 1-based within text

    Location at(int column) const { return Location{kCommandLine, index, column}; }
};

// Splits "cpu*.dcache.size=32KiB"; throws ConfigError on a malformed string.
Override parse_override(const std::string& text, int index);

// Sets the value on every matching component whose type declares the
// parameter. Throws ConfigError if the pattern matches no component, if no
// matched component has the parameter, or if the value is bad.
void apply_override(const Override& o, MachineConfig& machine, const ModelFactory& factory);

} // namespace fireplane
