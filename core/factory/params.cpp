#include "core/factory/params.h"

#include "core/config/units.h"

#include <cstdlib>
#include <stdexcept>

namespace fireplane {
namespace {

// Asking for an undeclared parameter or the wrong kind is a bug in a model,
// not in the user's configuration, so it is fatal rather than a ConfigError.
[[noreturn]] void fatal(const std::string& message) {
    SC_REPORT_FATAL("fireplane/params", message.c_str());
    std::abort(); // only reached if the user turned off SC_ABORT/SC_THROW for fatals
}

std::string join(const std::vector<std::string>& words) {
    std::string s;
    for (size_t i = 0; i < words.size(); ++i)
        s += (i ? ", " : "") + words[i];
    return s;
}

} // namespace

const char* kind_name(ParamKind kind) {
    switch (kind) {
    case ParamKind::Bool: return "bool";
    case ParamKind::Int: return "int";
    case ParamKind::Bytes: return "bytes";
    case ParamKind::Frequency: return "frequency";
    case ParamKind::Time: return "time";
    case ParamKind::String: return "string";
    case ParamKind::Enum: return "enum";
    }
    return "?";
}

void check_value(const ParamSpec& spec, const std::string& text) {
    switch (spec.kind) {
    case ParamKind::Bool: units::parse_bool(text); return;
    case ParamKind::Int: units::parse_int(text); return;
    case ParamKind::Bytes: units::parse_bytes(text); return;
    case ParamKind::Frequency: units::parse_hz(text); return;
    case ParamKind::Time: units::parse_time_ps(text); return;
    case ParamKind::String: return;
    case ParamKind::Enum:
        for (const std::string& choice : spec.choices)
            if (choice == text) return;
        throw std::invalid_argument("expected one of: " + join(spec.choices));
    }
}

void Params::set(const ParamSpec& spec, std::string text, Location where) {
    try {
        check_value(spec, text);
    } catch (const std::invalid_argument& e) {
        std::string who = instance_.empty() ? spec.name : instance_ + "." + spec.name;
        throw ConfigError(where, who + ": bad " + kind_name(spec.kind) + " value '" + text +
                                     "': " + e.what());
    }
    values_[spec.name] = Value{&spec, std::move(text), std::move(where)};
}

bool Params::has(const std::string& name) const {
    return values_.count(name) != 0;
}

const Params::Value& Params::value(const std::string& name, ParamKind kind) const {
    auto it = values_.find(name);
    if (it == values_.end())
        fatal(instance_ + ": parameter '" + name + "' is not declared (or was not set)");
    ParamKind actual = it->second.spec->kind;
    bool string_like = kind == ParamKind::String && actual == ParamKind::Enum;
    if (actual != kind && !string_like)
        fatal(instance_ + ": parameter '" + name + "' is " + kind_name(actual) + ", not " +
              kind_name(kind));
    return it->second;
}

bool Params::get_bool(const std::string& name) const {
    return units::parse_bool(value(name, ParamKind::Bool).text);
}

int64_t Params::get_int(const std::string& name) const {
    return units::parse_int(value(name, ParamKind::Int).text);
}

uint64_t Params::get_bytes(const std::string& name) const {
    return units::parse_bytes(value(name, ParamKind::Bytes).text);
}

uint64_t Params::get_hz(const std::string& name) const {
    return units::parse_hz(value(name, ParamKind::Frequency).text);
}

sc_core::sc_time Params::get_time(const std::string& name) const {
    return sc_core::sc_time(double(get_time_ps(name)), sc_core::SC_PS);
}

uint64_t Params::get_time_ps(const std::string& name) const {
    return units::parse_time_ps(value(name, ParamKind::Time).text);
}

std::string Params::get_string(const std::string& name) const {
    return value(name, ParamKind::String).text;
}

const Location& Params::location(const std::string& name) const {
    auto it = values_.find(name);
    if (it == values_.end()) fatal(instance_ + ": parameter '" + name + "' is not declared");
    return it->second.where;
}

void Params::fail(const std::string& name, const std::string& message) const {
    std::string who = instance_.empty() ? name : instance_ + "." + name;
    throw ConfigError(location(name), who + ": " + message);
}

} // namespace fireplane
