// The builder connects every InterruptSource with a number to the machine's
// one InterruptController, by role, and refuses a number with no controller
// or one taken twice; it records where each bus target was mapped.
#include "config_error_text.h"
#include "platform/builder/memory_map.h"
#include "platform/builder/platform_builder.h"
#include "platform/session/session.h"

#include "models/devices/uart16550.h"
#include "models/fireplane/io_bridge.h"

#include <catch2/catch.hpp>

#include <fstream>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

using namespace fireplane;

using fireplane::test::error_of;

namespace {

const std::string kUniFirmware = CONFIGS_DIR "/uni-firmware.yaml";

// An interrupt controller that records the levels it is given.
class RecordingController : public sc_core::sc_module,
                            public InterruptController,
                            public InterruptInput {
public:
    std::vector<std::pair<unsigned, bool>> levels;
    explicit RecordingController(sc_core::sc_module_name name) : sc_module(name) {}
    InterruptInput& interrupt_input() override { return *this; }
    void set_level(unsigned ino, bool asserted) override { levels.emplace_back(ino, asserted); }
};

// A device of the user's with an interrupt line and nothing else.
class Doorbell : public sc_core::sc_module, public InterruptSource {
public:
    InterruptInput* to = nullptr;
    Doorbell(sc_core::sc_module_name name) : sc_module(name) {}
    void connect_interrupt(InterruptInput& input) override { to = &input; }
    unsigned interrupt_number() const override { return 9; }
};

void register_controller(ModelFactory& factory) {
    factory.add({"test_intc",
                 "records interrupt levels",
                 {},
                 [](const char* name, const Params&) -> std::unique_ptr<sc_core::sc_module> {
                     return std::make_unique<RecordingController>(name);
                 }});
}

// uni-firmware.yaml with `extra` components appended.
std::string machine_with(const std::string& file, const std::string& extra) {
    std::ofstream yaml(file);
    yaml << "inherit: " << kUniFirmware << "\ncomponents:\n" << extra;
    return file;
}

SessionOptions options(const std::string& config, std::vector<std::string> overrides = {}) {
    SessionOptions o;
    o.config = config;
    o.overrides = std::move(overrides);
    o.register_models = register_controller;
    return o;
}

template <typename T> T* module_named(Platform& platform, const std::string& name) {
    for (const auto& m : platform.modules)
        if (name == m->name()) return dynamic_cast<T*>(m.get());
    return nullptr;
}

} // namespace

TEST_CASE("interrupt sources with a number are connected to the controller") {
    // uni-firmware.yaml: the I/O bridge is the controller, the console is INO 0x2b, the TOD 0x2c.
    Session s(options(kUniFirmware, {"console.input=none"}));
    Platform& p = s.platform();
    REQUIRE(p.interrupt_controller != nullptr);
    REQUIRE(p.interrupts.size() == 2);
    CHECK(p.interrupts[0].number == 0x2b);
    CHECK(p.interrupts[0].source == "console");
    CHECK(p.interrupts[1].number == 0x2c);
    CHECK(p.interrupts[1].source == "tod");

    auto* bridge = module_named<IoBridge>(p, "io");
    auto* uart = module_named<Uart16550>(p, "console");
    REQUIRE(bridge != nullptr);
    REQUIRE(uart != nullptr);
    CHECK(&p.interrupt_controller->interrupt_input() == &bridge->interrupt_input());
    sc_core::sc_start(sc_core::SC_ZERO_TIME); // ends elaboration: the bus is bound
    const uint8_t ier = 0x01;
    REQUIRE(p.host->write(0x1fff1000001, &ier, 1)); // IER: received data
    CHECK_FALSE(bridge->interrupts().line(0x2b).level);
    uart->receive('!');
    CHECK(bridge->interrupts().line(0x2b).level);
}

TEST_CASE("a source without a number is left unconnected") {
    Session s(options(kUniFirmware, {"console.interrupt=0", "tod.interrupt=0"}));
    CHECK(s.platform().interrupts.empty());
}

