#include "axi_lite_model_type.h"

#include "core/factory/config_problem.h"

#include <optional>

namespace fireplane::rtl {

const ParamTable<AxiLiteBridgeConfig>& axi_lite_params() {
    using C = AxiLiteBridgeConfig;
    static const auto table =
        ParamTable<C>()
            .address("base", &C::base, "physical address of the block's registers")
            .required()
            .bytes("size", &C::size, 4, uint64_t(1) << 32, "bytes of register space")
            .time("period", &C::period, true, "the block's clock period (one RTL cycle)")
            .count("reset_cycles", &C::reset_cycles, 1, 1000,
                   "cycles of reset (resetn low) at start-up")
            .count("timeout_cycles", &C::timeout_cycles, 1, 1000000,
                   "cycles a channel may wait for the block before it counts as hung")
            .flag("free_running", &C::free_running,
                  "the clock runs while the block is idle too (blocks with activity of their "
                  "own); otherwise it ticks only during transfers")
            .rule([](const C& c) -> std::optional<ConfigProblem> {
                if (c.base % 4 != 0) return ConfigProblem{"base", "must be 4-byte aligned"};
                if (c.period < sc_core::sc_time(2, sc_core::SC_PS))
                    return ConfigProblem{"period", "must be at least 2 ps (two half cycles)"};
                return range_wraps(c.base, c.size, "base");
            });
    return table;
}

} // namespace fireplane::rtl
