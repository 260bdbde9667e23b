#include "register_firelink.h"

#include "core/factory/param_table.h"
#include "firelink_monitor.h"

#include <memory>
#include <optional>

namespace fireplane {

namespace {
const ParamTable<firelink::FirelinkMonitorConfig>& monitor_params() {
    using C = firelink::FirelinkMonitorConfig;
    static const auto table =
        ParamTable<C>()
            .address("base", &C::base,
                     "physical address of its 4 KiB register window (inside the I/O bridge's)")
            .required()
            .count("agent_id", &C::agent_id, 24, 31, "Safari agent ID (24-31)")
            .rule([](const C& c) -> std::optional<ConfigProblem> {
                if (c.base % firelink::kWindowSize != 0)
                    return ConfigProblem{"base", "the register window must be 4 KiB aligned"};
                return std::nullopt;
            });
    return table;
}
} // namespace

void register_firelink_models(ModelFactory& factory) {
    factory.add({"firelink_monitor",
                 "Fire Link performance monitor: watches every address-bus transaction, two "
                 "filtered counter sets and an 8-entry transaction sequence buffer, behind "
                 "memory-mapped registers (detailed model)",
                 monitor_params().specs(),
                 [](const char* name, const Params& p) -> std::unique_ptr<sc_core::sc_module> {
                     return std::make_unique<firelink::FirelinkMonitor>(name,
                                                                        monitor_params().read(p));
                 }});
}

} // namespace fireplane
