#include "register_rtl.h"

#include "rtl_axi_lite_device.h"

#include "Vaxil_regs.h"

#include "core/factory/config_problem.h"
#include "core/factory/model_factory.h"
#include "core/factory/param_table.h"

#include <memory>
#include <optional>

namespace fireplane {

namespace {

const ParamTable<rtl::AxiLiteBridgeConfig>& axi_lite_params() {
    using C = rtl::AxiLiteBridgeConfig;
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

template <class Block>
void add_axi_lite_block(ModelFactory& factory, const char* type, const char* description) {
    factory.add({type, description, axi_lite_params().specs(),
                 [](const char* name, const Params& p) -> std::unique_ptr<sc_core::sc_module> {
                     return std::make_unique<rtl::RtlAxiLiteDevice<Block>>(
                         name, axi_lite_params().read(p));
                 }});
}

} // namespace

void register_rtl_models(ModelFactory& factory) {
    add_axi_lite_block<Vaxil_regs>(
        factory, "rtl_axil_regs",
        "RTL (Verilated models/rtl/blocks/axil_regs.sv): 16 32-bit registers behind an "
        "AXI4-Lite bridge, byte strobes, a read-only ID (0xf1be0001) at 0x3c; little-endian "
        "lanes");
}

} // namespace fireplane
