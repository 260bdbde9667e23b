#include "core/config/overrides.h"

#include "core/config/machine_config.h"
#include "core/config/name_patterns.h"

#include <stdexcept>

namespace fireplane {
namespace {

bool matches(const std::vector<std::string>& globs, const std::string& name) {
    for (const std::string& glob : globs)
        if (glob_match(glob, name)) return true;
    return false;
}

} // namespace

Override parse_override(const std::string& text, int index) {
    Override o;
    o.text = text;
    o.index = index;
    // The first dot outside a range: "cpu[0..3].clock" splits after "]".
    size_t close = text.find(']');
    size_t equals = text.find('=');
    size_t dot = text.find('.', close == std::string::npos || close > equals ? 0 : close);
    if (equals == std::string::npos || dot == std::string::npos || dot > equals)
        throw ConfigError(o.at(1), "expected PATTERN.param=value, got '" + text + "'");
    o.pattern = text.substr(0, dot);
    o.param = text.substr(dot + 1, equals - dot - 1);
    o.value = text.substr(equals + 1);
    o.param_column = int(dot) + 2;
    o.value_column = int(equals) + 2;
    if (o.pattern.empty()) throw ConfigError(o.at(1), "missing component pattern before '.'");
    if (o.param.empty()) throw ConfigError(o.at(o.param_column), "missing parameter name");
    return o;
}

void apply_override(const Override& o, MachineConfig& machine, const ModelFactory& factory) {
    std::vector<ComponentConfig*> targets;
    if (o.pattern == "simulation") {
        targets.push_back(&machine.simulation);
    } else {
        std::vector<std::string> globs;
        try {
            globs = expand_range(o.pattern);
        } catch (const std::invalid_argument& e) {
            throw ConfigError(o.at(1), "bad pattern '" + o.pattern + "': " + e.what());
        }
        for (ComponentConfig& c : machine.components)
            if (matches(globs, c.name)) targets.push_back(&c);
    }
    if (targets.empty()) throw ConfigError(o.at(1), "'" + o.pattern + "' matches no component");

    bool applied = false;
    std::vector<std::string> known; // for the spelling hint
    for (ComponentConfig* c : targets) {
        const ModelType* type = factory.find(c->type);
        const ParamSpec* spec = type ? type->param(o.param) : nullptr;
        if (!spec) {
            if (type)
                for (const ParamSpec& p : type->params)
                    known.push_back(p.name);
            continue;
        }
        c->params.set(*spec, o.value, o.at(o.value_column));
        applied = true;
    }
    if (!applied) {
        std::string message =
            targets.size() == 1
                ? "component '" + targets[0]->name + "' (type " + targets[0]->type +
                      ") has no parameter '" + o.param + "'"
                : "no component matching '" + o.pattern + "' has a parameter '" + o.param + "'";
        throw ConfigError(o.at(o.param_column), message + did_you_mean(o.param, known));
    }
}

} // namespace fireplane
