#include "core/factory/model_factory.h"

#include <cstdlib>
#include <set>
#include <stdexcept>

namespace fireplane {
namespace {

[[noreturn]] void fatal(const std::string& message) {
    SC_REPORT_FATAL("fireplane/factory", message.c_str());
    std::abort(); // only reached if the user turned off SC_ABORT/SC_THROW for fatals
}

// Catches registration mistakes at startup instead of when a user first
// leaves the parameter at its default.
void check_specs(const ModelType& type) {
    std::set<std::string> seen;
    for (const ParamSpec& spec : type.params) {
        std::string who = "model type '" + type.type + "' parameter '" + spec.name + "'";
        if (spec.name.empty() || spec.name.front() == '.' || spec.name.back() == '.')
            fatal(who + ": bad name");
        if (spec.name == "type" || spec.name == "inherit") fatal(who + ": reserved name");
        if (!seen.insert(spec.name).second) fatal(who + ": declared twice");
        for (const ParamSpec& other : type.params)
            if (other.name.compare(0, spec.name.size() + 1, spec.name + ".") == 0)
                fatal(who + ": also a group of '" + other.name + "' (YAML cannot nest both)");
        if (spec.kind == ParamKind::Enum && spec.choices.empty())
            fatal(who + ": enum without choices");
        if (spec.required()) continue;
        try {
            check_value(spec, spec.default_value);
        } catch (const std::invalid_argument& e) {
            fatal(who + ": bad default '" + spec.default_value + "': " + e.what());
        }
    }
}

} // namespace

const ParamSpec* ModelType::param(const std::string& name) const {
    for (const ParamSpec& spec : params)
        if (spec.name == name) return &spec;
    return nullptr;
}

void ModelFactory::add(ModelType type) {
    if (type.type.empty()) fatal("model type without a name");
    if (types_.count(type.type)) fatal("model type '" + type.type + "' registered twice");
    check_specs(type);
    std::string key = type.type;
    types_.emplace(std::move(key), std::move(type));
}

const ModelType* ModelFactory::find(const std::string& type) const {
    auto it = types_.find(type);
    return it == types_.end() ? nullptr : &it->second;
}

std::vector<const ModelType*> ModelFactory::list() const {
    std::vector<const ModelType*> sorted;
    for (const auto& [name, type] : types_)
        sorted.push_back(&type);
    return sorted;
}

} // namespace fireplane
