#include "core/config/machine_config.h"

#include "core/config/machine_file.h"
#include "core/config/name_patterns.h"
#include "core/config/overrides.h"

#include <algorithm>

namespace fireplane {
namespace {

// A body with its chain of `inherit:` templates applied underneath it.
Body resolve(const Body& body, const BodyList& templates, std::vector<std::string>& chain) {
    const Setting* inherit = body.find("inherit");
    if (!inherit) return body;
    const std::string& name = inherit->value;
    const Body* base = templates.find(name);
    if (!base)
        throw ConfigError(inherit->value_at, "unknown template '" + name + "'" +
                                                 did_you_mean(name, templates.names()));
    if (std::find(chain.begin(), chain.end(), name) != chain.end()) {
        std::string cycle;
        for (const std::string& t : chain)
            cycle += t + " -> ";
        throw ConfigError(inherit->value_at, "template inheritance cycle: " + cycle + name);
    }
    chain.push_back(name);
    Body resolved = resolve(*base, templates, chain);
    chain.pop_back();
    Body own = body;
    own.erase("inherit");
    resolved.merge(own);
    resolved.where = body.where;
    return resolved;
}

std::vector<std::string> param_names(const ModelType* type) {
    std::vector<std::string> names;
    if (type)
        for (const ParamSpec& p : type->params)
            names.push_back(p.name);
    return names;
}

// Validates each setting against the type; `type` may be null for a
// simulation section nobody registered, which then accepts no parameters.
void set_params(ComponentConfig& c, const Body& body, const ModelType* type) {
    for (const Setting& s : body.settings) {
        const ParamSpec* spec = type ? type->param(s.key) : nullptr;
        if (!spec)
            throw ConfigError(s.key_at, "unknown parameter '" + s.key + "' for type '" + c.type +
                                            "'" + did_you_mean(s.key, param_names(type)));
        c.params.set(*spec, s.value, s.value_at);
    }
}

ComponentConfig make_component(const std::string& name, const Body& body, const BodyList& templates,
                               const ModelFactory& factory) {
    std::vector<std::string> chain;
    Body resolved = resolve(body, templates, chain);
    ComponentConfig c{name, "", body.where, Params(name)};
    const Setting* type_setting = resolved.find("type");
    if (!type_setting)
        throw ConfigError(body.where, "component '" + name +
                                          "' has no type (set 'type:' or inherit a template)");
    c.type = type_setting->value;
    const ModelType* type = factory.find(c.type);
    if (!type) {
        std::vector<std::string> known;
        for (const ModelType* t : factory.list())
            known.push_back(t->type);
        throw ConfigError(type_setting->value_at,
                          "unknown type '" + c.type + "'" + did_you_mean(c.type, known));
    }
    resolved.erase("type");
    set_params(c, resolved, type);
    return c;
}

// Runs after the overrides, which may supply a required value.
void fill_defaults(ComponentConfig& c, const ModelFactory& factory) {
    const ModelType* type = factory.find(c.type);
    if (!type) return;
    for (const ParamSpec& spec : type->params) {
        if (c.params.has(spec.name)) continue;
        if (spec.required())
            throw ConfigError(c.where, "component '" + c.name + "' (type " + c.type +
                                           ") needs a value for '" + spec.name + "'");
        c.params.set(spec, spec.default_value, Location{kDefaultOrigin});
    }
}

} // namespace

const ComponentConfig* MachineConfig::find(const std::string& name) const {
    if (name == simulation.name) return &simulation;
    for (const ComponentConfig& c : components)
        if (c.name == name) return &c;
    return nullptr;
}

MachineConfig load_machine(const std::string& path, const std::vector<std::string>& overrides,
                           const ModelFactory& factory) {
    MachineFile file = read_machine_file(path);
    MachineConfig machine;
    machine.file = path;
    machine.description = file.description;
    machine.overrides = overrides;

    Location sim_where =
        file.simulation.where.file.empty() ? Location{path} : file.simulation.where;
    machine.simulation =
        ComponentConfig{"simulation", "simulation", sim_where, Params("simulation")};
    set_params(machine.simulation, file.simulation, factory.find("simulation"));

    for (const auto& [name, body] : file.components.items)
        machine.components.push_back(make_component(name, body, file.templates, factory));

    // Parse every override before applying any, so syntax errors come first.
    std::vector<Override> parsed;
    for (size_t i = 0; i < overrides.size(); ++i)
        parsed.push_back(parse_override(overrides[i], int(i) + 1));
    for (const Override& o : parsed)
        apply_override(o, machine, factory);

    fill_defaults(machine.simulation, factory);
    for (ComponentConfig& c : machine.components)
        fill_defaults(c, factory);
    return machine;
}

} // namespace fireplane
