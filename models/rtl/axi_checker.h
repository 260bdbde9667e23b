#pragma once
// What both AXI checkers (AXI4-Lite, AXI4) share: AxiChecker, the module
// that runs a check at every rising edge of the block's clock and reports
// each broken rule as "<checker>: cycle N: SIGNAL: rule" (SC_REPORT_ERROR of
// the checker's type: by SystemC's default an exception, so a broken block
// stops the run loudly); a channel sampled at an edge, the table row that
// names it, and the handshake rule of the AXI specification's section A3.2:
// once VALID is high it stays high, with the same payload, until READY.
#include "rtl_clock.h"

#include <systemc>

#include <algorithm>
#include <cstdint>
#include <iterator>
#include <string>

namespace fireplane::rtl {

enum AxiChannel { kAw, kW, kB, kAr, kR, kAxiChannels };

struct ChannelSample {
    bool valid = false, ready = false;
    uint64_t payload = 0, extra = 0; // the channel's payload, packed so that any change shows
};

// A row of a checker's channel table: the signal names its reports use, and
// how to sample the channel from the interface's pins.
template <class Pins> struct ChannelInfo {
    const char* valid;
    const char* payload;
    ChannelSample (*sample)(const Pins&);
};

class AxiChecker : public sc_core::sc_module {
public:
    uint64_t violations() const { return violations_; }
    const std::string& first_violation() const { return first_; }
    uint64_t edges() const { return edges_; } // rising edges seen

protected:
    AxiChecker(sc_core::sc_module_name name, const RtlClock& clock, const char* report_type);
    // One rising edge: the pins as the edge samples them; `in_reset` while resetn is low.
    virtual void check_edge(bool in_reset) = 0;
    void report(const char* signal, const char* rule);

    // Samples every channel of `table` into `now` and checks the handshake
    // rule against the previous edge's samples (none after a reset).
    template <class Pins>
    void sample(const ChannelInfo<Pins> (&table)[kAxiChannels], const Pins& pins,
                ChannelSample (&now)[kAxiChannels]) {
        for (int c = 0; c < kAxiChannels; ++c) {
            now[c] = table[c].sample(pins);
            const ChannelSample& before = last_[c];
            if (!before.valid || before.ready) continue; // VALID was not waiting for READY
            if (!now[c].valid)
                report(table[c].valid, "VALID dropped before READY");
            else if (now[c].payload != before.payload || now[c].extra != before.extra)
                report(table[c].payload, "changed while VALID waited for READY");
        }
        std::copy(std::begin(now), std::end(now), std::begin(last_));
    }

private:
    void on_edge();

    ChannelSample last_[kAxiChannels]; // AW, W, B, AR, R at the previous edge
    const RtlClock& clock_;
    const char* report_type_;
    uint64_t edges_ = 0, violations_ = 0;
    std::string first_;
};

} // namespace fireplane::rtl
