#include "register_rtl.h"

#include "models/rtl/twins/dma_checksum_model.h"

#include "core/factory/model_factory.h"
#include "core/factory/param_table.h"

#include "rtl_axil_regs_type.h"
#include "rtl_dma_checksum_type.h"
#include "rtl_firelink_counters_type.h"

namespace fireplane {

namespace {

const ParamTable<rtl::DmaChecksumConfig>& dma_checksum_params() {
    using C = rtl::DmaChecksumConfig;
    static const auto table =
        ParamTable<C>()
            .address("base", &C::base, "physical address of the registers")
            .required()
            .count("interrupt", &C::interrupt, 0, kMaxInterruptNumber,
                   "interrupt number (INO) of its completion interrupt; 0: not connected");
    return table;
}

} // namespace

void register_rtl_models(ModelFactory& factory) {
    fireplane_register_rtl_axil_regs(factory);
    fireplane_register_rtl_dma_checksum(factory);
    fireplane_register_rtl_firelink_counters(factory);
    factory.add(model_type<rtl::DmaChecksumModel>(
        "dma_checksum",
        "TLM twin of rtl_dma_checksum: the same registers and function, untimed (the "
        "operation completes at START)",
        dma_checksum_params()));
}

} // namespace fireplane
