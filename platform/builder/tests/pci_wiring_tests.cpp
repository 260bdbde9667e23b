// The builder attaches each PCI function (PciDevice) to the PciBusOwner its
// `bus` names, at its `slot`, by role: a host bridge of the test's own, a
// pci_bridge and an ebus with a UART behind it. A `bus` naming nothing, or a
// component without a PCI bus, is a config error at the parameter's place.
#include "config_error_text.h"
#include "platform/builder/platform_builder.h"
#include "platform/session/session.h"

#include "models/pci/ebus.h"
#include "models/pci/pci_bridge.h"
#include "models/pci/pci_bus.h"

#include <catch2/catch.hpp>

#include <tlm_utils/simple_initiator_socket.h>
#include <tlm_utils/simple_target_socket.h>

#include <cstdio>
#include <fstream>
#include <string>

using namespace fireplane;

using fireplane::test::error_of;

namespace {

// A host bridge reduced to its windows: configuration space at +16 MiB and
// I/O space at +32 MiB of 0x1fe00000000, as on the Sabre.
class TestPciHost : public sc_core::sc_module, public BusTarget, public PciBusOwner {
public:
    static constexpr uint64_t kBase = 0x1fe00000000;
    tlm_utils::simple_target_socket<TestPciHost> socket{"socket"};
    PciBus root{"root"};

    explicit TestPciHost(sc_core::sc_module_name name) : sc_module(name) {
        socket.register_b_transport(this, &TestPciHost::b_transport);
        socket.register_transport_dbg(this, &TestPciHost::transport_dbg);
        to_root_.bind(root.upstream);
    }
    TargetPort& bus_target() override { return socket; }
    AddressRange bus_range() const override { return {kBase, uint64_t(48) << 20}; }
    void attach_pci(PciDevice& device) override { root.attach(device); }

private:
    void b_transport(tlm::tlm_generic_payload& gp, sc_core::sc_time& delay) { cycle(gp, &delay); }
    unsigned transport_dbg(tlm::tlm_generic_payload& gp) { return cycle(gp, nullptr); }
    // The host tools use debug transport (delay null).
    unsigned cycle(tlm::tlm_generic_payload& gp, sc_core::sc_time* delay) {
        const uint64_t local = gp.get_address();
        if (local < (uint64_t(16) << 20)) {
            gp.set_response_status(tlm::TLM_ADDRESS_ERROR_RESPONSE);
            return 0;
        }
        PciAccess access(local < (uint64_t(32) << 20) ? PciSpace::Config : PciSpace::Io);
        gp.set_extension(&access);
        gp.set_address(local & 0xffffff);
        unsigned n = 0;
        if (delay)
            to_root_->b_transport(gp, *delay);
        else
            n = to_root_->transport_dbg(gp);
        gp.set_address(local);
        gp.clear_extension(&access);
        return n;
    }
    tlm_utils::simple_initiator_socket<TestPciHost> to_root_{"to_root"};
};

void register_host(ModelFactory& factory) {
    factory.add({"test_pci_host",
                 "a root PCI bus behind config and I/O windows",
                 {},
                 [](const char* name, const Params&) -> std::unique_ptr<sc_core::sc_module> {
                     return std::make_unique<TestPciHost>(name);
                 }});
}

// `ebus_bus` is what the ebus names as its bus.
std::string write_machine(const std::string& file, const std::string& ebus_bus,
                          const std::string& ebus_slot = "1.0") {
    std::ofstream yaml(file);
    yaml << "components:\n"
            "  bus: {type: router}\n"
            "  memory: {type: ram, size: 16MiB}\n"
            "  pbm: {type: test_pci_host}\n"
            "  simba_a:\n"
            "    type: pci_bridge\n"
            "    bus: pbm\n"
            "    slot: 1.1\n"
            "    io_enabled_at_reset: true\n"
            "  ebus:\n"
            "    type: ebus\n"
            "    bus: "
         << ebus_bus
         << "\n"
            "    slot: "
         << ebus_slot
         << "\n"
            "  console: {type: uart16550, base: 0x1fe020003f8, output: none}\n";
    return file;
}

SessionOptions options(const std::string& config) {
    SessionOptions o;
    o.config = config;
    o.register_models = register_host;
    return o;
}

} // namespace

