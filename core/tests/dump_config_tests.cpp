#include "core/config/machine_config.h"
#include "test_models.h"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <unistd.h>

using namespace fireplane;
using test::fixture;

namespace {

const char* const kExpected = R"(description: "One CPU: for the dump test"
simulation:
  quantum: 1us  # Time quantum of each CPU (default)
  seed: 1       # Random seed (default)
components:
  cpu0:
    type: fake_cpu         # A processor with a data cache
    clock: 1GHz            # Core clock
    dcache:
      size: 64KiB          # D-cache size (default)
      ways: 8              # D-cache associativity (--set cpu0.dcache.ways=8)
      write_through: true  # D-cache writes through (default)
    replacement: lfsr      # Replacement [lfsr|lru] (default)
    latency: 2ns           # Load-use latency (default)
    label: "core #0"       # Free text
  ram0:
    type: fake_ram  # Memory
    base: 0x1000    # Base physical address
    size: 1GiB      # Size (default)
)";

} // namespace

TEST_CASE("dump_config prints every parameter with its description and origin", "[dump]") {
    ModelFactory factory = test::make_factory();
    MachineConfig m = load_machine(fixture("small.yaml"), {"cpu0.dcache.ways=8"}, factory);
    std::ostringstream out;
    dump_config(m, factory, out);
    std::string header = "# " + fixture("small.yaml") +
                         ", fully resolved. Each comment describes its parameter;\n"
                         "# \"(default)\" marks values the configuration did not set.\n";
    CHECK(out.str() == header + kExpected);
}

TEST_CASE("dump_config output loads back to the same configuration", "[dump]") {
    ModelFactory factory = test::make_factory();
    MachineConfig m =
        load_machine(fixture("machine.yaml"), {"cpu1.label=a \"quoted\": #1"}, factory);
    std::ostringstream out;
    dump_config(m, factory, out);

    auto path = std::filesystem::temp_directory_path() /
                ("fireplane_dump_" + std::to_string(::getpid()) + ".yaml");
    std::ofstream(path) << out.str();
    MachineConfig again = load_machine(path.string(), {}, factory);
    std::filesystem::remove(path);

    CHECK(again.description == m.description);
    REQUIRE(again.components.size() == m.components.size());
    for (size_t i = 0; i < m.components.size(); ++i) {
        const ComponentConfig& a = m.components[i];
        const ComponentConfig& b = again.components[i];
        CHECK(a.name == b.name);
        CHECK(a.type == b.type);
        for (const auto& [name, value] : a.params.values())
            CHECK(b.params.values().at(name).text == value.text);
    }
    CHECK(again.find("cpu1")->params.get_string("label") == "a \"quoted\": #1");
    CHECK(again.simulation.params.get_time_ps("quantum") == 10000000);
}

TEST_CASE("dump_config quotes text a YAML reader would take for a date", "[dump]") {
    ModelFactory factory = test::make_factory();
    MachineConfig m =
        load_machine(fixture("small.yaml"), {"cpu0.label=2026-01-01T00:00:00"}, factory);
    std::ostringstream out;
    dump_config(m, factory, out);
    CHECK(out.str().find("label: \"2026-01-01T00:00:00\"") != std::string::npos);
}

TEST_CASE("dump_config escapes control characters as YAML and JSON both read them", "[dump]") {
    ModelFactory factory = test::make_factory();
    MachineConfig m = load_machine(fixture("small.yaml"), {"cpu0.label=a\nb\tc\x01"}, factory);
    std::ostringstream out;
    dump_config(m, factory, out);
    CHECK(out.str().find(R"(label: "a\nb\tc\u0001")") != std::string::npos);
}
