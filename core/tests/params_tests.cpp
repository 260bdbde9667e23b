#include "core/factory/params.h"

#include <catch2/catch.hpp>

using namespace fireplane;
using Catch::Matchers::Contains;

namespace {

const std::vector<ParamSpec>& specs() {
    static const std::vector<ParamSpec> list = {
        {"enabled", ParamKind::Bool, "true", "On"},
        {"ways", ParamKind::Int, "4", "Ways"},
        {"size", ParamKind::Bytes, "64KiB", "Size"},
        {"clock", ParamKind::Frequency, "900MHz", "Clock"},
        {"latency", ParamKind::Time, "2ns", "Latency"},
        {"label", ParamKind::String, "", "Label"},
        {"policy", ParamKind::Enum, "lru", "Policy", {"lru", "lfsr"}},
    };
    return list;
}

Params filled() {
    Params p("cpu0");
    int line = 1;
    for (const ParamSpec& s : specs())
        p.set(s, s.default_value, Location{"f.yaml", line++, 3});
    return p;
}

} // namespace

TEST_CASE("Params getters return typed values", "[params]") {
    Params p = filled();
    CHECK(p.instance() == "cpu0");
    CHECK(p.get_bool("enabled"));
    CHECK(p.get_int("ways") == 4);
    CHECK(p.get_bytes("size") == 65536);
    CHECK(p.get_hz("clock") == 900000000ull);
    CHECK(p.get_time_ps("latency") == 2000);
    CHECK(p.get_time("latency") == sc_core::sc_time(2, sc_core::SC_NS));
    CHECK(p.get_string("label") == "");
    CHECK(p.get_string("policy") == "lru");
    CHECK(p.has("ways"));
    CHECK_FALSE(p.has("nope"));
    CHECK(p.location("ways").str() == "f.yaml:2:3");
    CHECK(p.values().size() == specs().size());
}

TEST_CASE("Params::set replaces a value and keeps its text as given", "[params]") {
    Params p = filled();
    p.set(specs()[1], "0x10", Location{"<command line>", 1, 10});
    CHECK(p.get_int("ways") == 16);
    CHECK(p.values().at("ways").text == "0x10");
    CHECK(p.location("ways").str() == "<command line>:1:10");
}

TEST_CASE("Params::set rejects a bad value at its location", "[params]") {
    Params p("cpu0");
    CHECK_THROWS_WITH(p.set(specs()[3], "fast", Location{"f.yaml", 3, 9}),
                      "f.yaml:3:9: error: cpu0.clock: bad frequency value 'fast': expected a "
                      "number followed by a unit (Hz, kHz, MHz, GHz)");
    CHECK_THROWS_WITH(p.set(specs()[6], "random", Location{"f.yaml", 4, 11}),
                      "f.yaml:4:11: error: cpu0.policy: bad enum value 'random': expected one "
                      "of: lru, lfsr");
    CHECK_FALSE(p.has("clock"));
}

TEST_CASE("Params getters are fatal for an undeclared name or the wrong kind", "[params]") {
    sc_core::sc_report_handler::set_actions("fireplane/params", sc_core::SC_FATAL,
                                            sc_core::SC_THROW);
    Params p = filled();
    CHECK_THROWS_WITH(p.get_int("nope"), Contains("cpu0: parameter 'nope' is not declared"));
    CHECK_THROWS_WITH(p.get_int("clock"),
                      Contains("cpu0: parameter 'clock' is frequency, not int"));
    CHECK_THROWS_WITH(p.get_bool("ways"), Contains("is int, not bool"));
    CHECK_THROWS_WITH(p.get_bytes("clock"), Contains("is frequency, not bytes"));
    CHECK_THROWS_WITH(p.get_hz("size"), Contains("is bytes, not frequency"));
    CHECK_THROWS_WITH(p.get_time("ways"), Contains("is int, not time"));
    CHECK_THROWS_WITH(p.get_string("ways"), Contains("is int, not string"));
    CHECK_THROWS_AS(p.location("nope"), sc_core::sc_report);
}

TEST_CASE("Params::fail throws a ConfigError at the parameter's location", "[params]") {
    Params p = filled();
    try {
        p.fail("size", "64KiB is not a power of two");
        FAIL("fail() returned");
    } catch (const ConfigError& e) {
        CHECK(std::string(e.what()) == "f.yaml:3:3: error: cpu0.size: 64KiB is not a power of two");
        CHECK(e.where().line == 3);
        CHECK(e.message() == "cpu0.size: 64KiB is not a power of two");
    }
}

TEST_CASE("Location::str and ConfigError::what follow file:line:column", "[params]") {
    CHECK(Location{"a.yaml", 2, 5}.str() == "a.yaml:2:5");
    CHECK(Location{"a.yaml", 2, 0}.str() == "a.yaml:2");
    CHECK(Location{"a.yaml"}.str() == "a.yaml");
    CHECK(std::string(ConfigError(Location{"a.yaml"}, "gone").what()) == "a.yaml: error: gone");
}

TEST_CASE("ParamSpec::required and kind_name", "[params]") {
    CHECK(ParamSpec{"base", ParamKind::Bytes, "", ""}.required());
    CHECK_FALSE(ParamSpec{"label", ParamKind::String, "", ""}.required());
    CHECK_FALSE(ParamSpec{"size", ParamKind::Bytes, "1KiB", ""}.required());
    CHECK(std::string(kind_name(ParamKind::Frequency)) == "frequency");
    CHECK(std::string(kind_name(ParamKind::Enum)) == "enum");
}
