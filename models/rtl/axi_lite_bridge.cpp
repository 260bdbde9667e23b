#include "axi_lite_bridge.h"

#include <sstream>
#include <stdexcept>
#include <vector>

namespace fireplane::rtl {

using sc_core::sc_time;

AxiLiteBridge::AxiLiteBridge(sc_core::sc_module_name name, const AxiLiteBridgeConfig& config)
    : sc_module(name), socket("socket"), config_(config), half_(config.period / 2) {
    if (config_.period == sc_core::SC_ZERO_TIME || half_ == sc_core::SC_ZERO_TIME)
        throw std::invalid_argument(std::string(this->name()) + ": the clock period is 0");
    if (config_.size == 0)
        throw std::invalid_argument(std::string(this->name()) + ": the register space is empty");
    socket.register_b_transport(this, &AxiLiteBridge::b_transport);
    socket.register_transport_dbg(this, &AxiLiteBridge::transport_dbg);
    SC_HAS_PROCESS(AxiLiteBridge);
    SC_THREAD(reset_block);
    if (config_.free_running) SC_THREAD(run_clock);
    stats_.add_counter("cycles", &cycles_, "RTL clock cycles run (the clock is stopped otherwise)");
    stats_.add_counter("transfers", &transfers_, "AXI4-Lite reads and writes");
    stats_.add_counter("errors", &errors_, "transfers the block answered with SLVERR or DECERR");
}

void AxiLiteBridge::reset_block() {
    pins.resetn.write(false);
    for (unsigned i = 0; i < config_.reset_cycles; ++i)
        cycle([] {});
    pins.resetn.write(true);
    in_reset_ = false;
    reset_done_.notify();
}

template <class Sample> void AxiLiteBridge::cycle(Sample&& before_edge) {
    if (config_.free_running) {
        wait(before_edge_); // the clock is about to rise: sample, then let it
        before_edge();
        wait(pins.clk.posedge_event());
        return;
    }
    wait(half_); // clock low: what the master drove and what the block answers settle
    before_edge();
    pins.clk.write(true);
    wait(half_);
    pins.clk.write(false);
    ++cycles_;
}

// Waiters sample the pins in the same evaluation as the notification, before
// the clock's new value is visible: the values the edge will see.
void AxiLiteBridge::run_clock() {
    for (;;) {
        wait(half_);
        before_edge_.notify();
        pins.clk.write(true);
        ++cycles_;
        wait(half_);
        pins.clk.write(false);
    }
}

template <class Sample>
void AxiLiteBridge::until(const char* channel, uint64_t address, Sample&& handshake) {
    for (unsigned waited = 0;; ++waited) {
        if (waited == config_.timeout_cycles) hung(channel, address);
        bool done = false;
        cycle([&] { done = handshake(); });
        if (done) return;
    }
}

void AxiLiteBridge::hung(const char* channel, uint64_t address) const {
    std::ostringstream m;
    m << name() << ": cycle " << cycles_ << ": no " << channel << " handshake for address 0x"
      << std::hex << address << std::dec << " within " << config_.timeout_cycles
      << " cycles: the block is hung";
    SC_REPORT_FATAL("rtl/axi_lite", m.str().c_str());
    throw std::logic_error(m.str()); // not reached: FATAL stops the simulation
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
    for (unsigned waited = 0; !aw || !w; ++waited) {
        if (waited == config_.timeout_cycles) hung(!aw ? "AW" : "W", address);
        bool aw_now = false, w_now = false;
        cycle([&] {
            aw_now = !aw && pins.awready.read();
            w_now = !w && pins.wready.read();
        });
        if (aw_now) aw = true, pins.awvalid.write(false);
        if (w_now) w = true, pins.wvalid.write(false);
    }
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
    const tlm::tlm_command cmd = gp.get_command();
    const uint64_t address = gp.get_address();
    const unsigned len = gp.get_data_length();
    if (cmd == tlm::TLM_IGNORE_COMMAND || len == 0) {
        gp.set_response_status(tlm::TLM_OK_RESPONSE);
        return;
    }
    if (address >= config_.size || len > config_.size - address) {
        gp.set_response_status(tlm::TLM_ADDRESS_ERROR_RESPONSE);
        return;
    }
    const unsigned lane0 = unsigned(address % 4);
    if (gp.get_streaming_width() < len || (lane0 + len > 4 && (lane0 != 0 || len % 4 != 0))) {
        gp.set_response_status(tlm::TLM_BURST_ERROR_RESPONSE);
        return;
    }
    // The words the access touches.
    std::vector<Word> words;
    for (size_t off = 0; off < len;) {
        const uint64_t a = address + off;
        const unsigned first = unsigned(a % 4);
        const unsigned n = std::min<unsigned>(4 - first, unsigned(len - off));
        words.push_back({a - first, first, n, off});
        off += n;
    }

    wait(delay); // the caller's local time first: the block sees the access when it happens
    delay = sc_core::SC_ZERO_TIME;
    if (in_reset_) wait(reset_done_);
    busy_.lock();
    uint8_t* data = gp.get_data_ptr();
    const uint8_t* be = gp.get_byte_enable_ptr();
    const unsigned be_len = gp.get_byte_enable_length();
    auto enabled = [&](size_t k) { return !be || be[k % be_len] == TLM_BYTE_ENABLED; };
    tlm::tlm_response_status status = tlm::TLM_OK_RESPONSE;
    for (const Word& w : words) {
        uint32_t resp;
        if (gp.is_write()) {
            uint32_t value = 0, strobes = 0;
            for (unsigned i = 0; i < w.lanes; ++i) {
                if (!enabled(w.offset + i)) continue;
                const unsigned lane = w.first_lane + i;
                value |= uint32_t(data[w.offset + i]) << (8 * lane);
                strobes |= 1u << lane;
            }
            if (strobes == 0) continue; // nothing of this word is written
            resp = write_word(w.address, value, strobes);
        } else {
            uint32_t value = 0;
            resp = read_word(w.address, value);
            if (resp == kOkay)
                for (unsigned i = 0; i < w.lanes; ++i)
                    if (enabled(w.offset + i))
                        data[w.offset + i] = uint8_t(value >> (8 * (w.first_lane + i)));
        }
        ++transfers_;
        if (resp != kOkay) {
            ++errors_;
            status =
                resp == kDecErr ? tlm::TLM_ADDRESS_ERROR_RESPONSE : tlm::TLM_GENERIC_ERROR_RESPONSE;
            break;
        }
    }
    busy_.unlock();
    gp.set_response_status(status);
}

} // namespace fireplane::rtl
