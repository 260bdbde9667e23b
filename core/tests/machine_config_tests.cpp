#include "core/config/machine_config.h"
#include "core/config/name_patterns.h"
#include "test_models.h"

#include <catch2/catch.hpp>

using namespace fireplane;
using test::fixture;

namespace {

std::vector<std::string> names(const MachineConfig& m) {
    std::vector<std::string> list;
    for (const ComponentConfig& c : m.components)
        list.push_back(c.name);
    return list;
}

} // namespace

TEST_CASE("A machine file inherits another file, deep-merged", "[config]") {
    ModelFactory factory = test::make_factory();
    MachineConfig m = load_machine(fixture("machine.yaml"), {}, factory);
    CHECK(m.file == fixture("machine.yaml"));
    CHECK(m.description == "Four CPUs over the base machine");
    // The base file's components come first, then this file's, in file order.
    CHECK(names(m) == std::vector<std::string>{"ram0", "cpu0", "cpu1", "cpu2", "cpu3"});

    const ComponentConfig* ram = m.find("ram0");
    REQUIRE(ram);
    CHECK(ram->type == "fake_ram");
    CHECK(ram->where.str() == fixture("base.yaml") + ":14:3");
    CHECK(ram->params.get_bytes("size") == 2ull << 30);
    CHECK(ram->params.location("size").str() == fixture("machine.yaml") + ":15:11");
    CHECK(ram->params.location("base").str() == fixture("base.yaml") + ":16:11");

    CHECK(m.simulation.params.get_time_ps("quantum") == 10000000);
    CHECK(m.simulation.params.location("quantum").str() == fixture("base.yaml") + ":4:12");
}

TEST_CASE("Templates inherit templates, and a derived file can change a base template",
          "[config]") {
    ModelFactory factory = test::make_factory();
    MachineConfig m = load_machine(fixture("machine.yaml"), {}, factory);
    const ComponentConfig* cpu0 = m.find("cpu0");
    const ComponentConfig* cpu1 = m.find("cpu1");
    REQUIRE(cpu0);
    REQUIRE(cpu1);
    // cpu0: fast_cpu -> cpu, and machine.yaml's change to `cpu` reaches it.
    CHECK(cpu0->type == "fake_cpu");
    CHECK(cpu0->params.get_hz("clock") == 1500000000ull);
    CHECK(cpu0->params.location("clock").str() == fixture("base.yaml") + ":12:12");
    CHECK(cpu0->params.get_int("dcache.ways") == 2);
    CHECK(cpu0->params.location("dcache.ways").str() == fixture("machine.yaml") + ":7:13");
    CHECK(cpu0->params.get_bytes("dcache.size") == 65536);
    CHECK(cpu0->params.location("dcache.size").str() == fixture("base.yaml") + ":9:20");
    CHECK(cpu0->params.get_string("replacement") == "lru");
    // cpu1 only got the range's `inherit: cpu`.
    CHECK(cpu1->params.get_hz("clock") == 900000000ull);
    CHECK(cpu1->params.get_int("dcache.ways") == 2);
    CHECK(cpu1->params.get_string("replacement") == "lfsr");
}

TEST_CASE("Every declared parameter is present, unset ones at their default", "[config]") {
    ModelFactory factory = test::make_factory();
    MachineConfig m = load_machine(fixture("machine.yaml"), {}, factory);
    for (const ComponentConfig& c : m.components)
        CHECK(c.params.values().size() == factory.find(c.type)->params.size());
    const ComponentConfig* cpu2 = m.find("cpu2");
    REQUIRE(cpu2);
    CHECK(cpu2->params.get_time("latency") == sc_core::sc_time(2, sc_core::SC_NS));
    CHECK(cpu2->params.location("latency").str() == "<default>");
    CHECK(cpu2->params.get_bool("dcache.write_through"));
    CHECK(m.simulation.params.get_int("seed") == 1);
}

