// ParamTable: defaults come from the configuration struct, values land in its
// fields, ranges and rules fail at the parameter's place, nested tables keep
// their names under a prefix.
#include "core/factory/param_table.h"

#include <catch2/catch.hpp>

#include <optional>
#include <string>
#include <vector>

using namespace fireplane;
using Catch::Matchers::Contains;

namespace {

enum class Policy { Lru, Lfsr };

struct Inner {
    unsigned ways = 4;
    uint64_t size = 64 << 10;
};

struct Outer {
    uint64_t clock_hz = 900'000'000;
    sc_core::sc_time latency{2, sc_core::SC_NS};
    uint64_t base = 0x1fff0000000;
    bool enabled = true;
    std::string label = "x";
    Policy policy = Policy::Lfsr;
    Inner cache{2, 8 << 20}; // not Inner{}'s defaults: the table must show these
    int16_t offset = -3;
};

ParamTable<Inner> inner_table() {
    return ParamTable<Inner>()
        .count("ways", &Inner::ways, 1, 64, "Ways")
        .bytes("size", &Inner::size, 1, ParamTable<Inner>::kNoMax, "Size")
        .rule([](const Inner& c) -> std::optional<ConfigProblem> {
            if (c.size % c.ways) return ConfigProblem{"size", "must divide into the ways"};
            return std::nullopt;
        });
}

const ParamTable<Outer>& table() {
    static const auto t = ParamTable<Outer>()
                              .frequency("clock", &Outer::clock_hz, "Clock")
                              .time("latency", &Outer::latency, true, "Latency")
                              .address("base", &Outer::base, "Base")
                              .flag("enabled", &Outer::enabled, "On")
                              .text("label", &Outer::label, "Label")
                              .choice("policy", &Outer::policy,
                                      {{"lru", Policy::Lru}, {"lfsr", Policy::Lfsr}}, "Policy")
                              .nest("cache.", &Outer::cache, inner_table())
                              .count("offset", &Outer::offset, -100, 100, "Offset");
    return t;
}

// The parameters a machine file would give, defaults then `overrides`.
Params params(const std::vector<std::pair<std::string, std::string>>& overrides = {}) {
    static const std::vector<ParamSpec> specs = table().specs();
    Params p("dev0");
    int line = 1;
    for (const ParamSpec& s : specs)
        p.set(s, s.default_value, Location{"<default>", 0, 0});
    for (const auto& [name, text] : overrides)
        for (const ParamSpec& s : specs)
            if (s.name == name) p.set(s, text, Location{"m.yaml", line++, 9});
    return p;
}

std::string failure(const std::vector<std::pair<std::string, std::string>>& overrides) {
    try {
        table().read(params(overrides));
    } catch (const ConfigError& e) {
        return e.what();
    }
    return "";
}

} // namespace

TEST_CASE("a table's specs take their defaults from the struct, as YAML writes them",
          "[param_table]") {
    const std::vector<ParamSpec> s = table().specs();
    REQUIRE(s.size() == 9);
    const std::vector<std::string> names = {"clock",      "latency",    "base",
                                            "enabled",    "label",      "policy",
                                            "cache.ways", "cache.size", "offset"};
    const std::vector<std::string> defaults = {"900MHz", "2ns", "0x1fff0000000", "true", "x",
                                               "lfsr",   "2",   "8MiB",          "-3"};
    for (size_t i = 0; i < s.size(); ++i) {
        CHECK(s[i].name == names[i]);
        CHECK(s[i].default_value == defaults[i]);
    }
    CHECK(s[5].kind == ParamKind::Enum);
    CHECK(s[5].choices == std::vector<std::string>{"lru", "lfsr"});
    CHECK(s[2].kind == ParamKind::Bytes);
}

TEST_CASE("read fills every field, nested ones included", "[param_table]") {
    const Outer o = table().read(params({{"clock", "1.2GHz"},
                                         {"latency", "5ns"},
                                         {"policy", "lru"},
                                         {"cache.ways", "8"},
                                         {"cache.size", "4MiB"},
                                         {"offset", "17"},
                                         {"label", "y"},
                                         {"enabled", "false"},
                                         {"base", "0x1000"}}));
    CHECK(o.clock_hz == 1'200'000'000);
    CHECK(o.latency == sc_core::sc_time(5, sc_core::SC_NS));
    CHECK(o.policy == Policy::Lru);
    CHECK(o.cache.ways == 8);
    CHECK(o.cache.size == 4 << 20);
    CHECK(o.offset == 17);
    CHECK(o.label == "y");
    CHECK_FALSE(o.enabled);
    CHECK(o.base == 0x1000);
}

TEST_CASE("out of range values fail at their place, with the range", "[param_table]") {
    CHECK_THAT(failure({{"cache.ways", "0"}}),
               Contains("m.yaml:1:9") && Contains("dev0.cache.ways: must be between 1 and 64"));
    CHECK_THAT(failure({{"cache.size", "0"}}), Contains("dev0.cache.size: must be greater than 0"));
    CHECK_THAT(failure({{"offset", "101"}}), Contains("dev0.offset: must be between -100 and 100"));
    CHECK_THAT(failure({{"latency", "0ns"}}), Contains("dev0.latency: must be greater than 0"));
    CHECK_THAT(failure({{"clock", "0Hz"}}), Contains("dev0.clock: must be greater than 0"));
    CHECK(failure({}).empty());
}

TEST_CASE("a nested table's rules blame its parameters under the prefix", "[param_table]") {
    CHECK_THAT(failure({{"cache.ways", "3"}, {"cache.size", "4KiB"}}),
               Contains("m.yaml:2:9") && Contains("dev0.cache.size: must divide into the ways"));
    Outer bad;
    bad.cache = {3, 4096};
    const auto problem = table().check(bad);
    REQUIRE(problem);
    CHECK(problem->param == "cache.size");
    CHECK_FALSE(table().check(Outer{}));
}

TEST_CASE("a count cannot overflow its field", "[param_table]") {
    struct Small {
        uint8_t n = 1;
    };
    const auto t = ParamTable<Small>().count("n", &Small::n, 0, 1000, "N");
    const ParamSpec spec = t.specs().front();
    Params p("s");
    p.set(spec, "300", Location{"m.yaml", 4, 2});
    try {
        t.read(p);
        FAIL("300 fit into a uint8_t");
    } catch (const ConfigError& e) {
        CHECK_THAT(std::string(e.what()), Contains("s.n: must be between 0 and 255"));
    }
}

TEST_CASE("a required row has no default", "[param_table]") {
    struct Dev {
        uint64_t base = 0;
    };
    const auto t = ParamTable<Dev>().address("base", &Dev::base, "Base").required();
    CHECK(t.specs().front().required());
}
