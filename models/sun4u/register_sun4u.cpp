#include "register_sun4u.h"

#include "core/factory/param_table.h"
#include "sabre.h"

#include <memory>
#include <optional>

namespace fireplane {

namespace {

const ParamTable<SabreConfig>& sabre_params() {
    using C = SabreConfig;
    static const auto table =
        ParamTable<C>()
            .address("base", &C::base,
                     "physical address of its registers; PCI configuration space at +16 MiB, "
                     "PCI I/O space at +32 MiB")
            .address("memory_base", &C::memory_base, "physical address of the PCI memory space")
            .bytes("memory_size", &C::memory_size, 1, uint64_t(1) << 32,
                   "bytes of the PCI memory space")
            .count("agent_id", &C::agent_id, 0, 31,
                   "its port ID: the interrupt group (IGN) of its INRs and the source of its "
                   "interrupt vectors")
            .time("latency", &C::latency, false, "added to every access through the bridge")
            .time("interrupt_retry", &C::interrupt_retry, true,
                  "wait before a NACKed interrupt vector is sent again")
            .rule([](const C& c) -> std::optional<ConfigProblem> {
                if (c.base % Sabre::kRegisterBytes != 0)
                    return ConfigProblem{"base", "the register block must be 64 KiB aligned"};
                if (c.memory_base < c.base + Sabre::kIoOffset + Sabre::kSpaceBytes)
                    return ConfigProblem{"memory_base",
                                         "the PCI memory space must lie above the I/O space"};
                return std::nullopt;
            });
    return table;
}

} // namespace

void register_sun4u_device_models(ModelFactory& factory) {
    factory.add({"sabre",
                 "Sabre PCI host bridge (sun4u): registers, IOMMU registers, interrupt mapping "
                 "sent as INT transactions, PCI configuration, I/O and memory spaces on its root "
                 "bus",
                 sabre_params().specs(),
                 [](const char* name, const Params& p) -> std::unique_ptr<sc_core::sc_module> {
                     try {
                         return std::make_unique<Sabre>(name, sabre_params().read(p));
                     } catch (const std::invalid_argument& e) {
                         p.fail("memory_base", e.what());
                     }
                 }});
}

} // namespace fireplane
