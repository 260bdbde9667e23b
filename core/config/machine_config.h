#pragma once
// The resolved machine: a YAML machine file (with the files and templates it
// inherits) plus --set overrides, checked against the model factory.
// docs/configuration.md describes the format.
#include "core/config/location.h"
#include "core/factory/model_factory.h"
#include "core/factory/params.h"

#include <iosfwd>
#include <string>
#include <vector>

namespace fireplane {

struct ComponentConfig {
    std::string name; // "cpu0"
    std::string type; // "sparc_cpu"
    Location where;   // location of the component's key
    Params params;    // every declared param of the type: given values and defaults, validated
};

struct MachineConfig {
    std::string file; // top-level file
    std::string description;
    ComponentConfig simulation;              // the `simulation:` section, type "simulation"
    std::vector<ComponentConfig> components; // in file order
    std::vector<std::string> overrides;      // the --set strings as given, in order

    // nullptr if there is no such component; "simulation" finds the simulation section.
    const ComponentConfig* find(const std::string& name) const;
};

// Throws ConfigError (file:line:column) on: unreadable file, YAML syntax error, unknown top-level
// key, component without type, unknown type, unknown parameter, bad value/unit, bad override,
// override matching nothing, missing required parameter. The factory must outlive the result
// (Params point at its ParamSpecs). A factory without a "simulation" type means the
// simulation section takes no parameters.
MachineConfig load_machine(const std::string& path, const std::vector<std::string>& overrides,
                           const ModelFactory& factory);

// Prints the fully resolved machine as YAML that load_machine accepts, every parameter with its
// description as a trailing comment, marked "(default)" when not set and "(--set ...)" when set
// on the command line.
void dump_config(const MachineConfig& machine, const ModelFactory& factory, std::ostream& out);

} // namespace fireplane
