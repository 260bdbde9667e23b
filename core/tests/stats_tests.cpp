#include "core/stats/stats.h"

#include <catch2/catch.hpp>
#include <systemc>
#include <yaml-cpp/yaml.h>

#include <cmath>
#include <limits>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

using namespace fireplane;
using Catch::Matchers::Contains;

namespace {

// The registry is a process-wide singleton; each test starts from empty.
StatsRegistry& fresh() {
    sc_core::sc_report_handler::set_actions("fireplane/stats", sc_core::SC_FATAL,
                                            sc_core::SC_THROW);
    StatsRegistry::current().clear();
    return StatsRegistry::current();
}

std::string json(const StatsRegistry& reg) {
    std::ostringstream out;
    reg.write_json(out);
    return out.str();
}

} // namespace

TEST_CASE("Stats JSON nests dotted names, and counters are read when written", "[stats]") {
    StatsRegistry& reg = fresh();
    uint64_t insts = 0, cycles = 2000;
    reg.add_counter("top.cpu0.insts", &insts, "Instructions committed");
    reg.add_counter("top.cpu0.cycles", &cycles, "Cycles", "cycles");
    reg.add_formula(
        "top.cpu0.ipc", [&] { return double(insts) / double(cycles); }, "Instructions per cycle",
        "ratio");
    reg.add_counter("top.bus.transactions", &cycles, "Bus transactions");
    insts = 1234;
    CHECK(json(reg) == R"({
  "top": {
    "bus": {
      "transactions": {"value": 2000, "unit": "count", "desc": "Bus transactions"}
    },
    "cpu0": {
      "cycles": {"value": 2000, "unit": "cycles", "desc": "Cycles"},
      "insts": {"value": 1234, "unit": "count", "desc": "Instructions committed"},
      "ipc": {"value": 0.617, "unit": "ratio", "desc": "Instructions per cycle"}
    }
  }
}
)");
    // JSON is YAML, so yaml-cpp checks that the text parses.
    YAML::Node doc = YAML::Load(json(reg));
    CHECK(doc["top"]["cpu0"]["ipc"]["value"].as<double>() == 0.617);
    CHECK(doc["top"]["cpu0"]["insts"]["unit"].as<std::string>() == "count");
}

TEST_CASE("Stats JSON numbers: exact integers, round-trip doubles, null for NaN/inf", "[stats]") {
    StatsRegistry& reg = fresh();
    uint64_t big = 18446744073709551615ull;
    reg.add_counter("a.big", &big, "");
    reg.add_formula(
        "a.whole", [] { return 3.0; }, "");
    reg.add_formula(
        "a.third", [] { return 1.0 / 3.0; }, "");
    reg.add_formula(
        "a.nan", [] { return std::nan(""); }, "");
    reg.add_formula(
        "a.inf", [] { return std::numeric_limits<double>::infinity(); }, "");
    reg.add_formula(
        "a.tiny", [] { return 1e-20; }, "");
    std::string text = json(reg);
    CHECK_THAT(text, Contains(R"("big": {"value": 18446744073709551615,)"));
    CHECK_THAT(text, Contains(R"("whole": {"value": 3,)"));
    CHECK_THAT(text, Contains(R"("third": {"value": 0.3333333333333333,)"));
    CHECK_THAT(text, Contains(R"("nan": {"value": null,)"));
    CHECK_THAT(text, Contains(R"("inf": {"value": null,)"));
    CHECK_THAT(text, Contains(R"("tiny": {"value": 1e-20,)"));
}

TEST_CASE("Stats JSON escapes strings and an empty registry is {}", "[stats]") {
    StatsRegistry& reg = fresh();
    CHECK(json(reg) == "{}\n");
    uint64_t n = 1;
    reg.add_counter("x", &n, "say \"hi\"\\\n", "count\t");
    CHECK(json(reg) == "{\n  \"x\": {\"value\": 1, \"unit\": \"count\\t\", \"desc\": \"say "
                       "\\\"hi\\\"\\\\\\n\"}\n}\n");
}

TEST_CASE("Stats entries stay sorted and can be found and removed", "[stats]") {
    StatsRegistry& reg = fresh();
    uint64_t n = 0;
    for (const char* name : {"top.cpu1.x", "top.cpu0.y", "top.cpu10.z", "top.cpu0.a"})
        reg.add_counter(name, &n, "");
    std::vector<std::string> names;
    for (const auto& e : reg.entries())
        names.push_back(e.name);
    CHECK(names ==
          std::vector<std::string>{"top.cpu0.a", "top.cpu0.y", "top.cpu1.x", "top.cpu10.z"});
    REQUIRE(reg.find("top.cpu1.x"));
    CHECK(reg.find("top.cpu1.x")->counter == &n);
    CHECK(reg.find("top.cpu1") == nullptr);
    reg.remove("top.cpu1.x");
    CHECK(reg.find("top.cpu1.x") == nullptr);
    CHECK(reg.find("top.cpu10.z"));
    CHECK(reg.entries().size() == 3);
}

