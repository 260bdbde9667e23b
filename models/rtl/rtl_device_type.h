#pragma once
// A Verilated block as a model type for machine files: an instance is
// RtlDevice<Block>, its parameters are those of the parts the block's ports
// ask for (rtl_device_params<Block>()).
//
//   add_rtl_device<Vmy_block>(factory, "rtl_myblock", "what it is");
#include "rtl_device.h"

#include "core/factory/model_factory.h"
#include "core/factory/param_table.h"

namespace fireplane::rtl {

// The parameters every block has: the register window, the clock, the timeout.
ParamTable<RtlDeviceConfig> rtl_common_params();
void add_interrupt_param(ParamTable<RtlDeviceConfig>& table);
void add_master_params(ParamTable<RtlDeviceConfig>& table);

template <class Block> const ParamTable<RtlDeviceConfig>& rtl_device_params() {
    static const ParamTable<RtlDeviceConfig> table = [] {
        ParamTable<RtlDeviceConfig> t = rtl_common_params();
        if constexpr (HasIrq<Block>::value) add_interrupt_param(t);
        if constexpr (HasAxiMaster<Block>::value) add_master_params(t);
        return t;
    }();
    return table;
}

template <class Block>
void add_rtl_device(ModelFactory& factory, const char* type, const char* description) {
    factory.add(model_type<RtlDevice<Block>>(type, description, rtl_device_params<Block>()));
}

} // namespace fireplane::rtl
