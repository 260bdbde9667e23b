#pragma once
// The pins of an AXI4-Lite interface (AMBA AXI and ACE Protocol
// Specification, part B: AXI4-Lite), 32-bit data, as SystemC signals typed
// the way Verilator types a block's ports (1 bit: bool; 2 to 32 bits:
// uint32_t; 33 to 64: uint64_t). The pins are one table,
// FIREPLANE_AXI_LITE_PINS: the signals, bind_slave() (a Verilated block whose
// ports carry AXI's names with the prefix s_axi_) and each_pin() (waveforms)
// all come from it. The clock and reset are RtlClock's.
#include <systemc>

#include <cstdint>
#include <type_traits>

namespace fireplane::rtl {

// xRESP values. AXI4-Lite has no exclusive access, so EXOKAY is a protocol error.
enum AxiResp : uint32_t { kOkay = 0, kExOkay = 1, kSlvErr = 2, kDecErr = 3 };

// The bridge drives its pins from whichever process makes the access (and
// from its reset thread), so the signals allow several writers.
template <class T> using Pin = sc_core::sc_signal<T, sc_core::SC_MANY_WRITERS>;
template <unsigned Width>
using PinOf = Pin<
    std::conditional_t<Width == 1, bool, std::conditional_t<(Width <= 32), uint32_t, uint64_t>>>;

// X(name, width) for every AXI4-Lite signal, channel by channel.
// clang-format off
#define FIREPLANE_AXI_LITE_PINS(X)                                                   \
    X(awaddr, 32) X(awprot, 3) X(awvalid, 1) X(awready, 1)                          \
    X(wdata, 32) X(wstrb, 4) X(wvalid, 1) X(wready, 1)                              \
    X(bresp, 2) X(bvalid, 1) X(bready, 1)                                           \
    X(araddr, 32) X(arprot, 3) X(arvalid, 1) X(arready, 1)                          \
    X(rdata, 32) X(rresp, 2) X(rvalid, 1) X(rready, 1)
// clang-format on

// The signals are named axi_<pin> inside the module that owns them.
struct AxiLitePins {
#define FIREPLANE_AXI_LITE_PIN(name, width) PinOf<width> name{"axi_" #name};
    FIREPLANE_AXI_LITE_PINS(FIREPLANE_AXI_LITE_PIN)
#undef FIREPLANE_AXI_LITE_PIN

    // visit(name, width, signal) for every pin.
    template <class Visit> void each_pin(Visit&& visit) const {
#define FIREPLANE_AXI_LITE_VISIT(name, width) visit(#name, width, name);
        FIREPLANE_AXI_LITE_PINS(FIREPLANE_AXI_LITE_VISIT)
#undef FIREPLANE_AXI_LITE_VISIT
    }

    template <class Block> void bind_slave(Block& b) {
#define FIREPLANE_AXI_LITE_BIND(name, width) b.s_axi_##name(name);
        FIREPLANE_AXI_LITE_PINS(FIREPLANE_AXI_LITE_BIND)
#undef FIREPLANE_AXI_LITE_BIND
    }
};

} // namespace fireplane::rtl