TEST_CASE("an interrupt with no controller in the machine is an error naming the device") {
    const std::string file = "builder_no_intc.yaml";
    {
        std::ofstream yaml(file);
        yaml << "components:\n  bus: {type: router}\n  cpu0: {type: sparc_cpu}\n"
                "  memory: {type: ram, size: 64MiB}\n"
                "  console: {type: uart16550, base: 0x1fff1000000}\n";
    }
    const std::string error = error_of(options(file, {"console.interrupt=5"}));
    CHECK_THAT(error, Catch::Contains("<command line>:1:") &&
                          Catch::Contains("console.interrupt") &&
                          Catch::Contains("asks for interrupt 5, but the machine has no "
                                          "interrupt controller"));
    std::remove(file.c_str());
}

TEST_CASE("two sources cannot share an interrupt number") {
    const std::string error = error_of(options(kUniFirmware, {"tod.interrupt=0x2b"}));
    CHECK_THAT(error, Catch::Contains("tod.interrupt") &&
                          Catch::Contains("interrupt 43 is already taken by 'console'"));
}

TEST_CASE("a machine has at most one interrupt controller") {
    // The I/O bridge is one already.
    const std::string file = machine_with("builder_two.yaml", "  intc: {type: test_intc}\n");
    CHECK_THAT(error_of(options(file)),
               Catch::Contains("intc") && Catch::Contains("only one interrupt controller"));
    std::remove(file.c_str());
}

TEST_CASE("a module attached by the user is connected like a component") {
    Session s(options(kUniFirmware, {"console.input=none"}));
    Doorbell bell("bell");
    s.attach(bell);
    CHECK(bell.to == &s.platform().interrupt_controller->interrupt_input());
    REQUIRE(s.platform().interrupts.size() == 3);
    CHECK(s.platform().interrupts[2].source == "bell");
    RecordingController other("other");
    CHECK_THROWS_WITH(s.attach(other), Catch::Contains("interrupt controller"));
}

TEST_CASE("the memory map records each target, its type and the map it is on") {
    Session s(options(kUniFirmware));
    const auto& map = s.platform().memory_map;
    const auto find = [&](const std::string& name) {
        for (const MappedTarget& t : map)
            if (t.name == name) return t;
        FAIL("no target " << name);
        return MappedTarget{};
    };
    CHECK(find("memory").type == "fireplane_memory");
    CHECK(find("memory").on == "bus");
    CHECK(find("io").on == "bus");
    CHECK(find("rom").on == "bus");
    const MappedTarget console = find("console");
    CHECK(console.type == "uart16550");
    CHECK(console.on == "io");
    CHECK(console.range.base == 0x1fff1000000);
    CHECK(console.range.size == 8);
    const MappedTarget tod = find("tod");
    CHECK(tod.type == "m48t59");
    CHECK(tod.on == "io");
    CHECK(tod.range.base == 0x1fff1002000);
    CHECK(tod.range.last() == 0x1fff1003fff);
}

TEST_CASE("the printed memory map is sorted by address, a window before what it holds") {
    Session s(options(kUniFirmware));
    std::ostringstream out;
    print_memory_map(s.platform(), out);
    const std::string text = out.str();
    const std::vector<std::string> order{" memory ", " io ",  " firelink0 ", " console ",
                                         " power ",  " tod ", " rom "};
    size_t at = 0;
    for (const std::string& name : order) {
        const size_t found = text.find(name, at);
        INFO(name << " in\n" << text);
        REQUIRE(found != std::string::npos);
        at = found;
    }
    CHECK(
        text.find("#   0x1fff1002000  0x1fff1003fff  8KiB    tod        m48t59               io") !=
        std::string::npos);
    for (size_t line = 0; line < text.size(); line = text.find('\n', line) + 1)
        if (text[line] != '\n') CHECK(text[line] == '#'); // comments: a machine file still
}
