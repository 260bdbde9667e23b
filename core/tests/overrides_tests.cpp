#include "core/config/machine_config.h"
#include "test_models.h"

#include <catch2/catch.hpp>

using namespace fireplane;
using test::fixture;

namespace {

MachineConfig load(const std::vector<std::string>& overrides) {
    static const ModelFactory factory = test::make_factory();
    return load_machine(fixture("machine.yaml"), overrides, factory);
}

std::string error_of(const std::vector<std::string>& overrides) {
    try {
        load(overrides);
    } catch (const ConfigError& e) {
        return e.what();
    }
    return "no error";
}

} // namespace

TEST_CASE("A wildcard override sets every matching component", "[overrides]") {
    MachineConfig m = load({"cpu*.clock=1.2GHz"});
    for (const char* name : {"cpu0", "cpu1", "cpu2", "cpu3"}) {
        const ComponentConfig* c = m.find(name);
        REQUIRE(c);
        CHECK(c->params.get_hz("clock") == 1200000000ull);
        CHECK(c->params.location("clock").str() == "<command line>:1:12");
    }
    CHECK(m.overrides == std::vector<std::string>{"cpu*.clock=1.2GHz"});
}

TEST_CASE("Overrides reach dotted parameters, ranges and '?' patterns", "[overrides]") {
    MachineConfig m = load({"cpu[1..2].dcache.size=32KiB", "cpu?.replacement=lru"});
    CHECK(m.find("cpu0")->params.get_bytes("dcache.size") == 65536);
    CHECK(m.find("cpu1")->params.get_bytes("dcache.size") == 32768);
    CHECK(m.find("cpu2")->params.get_bytes("dcache.size") == 32768);
    CHECK(m.find("cpu3")->params.get_bytes("dcache.size") == 65536);
    CHECK(m.find("cpu3")->params.get_string("replacement") == "lru");
    CHECK(m.find("cpu3")->params.location("replacement").str() == "<command line>:2:18");
}

TEST_CASE("A later override wins, and 'simulation' selects the simulation section", "[overrides]") {
    MachineConfig m = load({"cpu0.clock=1GHz", "cpu0.clock=2GHz", "simulation.quantum=1ms"});
    CHECK(m.find("cpu0")->params.get_hz("clock") == 2000000000ull);
    CHECK(m.simulation.params.get_time_ps("quantum") == 1000000000ull);
}

TEST_CASE("'*' applies only to components that have the parameter", "[overrides]") {
    MachineConfig m = load({"*.size=4GiB"});
    CHECK(m.find("ram0")->params.get_bytes("size") == 4ull << 30);
    CHECK(m.find("cpu0")->params.get_bytes("dcache.size") == 65536);
}

TEST_CASE("An override can supply a required parameter", "[overrides]") {
    ModelFactory factory = test::make_factory();
    MachineConfig m = load_machine(fixture("errors/required.yaml"), {"ram0.base=0x8000"}, factory);
    CHECK(m.find("ram0")->params.get_bytes("base") == 0x8000);
}

TEST_CASE("Bad overrides name the override and the column", "[overrides]") {
    CHECK(error_of({"cpu0clock=1GHz"}) ==
          "<command line>:1:1: error: expected PATTERN.param=value, got 'cpu0clock=1GHz'");
    CHECK(error_of({"cpu0.clock"}) ==
          "<command line>:1:1: error: expected PATTERN.param=value, got 'cpu0.clock'");
    CHECK(error_of({".clock=1GHz"}) ==
          "<command line>:1:1: error: missing component pattern before '.'");
    CHECK(error_of({"cpu0.=1GHz"}) == "<command line>:1:6: error: missing parameter name");
    CHECK(error_of({"cpu0.clock=1GHz", "cpu0.clock=fast"}) ==
          "<command line>:2:12: error: cpu0.clock: bad frequency value 'fast': expected a number "
          "followed by a unit (Hz, kHz, MHz, GHz)");
    CHECK(error_of({"cpu[2..1].clock=1GHz"}) ==
          "<command line>:1:1: error: bad pattern 'cpu[2..1]': range 2..1 is empty");
}

TEST_CASE("An override matching nothing is an error", "[overrides]") {
    CHECK(error_of({"gpu*.clock=1GHz"}) ==
          "<command line>:1:1: error: 'gpu*' matches no component");
    CHECK(error_of({"cpu*.clok=1GHz"}) ==
          "<command line>:1:6: error: no component matching 'cpu*' has a parameter 'clok' (did "
          "you mean 'clock'?)");
    CHECK(error_of({"ram0.clock=1GHz"}) ==
          "<command line>:1:6: error: component 'ram0' (type fake_ram) has no parameter 'clock'");
}
