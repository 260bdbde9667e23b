#pragma once
// A Verilated AXI4-Lite block as a model type for machine files: its
// parameters are the bridge's (base, size, period, reset_cycles,
// timeout_cycles, free_running), and an instance is RtlAxiLiteDevice<Block>.
//
//   add_axi_lite_block<Vmy_block>(factory, "rtl_myblock", "what it is");
#include "rtl_axi_lite_device.h"

#include "core/factory/model_factory.h"
#include "core/factory/param_table.h"

namespace fireplane::rtl {

// The bridge's parameters, with their rules.
const ParamTable<AxiLiteBridgeConfig>& axi_lite_params();

template <class Block>
void add_axi_lite_block(ModelFactory& factory, const char* type, const char* description) {
    factory.add(model_type<RtlAxiLiteDevice<Block>>(type, description, axi_lite_params()));
}

} // namespace fireplane::rtl