TEST_CASE("A region of interest: reset counts from now, freeze holds, and the registry says so",
          "[stats]") {
    StatsRegistry& reg = fresh();
    uint64_t n = 5;
    reg.add_counter("top.n", &n, "");
    CHECK_FALSE(reg.frozen());
    const uint64_t resets = reg.resets();
    reg.reset();
    CHECK(reg.resets() == resets + 1);
    n += 3;
    CHECK(reg.find("top.n")->value() == 3);
    reg.freeze();
    CHECK(reg.frozen());
    n += 4;
    CHECK(reg.find("top.n")->value() == 3);
    reg.reset(); // a new region: counting again
    CHECK_FALSE(reg.frozen());
    CHECK(reg.resets() == resets + 2);
    // A restored frozen statistic freezes the registry, as the run that saved it was.
    reg.restore_entry("top.n", nullptr, 0, true, 7);
    CHECK(reg.frozen());
    CHECK(reg.find("top.n")->value() == 7);
}

TEST_CASE("A statistics group names its entries and takes them along when it goes", "[stats]") {
    StatsRegistry& reg = fresh();
    uint64_t n = 4;
    {
        StatsGroup cpu("top.cpu0", reg);
        cpu.add_counter("insts", &n, "instructions");
        cpu.add_formula(
            "twice", [&n] { return 2.0 * double(n); }, "twice");
        StatsGroup other("top.cpu0", reg); // a second owner of the same prefix
        other.add_counter("cycles", &n, "cycles");
        REQUIRE(reg.find("top.cpu0.insts"));
        CHECK(reg.find("top.cpu0.twice")->value() == 8.0);
        CHECK(&cpu.registry() == &reg);
    }
    CHECK(reg.entries().empty());
}

// A machine of hundreds of CPUs registers hundreds of thousands of statistics,
// then removes them group by group. A registry that shifted its entries on
// every insert or remove took minutes here (found by the machine-file fuzzer).
TEST_CASE("Stats registry keeps order and uniqueness at 300,000 entries", "[stats]") {
    StatsRegistry& reg = fresh();
    uint64_t n = 7;
    {
        std::vector<std::unique_ptr<StatsGroup>> groups;
        for (int cpu = 999; cpu >= 0; --cpu) { // registered in reverse name order
            groups.push_back(std::make_unique<StatsGroup>("top.cpu" + std::to_string(cpu), reg));
            for (int i = 0; i < 300; ++i)
                groups.back()->add_counter("c" + std::to_string(i), &n, "");
        }
        CHECK(reg.entries().size() == 300000);
        std::string previous;
        bool ordered = true;
        for (const auto& e : reg.entries())
            ordered = ordered && previous < e.name, previous = e.name;
        CHECK(ordered);
        CHECK(reg.entries().begin()->name == "top.cpu0.c0");
        CHECK(reg.find("top.cpu999.c299")->value() == 7.0);
        CHECK_THROWS_WITH(reg.add_counter("top.cpu500.c3", &n, ""), Contains("registered twice"));
        groups.erase(groups.begin(), groups.begin() + 500); // cpu999 .. cpu500
        CHECK(reg.entries().size() == 150000);
        CHECK_FALSE(reg.find("top.cpu500.c0"));
        CHECK(reg.find("top.cpu499.c0"));
    }
    CHECK(reg.entries().empty());
}

TEST_CASE("A scope makes a registry the current one, and restores the one before", "[stats]") {
    StatsRegistry& outer = StatsRegistry::current();
    StatsRegistry session;
    {
        StatsRegistry::Scope scope(session);
        CHECK(&StatsRegistry::current() == &session);
        uint64_t n = 1;
        StatsGroup g("model");
        g.add_counter("events", &n, "events");
        CHECK(session.find("model.events"));
        CHECK_FALSE(outer.find("model.events"));
    }
    CHECK(&StatsRegistry::current() == &outer);
}

TEST_CASE("Stats registration errors are fatal", "[stats]") {
    StatsRegistry& reg = fresh();
    uint64_t n = 0;
    reg.add_counter("top.cpu0.insts", &n, "");
    CHECK_THROWS_WITH(reg.add_counter("top.cpu0.insts", &n, ""),
                      Contains("statistic 'top.cpu0.insts' registered twice"));
    CHECK_THROWS_WITH(reg.add_counter("top.cpu0", &n, ""),
                      Contains("statistic 'top.cpu0' is also a prefix of 'top.cpu0.insts'"));
    CHECK_THROWS_WITH(reg.add_counter("top.cpu0.insts.user", &n, ""),
                      Contains("is below the statistic 'top.cpu0.insts'"));
    CHECK_THROWS_WITH(reg.add_counter("top..x", &n, ""), Contains("bad statistic name"));
    CHECK_THROWS_WITH(reg.add_counter("top.y", nullptr, ""), Contains("null counter"));
    CHECK_THROWS_WITH(reg.add_formula("top.z", nullptr, ""), Contains("empty formula"));
    CHECK(reg.entries().size() == 1);
}

TEST_CASE("Stats text summary aligns names and values", "[stats]") {
    StatsRegistry& reg = fresh();
    uint64_t a = 5, b = 12345;
    reg.add_counter("top.a", &a, "Small");
    reg.add_counter("top.longer", &b, "Big", "cycles");
    std::ostringstream out;
    reg.write_text(out);
    CHECK(out.str() == "top.a           5 count   # Small\n"
                       "top.longer  12345 cycles  # Big\n");
}
