#pragma once
// The pins of an AXI4-Lite interface (AMBA AXI and ACE Protocol
// Specification, part B: AXI4-Lite), 32-bit data, as SystemC signals typed
// the way Verilator types a block's ports (1 bit: bool; 2 to 32 bits:
// uint32_t), plus the block's clock and active-low reset. bind_slave()
// connects a Verilated block whose ports carry AXI's names with the prefix
// s_axi_ (s_axi_awaddr, s_axi_awvalid, ...), its clock `clk` and reset `resetn`.
#include <systemc>

#include <cstdint>
#include <string>

namespace fireplane::rtl {

// xRESP values. AXI4-Lite has no exclusive access, so EXOKAY is a protocol error.
enum AxiResp : uint32_t { kOkay = 0, kExOkay = 1, kSlvErr = 2, kDecErr = 3 };
const char* axi_resp_name(uint32_t resp);

// The bridge drives its pins from whichever process makes the access (and
// from its reset thread), so the signals allow several writers.
template <class T> using Pin = sc_core::sc_signal<T, sc_core::SC_MANY_WRITERS>;

struct AxiLitePins {
    explicit AxiLitePins(const std::string& prefix);

    Pin<bool> clk, resetn;
    // Write address, write data and write response channels.
    Pin<uint32_t> awaddr, awprot;
    Pin<bool> awvalid, awready;
    Pin<uint32_t> wdata, wstrb;
    Pin<bool> wvalid, wready;
    Pin<uint32_t> bresp;
    Pin<bool> bvalid, bready;
    // Read address and read data channels.
    Pin<uint32_t> araddr, arprot;
    Pin<bool> arvalid, arready;
    Pin<uint32_t> rdata, rresp;
    Pin<bool> rvalid, rready;

    // Every pin with its AXI name and width, for waveforms: `bit(name, signal)`
    // for the 1-bit ones, `word(name, width, signal)` for the others.
    template <class Bit, class Word> void each_pin(Bit&& bit, Word&& word) const {
        bit("clk", clk);
        bit("resetn", resetn);
        word("awaddr", 32, awaddr);
        word("awprot", 3, awprot);
        bit("awvalid", awvalid);
        bit("awready", awready);
        word("wdata", 32, wdata);
        word("wstrb", 4, wstrb);
        bit("wvalid", wvalid);
        bit("wready", wready);
        word("bresp", 2, bresp);
        bit("bvalid", bvalid);
        bit("bready", bready);
        word("araddr", 32, araddr);
        word("arprot", 3, arprot);
        bit("arvalid", arvalid);
        bit("arready", arready);
        word("rdata", 32, rdata);
        word("rresp", 2, rresp);
        bit("rvalid", rvalid);
        bit("rready", rready);
    }

    template <class Block> void bind_slave(Block& b) {
        b.clk(clk);
        b.resetn(resetn);
        b.s_axi_awaddr(awaddr);
        b.s_axi_awprot(awprot);
        b.s_axi_awvalid(awvalid);
        b.s_axi_awready(awready);
        b.s_axi_wdata(wdata);
        b.s_axi_wstrb(wstrb);
        b.s_axi_wvalid(wvalid);
        b.s_axi_wready(wready);
        b.s_axi_bresp(bresp);
        b.s_axi_bvalid(bvalid);
        b.s_axi_bready(bready);
        b.s_axi_araddr(araddr);
        b.s_axi_arprot(arprot);
        b.s_axi_arvalid(arvalid);
        b.s_axi_arready(arready);
        b.s_axi_rdata(rdata);
        b.s_axi_rresp(rresp);
        b.s_axi_rvalid(rvalid);
        b.s_axi_rready(rready);
    }
};

} // namespace fireplane::rtl
