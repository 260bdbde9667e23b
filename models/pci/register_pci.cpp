#include "register_pci.h"

#include "ebus.h"
#include "pci_bridge.h"

#include "core/factory/model_factory.h"
#include "core/factory/param_table.h"

#include <memory>
#include <optional>

namespace fireplane {

namespace {

const ParamTable<PciBridgeConfig>& bridge_params() {
    using C = PciBridgeConfig;
    static const auto table =
        ParamTable<C>()
            .nest("", &C::placement, pci_placement_params())
            .count("vendor", &C::vendor, 0, 0xffff, "vendor ID (0x108e: Sun)")
            .count("device", &C::device, 0, 0xffff, "device ID (0x5000: Simba)")
            .count("revision", &C::revision, 0, 0xff, "revision ID")
            .flag("multifunction", &C::multifunction,
                  "header type's multi-function bit: set on function 0 of a device with "
                  "more functions")
            .flag("memory_enabled_at_reset", &C::memory_enabled_at_reset,
                  "command register's memory enable at reset (the Simba's boot pin sets it)")
            .flag("io_enabled_at_reset", &C::io_enabled_at_reset,
                  "command register's I/O enable at reset (sun4u: the Simba carrying the ebus, "
                  "so the early console works)")
            .time("latency", &C::latency, false, "added to every cycle crossing the secondary bus");
    return table;
}

const ParamTable<EbusConfig>& ebus_params() {
    using C = EbusConfig;
    static const auto table =
        ParamTable<C>()
            .nest("", &C::placement, pci_placement_params())
            .address("isa_base", &C::isa_base,
                     "physical address of ISA port 0 (through the host bridge's I/O window): "
                     "devices mapped at isa_base + port sit on the ebus")
            .bytes("size", &C::size, 1, ParamTable<C>::kNoMax, "bytes of ISA port space")
            .flag("multifunction", &C::multifunction,
                  "header type's multi-function bit: set on function 0 of a device with "
                  "more functions")
            .rule([](const C& c) -> std::optional<ConfigProblem> {
                if (c.isa_base + (c.size - 1) < c.isa_base)
                    return ConfigProblem{"size", "isa_base + size wraps around"};
                return std::nullopt;
            });
    return table;
}

} // namespace

void register_pci_models(ModelFactory& factory) {
    factory.add(model_type<PciBridge>(
        "pci_bridge",
        "PCI-to-PCI bridge (type 1 header; default the Simba 108e:5000): forwards "
        "configuration cycles and its I/O and memory windows to its secondary bus",
        bridge_params()));
    factory.add(model_type<Ebus>(
        "ebus",
        "Sun ebus (108e:1000): BAR0 memory and BAR1 I/O into its ISA space, and the "
        "legacy ports of its bus by subtractive decode; devices map on it",
        ebus_params()));
}

} // namespace fireplane