TEST_CASE("PCI functions go on the buses their machine file names") {
    const std::string file = write_machine("pci_machine.yaml", "simba_a");
    Session s(options(file));
    Platform& p = s.platform();
    PciBridge* bridge = nullptr;
    Ebus* ebus = nullptr;
    TestPciHost* host = nullptr;
    for (const auto& m : p.modules) {
        if (!bridge) bridge = dynamic_cast<PciBridge*>(m.get());
        if (!ebus) ebus = dynamic_cast<Ebus*>(m.get());
        if (!host) host = dynamic_cast<TestPciHost*>(m.get());
    }
    REQUIRE(bridge);
    REQUIRE(ebus);
    REQUIRE(host);
    CHECK(host->root.function_at(1, 1) == bridge);
    CHECK(bridge->secondary().function_at(1, 0) == ebus);
    bool console_on_ebus = false;
    for (const MappedTarget& t : p.memory_map)
        if (t.name == "console") console_on_ebus = t.on == "ebus";
    CHECK(console_on_ebus);

    sc_core::sc_start(sc_core::SC_ZERO_TIME);
    // The console through the host's I/O window, the bridge's reset window
    // and the ebus's subtractive decode: its scratch register at port 0x3ff.
    const uint8_t scratch = 0xa5;
    REQUIRE(p.host->write(0x1fe020003ff, &scratch, 1));
    uint8_t back = 0;
    REQUIRE(p.host->read(0x1fe020003ff, &back, 1));
    CHECK(back == 0xa5);
    // The ebus's vendor ID once firmware numbers the bridge's secondary bus 1.
    const uint8_t numbers[4] = {0, 1, 1, 0};
    REQUIRE(p.host->write(0x1fe01000000 + pci_config_address(0, 1, 1, 0x18), numbers, 4));
    uint8_t id[4] = {};
    REQUIRE(p.host->read(0x1fe01000000 + pci_config_address(1, 1, 0, 0), id, 4));
    CHECK(id[0] == 0x8e);
    CHECK(id[1] == 0x10);
    CHECK(id[2] == 0x00);
    CHECK(id[3] == 0x10);
    std::remove(file.c_str());
}

TEST_CASE("a bus naming no component is an error at the bus parameter") {
    const std::string file = write_machine("pci_misnamed.yaml", "simba_b");
    // `bus: simba_b` is on line 12 of the file, its value at column 10.
    CHECK_THAT(error_of(options(file)), Catch::Contains("pci_misnamed.yaml:12:10") &&
                                            Catch::Contains("ebus.bus") &&
                                            Catch::Contains("'simba_b' names no component"));
    std::remove(file.c_str());
}

TEST_CASE("a bus naming a component without a PCI bus is an error") {
    const std::string file = write_machine("pci_not_a_bus.yaml", "memory");
    CHECK_THAT(error_of(options(file)),
               Catch::Contains("pci_not_a_bus.yaml:12:10") &&
                   Catch::Contains("'memory' is a ram, which has no PCI bus"));
    std::remove(file.c_str());
}

TEST_CASE("a bad or taken slot is an error at the slot parameter") {
    const std::string file = write_machine("pci_slot.yaml", "pbm", "1.1");
    CHECK_THAT(error_of(options(file)), Catch::Contains("pci_slot.yaml:13:") &&
                                            Catch::Contains("ebus.slot") &&
                                            Catch::Contains("taken by 'simba_a'"));
    std::remove(file.c_str());
    {
        std::ofstream yaml("pci_bad_slot.yaml");
        yaml << "components:\n  pbm: {type: test_pci_host}\n"
                "  e: {type: ebus, bus: pbm, slot: 32.0}\n";
    }
    CHECK_THAT(error_of(options("pci_bad_slot.yaml")), Catch::Contains("pci_bad_slot.yaml:3:") &&
                                                           Catch::Contains("e.slot") &&
                                                           Catch::Contains("device.function"));
    std::remove("pci_bad_slot.yaml");
}
