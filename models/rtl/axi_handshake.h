#pragma once
// What both AXI checkers (AXI4-Lite, AXI4) share: a channel sampled at a
// rising edge, the table row that names it, and the handshake rule of the
// AXI specification's section A3.2: once VALID is high it stays high, with
// the same payload, until READY.
#include <cstdint>

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

// Checks the handshake rule from `before` (the previous edge) to `now`; a
// broken rule goes to report(signal, rule), naming the row's signals.
template <class Pins, class Report>
void check_handshake(const ChannelInfo<Pins>& row, const ChannelSample& before,
                     const ChannelSample& now, Report&& report) {
    if (!before.valid || before.ready) return; // VALID was not waiting for READY
    if (!now.valid)
        report(row.valid, "VALID dropped before READY");
    else if (now.payload != before.payload || now.extra != before.extra)
        report(row.payload, "changed while VALID waited for READY");
}

} // namespace fireplane::rtl
