#pragma once
// Parameter specifications (what a model type accepts) and resolved values
// (what one instance got), each with its description and source location.
#include "core/config/location.h"

#include <systemc>

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace fireplane {

enum class ParamKind { Bool, Int, Bytes, Frequency, Time, String, Enum };

struct ParamSpec {
    std::string name;
    ParamKind kind;
    std::string default_value;             // as it would be written in YAML
    std::string description;               // one line, shown by dump-config
    std::vector<std::string> choices = {}; // for Enum

    // An empty default on any kind but String means the YAML must set it.
    bool required() const { return default_value.empty() && kind != ParamKind::String; }
};

// The file name in the Location of a value that no configuration set.
inline constexpr const char* kDefaultOrigin = "<default>";

// "bool", "int", "bytes", "frequency", "time", "string", "enum".
const char* kind_name(ParamKind kind);

// Checks `text` against the spec's kind (and choices); throws
// std::invalid_argument with a short reason when it does not fit.
void check_value(const ParamSpec& spec, const std::string& text);

// The resolved parameters of one component instance. Values were validated
// against the type's ParamSpecs when loaded, so getters only fail on model bugs
// (asking for an undeclared name or the wrong kind), which is SC_REPORT_FATAL.
class Params {
public:
    struct Value {
        const ParamSpec* spec = nullptr;
        std::string text; // canonical text as given (or the default)
        Location where;   // where it was set; file "<default>" for defaults
    };

    Params() = default;
    explicit Params(std::string instance) : instance_(std::move(instance)) {}

    // Validates and stores; a bad value throws ConfigError at `where`.
    void set(const ParamSpec& spec, std::string text, Location where);
    bool has(const std::string& name) const;

    bool get_bool(const std::string& name) const;
    int64_t get_int(const std::string& name) const;
    uint64_t get_bytes(const std::string& name) const;
    uint64_t get_hz(const std::string& name) const;
    sc_core::sc_time get_time(const std::string& name) const;
    uint64_t get_time_ps(const std::string& name) const;
    std::string get_string(const std::string& name) const; // String and Enum

    const Location& location(const std::string& name) const;
    // For model-level checks such as an impossible cache geometry: throws a
    // ConfigError at the parameter's location.
    [[noreturn]] void fail(const std::string& name, const std::string& message) const;

    const std::string& instance() const { return instance_; }
    const std::map<std::string, Value>& values() const { return values_; }

private:
    const Value& value(const std::string& name, ParamKind kind) const;
    std::string instance_;
    std::map<std::string, Value> values_;
};

} // namespace fireplane
