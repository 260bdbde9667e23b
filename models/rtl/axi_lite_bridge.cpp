#include "axi_lite_bridge.h"

#include "axi_lite_words.h"

#include "core/text/hex_text.h"

#include <stdexcept>
#include <vector>

namespace fireplane::rtl {

using sc_core::sc_time;

AxiLiteBridge::AxiLiteBridge(sc_core::sc_module_name name, const AxiLiteBridgeConfig& config,
                             RtlClock& clock)
    : sc_module(name), socket("socket"), config_(config), clock_(clock) {
    if (config_.size == 0)
        throw std::invalid_argument(std::string(this->name()) + ": the register space is empty");
    socket.register_b_transport(this, &AxiLiteBridge::b_transport);
    socket.register_transport_dbg(this, &AxiLiteBridge::transport_dbg);
    stats_.add_counter("transfers", &transfers_, "AXI4-Lite reads and writes");
    stats_.add_counter("errors", &errors_, "transfers the block answered with SLVERR or DECERR");
}

template <class Handshake>
void AxiLiteBridge::until(const char* channel, uint64_t address, Handshake&& handshake) {
    clock_.await(*this, channel, config_.timeout_cycles, handshake,
                 [address] { return " for address " + hex(address); });
}

// AW and W go out together and may complete in either order; BREADY is high
// throughout, which AXI allows.
uint32_t AxiLiteBridge::write_word(uint64_t address, uint32_t data, uint32_t strobes) {
    pins.awaddr.write(uint32_t(address));
    pins.awprot.write(0);
    pins.awvalid.write(true);
    pins.wdata.write(data);
    pins.wstrb.write(strobes);
    pins.wvalid.write(true);
    pins.bready.write(true);
    bool aw = false, w = false;
    const auto both_taken = [&] {
        if (!aw && pins.awready.read()) aw = true, pins.awvalid.write(false);
        if (!w && pins.wready.read()) w = true, pins.wvalid.write(false);
        return aw && w;
    };
    until("AW and W", address, both_taken);
    uint32_t resp = kOkay;
    until("B", address, [&] {
        resp = pins.bresp.read();
        return pins.bvalid.read();
    });
    pins.bready.write(false);
    return resp;
}

uint32_t AxiLiteBridge::read_word(uint64_t address, uint32_t& data) {
    pins.araddr.write(uint32_t(address));
    pins.arprot.write(0);
    pins.arvalid.write(true);
    pins.rready.write(true);
    until("AR", address, [&] { return pins.arready.read(); });
    pins.arvalid.write(false);
    uint32_t resp = kOkay;
    until("R", address, [&] {
        data = pins.rdata.read();
        resp = pins.rresp.read();
        return pins.rvalid.read();
    });
    pins.rready.write(false);
    return resp;
}

void AxiLiteBridge::b_transport(tlm::tlm_generic_payload& gp, sc_time& delay) {
    std::vector<AxiLiteWord> words;
    const tlm::tlm_response_status checked = split_words(gp, config_.size, words);
    if (checked != tlm::TLM_OK_RESPONSE || words.empty()) {
        gp.set_response_status(checked);
        return;
    }
    wait(delay); // the caller's local time first: the block sees the access when it happens
    delay = sc_core::SC_ZERO_TIME;
    clock_.wait_reset();
    if (before_access_) before_access_();
    busy_.lock();
    clock_.hold();
    auto counted = [this](uint32_t resp) {
        ++transfers_;
        if (resp != kOkay) ++errors_;
        return resp;
    };
    const tlm::tlm_response_status status = run_words(
        gp, words,
        [&](uint64_t a, uint32_t value, uint32_t strobes) {
            return counted(write_word(a, value, strobes));
        },
        [&](uint64_t a, uint32_t& value) { return counted(read_word(a, value)); });
    clock_.release();
    busy_.unlock();
    gp.set_response_status(status);
}

} // namespace fireplane::rtl
