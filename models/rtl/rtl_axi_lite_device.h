#pragma once
// RtlAxiLiteDevice<Block>: a Verilated AXI4-Lite block as a platform device:
// the block, the bridge in front of its pins and a checker on them, in one
// module that takes the bridge's place on the bus (BusTarget). Block is the
// class fireplane_add_rtl() made; its ports are clk, resetn and s_axi_*.
#include "axi_lite_bridge.h"
#include "axi_lite_checker.h"

#include <systemc>

namespace fireplane::rtl {

template <class Block> class RtlAxiLiteDevice : public sc_core::sc_module, public BusTarget {
public:
    RtlAxiLiteDevice(sc_core::sc_module_name name, const AxiLiteBridgeConfig& config)
        : sc_module(name), bridge("bridge", config), block("block"),
          checker("checker", bridge.pins) {
        bridge.pins.bind_slave(block);
    }

    TargetPort& bus_target() override { return bridge.bus_target(); }
    AddressRange bus_range() const override { return bridge.bus_range(); }

    AxiLiteBridge bridge;
    Block block;
    AxiLiteChecker checker;
};

} // namespace fireplane::rtl
