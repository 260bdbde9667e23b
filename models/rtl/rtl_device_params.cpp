#include "rtl_device_type.h"

#include "core/factory/config_problem.h"

#include "models/common/interrupts.h"

#include <optional>

namespace fireplane::rtl {

using C = RtlDeviceConfig;
using R = AxiLiteBridgeConfig;
using K = RtlClockConfig;
using M = AxiMasterBridgeConfig;

ParamTable<C> rtl_common_params() {
    return ParamTable<C>()
        .address("base", field(&C::registers, &R::base),
                 "physical address of the block's registers")
        .required()
        .bytes("size", field(&C::registers, &R::size), 4, uint64_t(1) << 32,
               "bytes of register space")
        .time("period", field(&C::clock, &K::period), true,
              "the block's clock period (one RTL cycle)")
        .count("reset_cycles", field(&C::clock, &K::reset_cycles), 1, 1000,
               "cycles of reset (resetn low) at start-up")
        .count("timeout_cycles", field(&C::registers, &R::timeout_cycles), 1, 1000000,
               "cycles a channel may wait for the block before it counts as hung")
        .flag("free_running", field(&C::clock, &K::free_running),
              "the clock runs while the block is idle too; otherwise it ticks only while a "
              "bridge or the block (its busy output) needs it")
        .rule([](const C& c) -> std::optional<ConfigProblem> {
            if (c.registers.base % 4 != 0) return ConfigProblem{"base", "must be 4-byte aligned"};
            if (c.clock.period < sc_core::sc_time(2, sc_core::SC_PS))
                return ConfigProblem{"period", "must be at least 2 ps (two half cycles)"};
            return range_wraps(c.registers.base, c.registers.size, "base");
        });
}

void add_interrupt_param(ParamTable<C>& table) {
    table.count("interrupt", &C::interrupt, 0, kMaxInterruptNumber,
                "interrupt number (INO) of the block's irq output; 0: not connected");
}

void add_master_params(ParamTable<C>& table) {
    table.count("agent_id", field(&C::master, &M::agent_id), 24, 1023,
                "Safari agent ID of the block's DMA on the Fireplane (I/O agents: 24-31)");
}

} // namespace fireplane::rtl