TEST_CASE("A range key expands to one component per index", "[config]") {
    ModelFactory factory = test::make_factory();
    MachineConfig m = load_machine(fixture("machine.yaml"), {}, factory);
    for (const char* name : {"cpu1", "cpu2", "cpu3"}) {
        const ComponentConfig* c = m.find(name);
        REQUIRE(c);
        CHECK(c->type == "fake_cpu");
        CHECK(c->where.str() == fixture("machine.yaml") + ":9:3");
    }
    CHECK(m.find("cpu4") == nullptr);
}

TEST_CASE("expand_range keeps the text around the range and leading zeros", "[config]") {
    CHECK(expand_range("cpu") == std::vector<std::string>{"cpu"});
    CHECK(expand_range("cpu[1..3]") == std::vector<std::string>{"cpu1", "cpu2", "cpu3"});
    CHECK(expand_range("mem[08..10]_ctl") ==
          std::vector<std::string>{"mem08_ctl", "mem09_ctl", "mem10_ctl"});
    CHECK(expand_range("x[5..5]") == std::vector<std::string>{"x5"});
    CHECK_THROWS_WITH(expand_range("cpu[3..1]"), "range 3..1 is empty");
    CHECK_THROWS_WITH(expand_range("cpu[a..b]"),
                      "range bounds must be numbers, as in 'cpu[0..11]'");
    CHECK_THROWS_WITH(expand_range("cpu[1-3]"), "expected one range such as 'cpu[0..11]'");
    CHECK_THROWS_WITH(expand_range("cpu[0..99999]"), "range has more than 4096 names");
}

TEST_CASE("glob_match and valid_name", "[config]") {
    CHECK(glob_match("cpu*", "cpu11"));
    CHECK(glob_match("cpu*", "cpu"));
    CHECK(glob_match("*", "ram0"));
    CHECK(glob_match("c?u1", "cpu1"));
    CHECK(glob_match("*u*1", "cpu11"));
    CHECK_FALSE(glob_match("cpu?", "cpu11"));
    CHECK_FALSE(glob_match("cpu*", "ram0"));
    CHECK_FALSE(glob_match("*1", "cpu10"));
    CHECK(valid_name("cpu0"));
    CHECK(valid_name("io_bridge-1"));
    CHECK_FALSE(valid_name("cpu.0"));
    CHECK_FALSE(valid_name("0cpu"));
    CHECK_FALSE(valid_name(""));
}

TEST_CASE("MachineConfig::find covers components and the simulation section", "[config]") {
    ModelFactory factory = test::make_factory();
    MachineConfig m = load_machine(fixture("small.yaml"), {}, factory);
    CHECK(m.find("simulation") == &m.simulation);
    CHECK(m.find("ram0") == &m.components[1]);
    CHECK(m.find("nope") == nullptr);
    // small.yaml has no simulation section: defaults, located at the file.
    CHECK(m.simulation.type == "simulation");
    CHECK(m.simulation.where.str() == fixture("small.yaml"));
    CHECK(m.simulation.params.get_time_ps("quantum") == 1000000);
}

TEST_CASE("Without a registered simulation type the section takes no parameters", "[config]") {
    ModelFactory factory;
    factory.add(*test::make_factory().find("fake_cpu"));
    factory.add(*test::make_factory().find("fake_ram"));
    MachineConfig m = load_machine(fixture("small.yaml"), {}, factory);
    CHECK(m.simulation.params.values().empty());
    CHECK_THROWS_WITH(load_machine(fixture("base.yaml"), {}, factory),
                      fixture("base.yaml") +
                          ":4:3: error: unknown parameter 'quantum' for type 'simulation'");
}

TEST_CASE("Dotted keys and nested maps set the same parameters", "[config]") {
    ModelFactory factory = test::make_factory();
    MachineConfig m = load_machine(fixture("dotted.yaml"), {}, factory);
    CHECK(names(m) == std::vector<std::string>{"board0_cpu", "board1_cpu"});
    const ComponentConfig* c = m.find("board1_cpu");
    REQUIRE(c);
    CHECK(c->params.get_bytes("dcache.size") == 32768);
    CHECK(c->params.get_int("dcache.ways") == 8);
    CHECK(c->params.location("dcache.ways").str() == fixture("dotted.yaml") + ":5:20");
}
