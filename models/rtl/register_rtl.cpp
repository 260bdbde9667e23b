#include "register_rtl.h"

#include "axi_lite_model_type.h"

#include "Vaxil_regs.h"

namespace fireplane {

void register_rtl_models(ModelFactory& factory) {
    rtl::add_axi_lite_block<Vaxil_regs>(
        factory, "rtl_axil_regs",
        "RTL (Verilated models/rtl/blocks/axil_regs.sv): 16 32-bit registers behind an "
        "AXI4-Lite bridge, byte strobes, a read-only ID (0xf1be0001) at 0x3c; little-endian "
        "lanes");
}

} // namespace fireplane
