#pragma once
// The pins of an AXI4 master interface (AMBA AXI and ACE Protocol
// Specification, part A), 64-bit address and data, as the bridge to the
// platform (AxiMasterBridge) sees them: the signals a DMA engine needs (no
// IDs, cache, protection, QoS or locks). One table, FIREPLANE_AXI4_PINS:
// the signals, bind_master() (a Verilated block whose ports carry AXI's
// names with the prefix m_axi_) and each_pin() (waveforms) come from it.
#include "axi_lite.h"

namespace fireplane::rtl {

// AxBURST values.
enum AxiBurst : uint32_t { kBurstFixed = 0, kBurstIncr = 1, kBurstWrap = 2 };

// clang-format off
#define FIREPLANE_AXI4_PINS(X)                                                       \
    X(awaddr, 64) X(awlen, 8) X(awsize, 3) X(awburst, 2) X(awvalid, 1) X(awready, 1) \
    X(wdata, 64) X(wstrb, 8) X(wlast, 1) X(wvalid, 1) X(wready, 1)                  \
    X(bresp, 2) X(bvalid, 1) X(bready, 1)                                           \
    X(araddr, 64) X(arlen, 8) X(arsize, 3) X(arburst, 2) X(arvalid, 1) X(arready, 1) \
    X(rdata, 64) X(rresp, 2) X(rlast, 1) X(rvalid, 1) X(rready, 1)
// clang-format on

// The signals are named axi4_<pin> inside the module that owns them.
struct Axi4Pins {
#define FIREPLANE_AXI4_PIN(name, width) PinOf<width> name{"axi4_" #name};
    FIREPLANE_AXI4_PINS(FIREPLANE_AXI4_PIN)
#undef FIREPLANE_AXI4_PIN

    template <class Visit> void each_pin(Visit&& visit) const {
#define FIREPLANE_AXI4_VISIT(name, width) visit("m_" #name, width, name);
        FIREPLANE_AXI4_PINS(FIREPLANE_AXI4_VISIT)
#undef FIREPLANE_AXI4_VISIT
    }

    template <class Block> void bind_master(Block& b) {
#define FIREPLANE_AXI4_BIND(name, width) b.m_axi_##name(name);
        FIREPLANE_AXI4_PINS(FIREPLANE_AXI4_BIND)
#undef FIREPLANE_AXI4_BIND
    }
};

} // namespace fireplane::rtl
