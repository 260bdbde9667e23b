// Each configuration error names the exact file:line:column of its cause.
#include "core/config/machine_config.h"
#include "test_models.h"

#include <catch2/catch.hpp>

using namespace fireplane;
using test::fixture;

namespace {

// The error text of loading a fixture, or "no error".
std::string error_of(const std::string& name, const std::vector<std::string>& overrides = {}) {
    ModelFactory factory = test::make_factory();
    try {
        load_machine(fixture(name), overrides, factory);
    } catch (const ConfigError& e) {
        return e.what();
    }
    return "no error";
}

std::string at(const std::string& name, const std::string& position) {
    return fixture(name) + ":" + position + ": error: ";
}

} // namespace

TEST_CASE("Error: unreadable file", "[config][errors]") {
    CHECK(error_of("errors/none.yaml") ==
          fixture("errors/none.yaml") + ": error: cannot read file: No such file or directory");
    CHECK(error_of("errors") == fixture("errors") + ": error: cannot read file: is a directory");
}

TEST_CASE("Error: YAML syntax", "[config][errors]") {
    CHECK(error_of("errors/syntax.yaml") ==
          at("errors/syntax.yaml", "3:1") + "YAML syntax error: end of map flow not found");
}

TEST_CASE("Error: unknown top-level key", "[config][errors]") {
    CHECK(error_of("errors/top_key.yaml") ==
          at("errors/top_key.yaml", "2:1") +
              "unknown top-level key 'component' (expected description, inherit, simulation, "
              "templates, components)");
}

TEST_CASE("Error: component without type", "[config][errors]") {
    CHECK(error_of("errors/no_type.yaml") ==
          at("errors/no_type.yaml", "2:3") +
              "component 'cpu0' has no type (set 'type:' or inherit a template)");
}

TEST_CASE("Error: unknown type", "[config][errors]") {
    CHECK(error_of("errors/unknown_type.yaml") ==
          at("errors/unknown_type.yaml", "3:11") +
              "unknown type 'fake_cpux' (did you mean 'fake_cpu'?)");
}

TEST_CASE("Error: unknown parameter, in a nested map", "[config][errors]") {
    CHECK(error_of("errors/unknown_param.yaml") ==
          at("errors/unknown_param.yaml", "4:14") +
              "unknown parameter 'dcache.sise' for type 'fake_cpu' (did you mean "
              "'dcache.size'?)");
}

TEST_CASE("Error: bad unit and bad enum value", "[config][errors]") {
    CHECK(error_of("errors/bad_unit.yaml") ==
          at("errors/bad_unit.yaml", "4:12") +
              "cpu0.clock: bad frequency value '900Mhz': unknown unit 'Mhz' (expected Hz, kHz, "
              "MHz, GHz)");
    CHECK(error_of("errors/bad_enum.yaml") ==
          at("errors/bad_enum.yaml", "4:18") +
              "cpu0.replacement: bad enum value 'random': expected one of: lfsr, lru");
}

TEST_CASE("Error: a bad value in an inherited file names that file", "[config][errors]") {
    CHECK(error_of("errors/bad_in_base.yaml") ==
          at("errors/bad_base.yaml", "5:13") +
              "cpu0.dcache.ways: bad int value 'four': expected an integer");
}

TEST_CASE("Error: unknown template and template cycle", "[config][errors]") {
    CHECK(error_of("errors/unknown_template.yaml") ==
          at("errors/unknown_template.yaml", "3:14") + "unknown template 'usiii'");
    CHECK(error_of("errors/template_cycle.yaml") ==
          at("errors/template_cycle.yaml", "3:16") + "template inheritance cycle: a -> b -> a");
}

TEST_CASE("Error: missing and cyclic inherited files", "[config][errors]") {
    CHECK(error_of("errors/inherit_missing.yaml") ==
          at("errors/inherit_missing.yaml", "1:10") + "cannot read '" +
              fixture("errors/missing.yaml") + "': No such file or directory");
    CHECK(error_of("errors/cycle_a.yaml") == at("errors/cycle_b.yaml", "1:10") +
                                                 "inheritance cycle through '" +
                                                 fixture("errors/cycle_a.yaml") + "'");
}

// A device that never ends: reading all of it would take the host's memory.
TEST_CASE("Error: an inherited file that never ends", "[config][errors]") {
    CHECK(error_of("errors/inherit_device.yaml") ==
          at("errors/inherit_device.yaml", "1:10") + "cannot read '/dev/zero': larger than 16 MiB");
}

TEST_CASE("Error: duplicate key", "[config][errors]") {
    CHECK(error_of("errors/duplicate_key.yaml") ==
          at("errors/duplicate_key.yaml", "5:5") + "duplicate key 'clock' (first at " +
              fixture("errors/duplicate_key.yaml") + ":4:5)");
}

TEST_CASE("Error: bad range key", "[config][errors]") {
    CHECK(error_of("errors/bad_range.yaml") ==
          at("errors/bad_range.yaml", "2:3") +
              "bad component key 'cpu[3..1]': range 3..1 is empty");
}

TEST_CASE("Error: missing, list and null values", "[config][errors]") {
    CHECK(error_of("errors/required.yaml") ==
          at("errors/required.yaml", "2:3") +
              "component 'ram0' (type fake_ram) needs a value for 'base'");
    CHECK(error_of("errors/list_value.yaml") ==
          at("errors/list_value.yaml", "4:12") + "'clock' must be a single value");
    CHECK(error_of("errors/no_value.yaml") ==
          at("errors/no_value.yaml", "4:5") + "'clock' has no value");
}

TEST_CASE("Error: the simulation section has no type key", "[config][errors]") {
    CHECK(error_of("errors/sim_type.yaml") ==
          at("errors/sim_type.yaml", "3:3") + "unknown parameter 'type' for type 'simulation'");
}
