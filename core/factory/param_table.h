#pragma once
// A model's parameters, each declared once: its YAML name, kind, range and
// description, and the field of the model's configuration struct it sets.
// A parameter's default is that field's value in a default-made struct, so
// the struct and the YAML cannot disagree. The factory lists specs(); a
// model's create() calls read(), which fills the whole struct, checks every
// range, then runs the model's own rules over several fields, each of which
// names the parameter it blames.
//
//   ParamTable<RamConfig>()
//       .address("base", &RamConfig::base, "physical address where the RAM is mapped")
//       .bytes("size", &RamConfig::size, 1, kMax, "bytes of RAM")
//
// A field deeper in the struct is a chain of members:
//   field(&HierarchyConfig::ecache, &CacheArrayConfig::geometry, &CacheGeometry::size)
#include "core/config/units.h"
#include "core/factory/config_problem.h"
#include "core/factory/model_factory.h"
#include "core/factory/params.h"

#include <systemc>

#include <algorithm>
#include <cstdint>
#include <functional>
#include <limits>
#include <memory>
#include <optional>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

namespace fireplane {

// An accessor for a member of a member of ...: field(&A::b, &B::c)(a) is a.b.c,
// const when `a` is.
template <typename C, typename M> auto field(M C::*member) {
    return [member](auto& c) -> auto& {
        return c.*member;
    };
}
template <typename C, typename M, typename... Rest> auto field(M C::*member, Rest... rest) {
    return [ member, inner = field(rest...) ](auto& c) -> auto& {
        return inner(c.*member);
    };
}

// "must be between 1 and 1024", "must be greater than 0", ...; "" when none applies.
std::string range_text(int64_t min, int64_t max, int64_t lowest, int64_t highest);
std::string range_text(uint64_t min, uint64_t max);

template <typename Config> class ParamTable {
    template <typename F> static auto accessor(F f) {
        if constexpr (std::is_member_object_pointer_v<F>)
            return field(f);
        else
            return f;
    }

public:
    using Rule = std::function<std::optional<ConfigProblem>(const Config&)>;
    // The type of the field an accessor (or member pointer) `F` reaches.
    template <typename F>
    using FieldType = std::decay_t<decltype(accessor(std::declval<F>())(std::declval<Config&>()))>;
    static constexpr uint64_t kNoMax = std::numeric_limits<uint64_t>::max();

    // A count or other plain integer in [min, max].
    template <typename F>
    ParamTable& count(std::string name, F f, int64_t min, int64_t max, std::string description) {
        return add(
            std::move(name), ParamKind::Int, std::move(description), {}, f,
            [](auto& v) { return std::to_string(v); },
            [min, max](auto& v, const Params& p, const std::string& n) {
                using T = std::decay_t<decltype(v)>;
                using L = std::numeric_limits<T>;
                constexpr int64_t lowest = std::is_signed_v<T> ? int64_t(L::min()) : 0;
                constexpr int64_t highest =
                    uint64_t(L::max()) > uint64_t(std::numeric_limits<int64_t>::max())
                        ? std::numeric_limits<int64_t>::max()
                        : int64_t(L::max());
                const int64_t lo = std::max(min, lowest), hi = std::min(max, highest);
                const int64_t x = p.get_int(n);
                if (x < lo || x > hi) return range_text(lo, hi, lowest, highest);
                v = T(x);
                return std::string();
            });
    }
    // A size in bytes in [min, max].
    template <typename F>
    ParamTable& bytes(std::string name, F f, uint64_t min, uint64_t max, std::string description) {
        return add(
            std::move(name), ParamKind::Bytes, std::move(description), {}, f,
            [](auto& v) { return units::format_bytes(uint64_t(v)); },
            [min, max](auto& v, const Params& p, const std::string& n) {
                using T = std::decay_t<decltype(v)>;
                const uint64_t hi = std::min<uint64_t>(max, std::numeric_limits<T>::max());
                const uint64_t x = p.get_bytes(n);
                if (x < min || x > hi) return range_text(min, hi);
                v = T(x);
                return std::string();
            });
    }
    // A physical address: any value, written "0" or in hex.
    template <typename F> ParamTable& address(std::string name, F f, std::string description) {
        return add(
            std::move(name), ParamKind::Bytes, std::move(description), {}, f,
            [](auto& v) { return units::format_address(v); },
            [](auto& v, const Params& p, const std::string& n) {
                v = p.get_bytes(n);
                return std::string();
            });
    }
    // A clock frequency in Hz, above zero.
    template <typename F> ParamTable& frequency(std::string name, F f, std::string description) {
        return add(
            std::move(name), ParamKind::Frequency, std::move(description), {}, f,
            [](auto& v) { return units::format_hz(v); },
            [](auto& v, const Params& p, const std::string& n) {
                v = p.get_hz(n);
                return v > 0 ? std::string() : range_text(1, kNoMax);
            });
    }
    // A simulated time; `positive`: above zero.
    template <typename F>
    ParamTable& time(std::string name, F f, bool positive, std::string description) {
        return add(
            std::move(name), ParamKind::Time, std::move(description), {}, f,
            [](auto& v) { return units::format_time_ps(v.value()); },
            [positive](auto& v, const Params& p, const std::string& n) {
                v = p.get_time(n);
                const bool zero = v == sc_core::SC_ZERO_TIME;
                return positive && zero ? range_text(1, kNoMax) : std::string();
            });
    }
    template <typename F> ParamTable& flag(std::string name, F f, std::string description) {
        return add(
            std::move(name), ParamKind::Bool, std::move(description), {}, f,
            [](auto& v) { return std::string(v ? "true" : "false"); },
            [](auto& v, const Params& p, const std::string& n) {
                v = p.get_bool(n);
                return std::string();
            });
    }
    template <typename F> ParamTable& text(std::string name, F f, std::string description) {
        return add(
            std::move(name), ParamKind::String, std::move(description), {}, f,
            [](auto& v) { return v; },
            [](auto& v, const Params& p, const std::string& n) {
                v = p.get_string(n);
                return std::string();
            });
    }
    // One of several named values (an enum): `choices` in the order shown.
    template <typename F>
    ParamTable& choice(std::string name, F f,
                       std::vector<std::pair<std::string, FieldType<F>>> choices,
                       std::string description) {
        std::vector<std::string> names;
        for (const auto& c : choices)
            names.push_back(c.first);
        return add(
            std::move(name), ParamKind::Enum, std::move(description), std::move(names), f,
            [choices](auto& v) {
                for (const auto& c : choices)
                    if (c.second == v) return c.first;
                return std::string();
            },
            [choices](auto& v, const Params& p, const std::string& n) {
                const std::string text = p.get_string(n);
                for (const auto& c : choices)
                    if (c.first == text) v = c.second;
                return std::string();
            });
    }
    // The last row has no default: a machine file must set it.
    ParamTable& required() {
        rows_.back().required = true;
        return *this;
    }
    // Every row of `sub`, for the struct `f` reaches, named `prefix` + its name.
    template <typename Sub, typename F>
    ParamTable& nest(const std::string& prefix, F f, const ParamTable<Sub>& sub) {
        auto get = accessor(f);
        for (const auto& r : sub.rows_)
            rows_.push_back(
                {prefix + r.name, r.kind, r.description, r.choices, r.required,
                 [get, format = r.format](Config& c) { return format(get(c)); },
                 [get, read = r.read](Config& c, const Params& p, const std::string& n) {
                     return read(get(c), p, n);
                 }});
        for (const auto& rule : sub.rules_)
            rules_.push_back([get, rule, prefix](const Config& c) -> std::optional<ConfigProblem> {
                auto problem = rule(get(c));
                if (problem) problem->param = prefix + problem->param;
                return problem;
            });
        return *this;
    }
    // A rule over several fields, run after every range check holds.
    ParamTable& rule(Rule r) {
        rules_.push_back(std::move(r));
        return *this;
    }

    // What the factory lists and the YAML loader checks, defaults from Config{}.
    std::vector<ParamSpec> specs() const {
        Config defaults{};
        std::vector<ParamSpec> out;
        for (const auto& r : rows_)
            out.push_back({r.name, r.kind, r.required ? std::string() : r.format(defaults),
                           r.description, r.choices});
        return out;
    }
    // The struct a component's parameters describe; a value out of its range,
    // or a rule broken, is a ConfigError at the parameter's place in the files.
    Config read(const Params& p) const {
        Config c{};
        for (const auto& r : rows_)
            if (std::string why = r.read(c, p, r.name); !why.empty()) p.fail(r.name, why);
        if (auto problem = check(c)) p.fail(problem->param, problem->message);
        return c;
    }
    // The first rule `c` breaks, if any (for configurations built in code).
    std::optional<ConfigProblem> check(const Config& c) const {
        for (const auto& rule : rules_)
            if (auto problem = rule(c)) return problem;
        return std::nullopt;
    }

private:
    template <typename> friend class ParamTable;

    struct Row {
        std::string name;
        ParamKind kind;
        std::string description;
        std::vector<std::string> choices;
        bool required = false;
        std::function<std::string(Config&)> format; // the field as YAML
        // Sets the field from the parameter; returns why it cannot, or "".
        std::function<std::string(Config&, const Params&, const std::string&)> read;
    };

    template <typename F, typename Format, typename Read>
    ParamTable& add(std::string name, ParamKind kind, std::string description,
                    std::vector<std::string> choices, F f, Format format, Read read) {
        auto get = accessor(f);
        rows_.push_back({std::move(name), kind, std::move(description), std::move(choices), false,
                         [get, format](Config& c) { return format(get(c)); },
                         [get, read](Config& c, const Params& p, const std::string& n) {
                             return read(get(c), p, n);
                         }});
        return *this;
    }

    std::vector<Row> rows_;
    std::vector<Rule> rules_;
};

// A model type whose module is made from its configuration alone:
// Module(name, table.read(params)). Tables are function-local statics, so
// the reference outlives every factory.
template <class Module, class Config>
ModelType model_type(std::string type, std::string description, const ParamTable<Config>& table) {
    return {std::move(type), std::move(description), table.specs(),
            [&table](const char* name, const Params& p) -> std::unique_ptr<sc_core::sc_module> {
                return std::make_unique<Module>(name, table.read(p));
            }};
}

} // namespace fireplane
