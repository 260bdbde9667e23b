#include "axi4_checker.h"

#include <algorithm>

namespace fireplane::rtl {

namespace {

// Each channel's VALID, READY and payload (packed so that any change shows).
const ChannelInfo<Axi4Pins> kChannelTable[kAxiChannels] = {
    {"AWVALID", "AWADDR/AWLEN/AWSIZE/AWBURST",
     [](const Axi4Pins& p) {
         return ChannelSample{p.awvalid.read(), p.awready.read(), p.awaddr.read(),
                              uint64_t(p.awlen.read()) << 8 | p.awsize.read() << 2 |
                                  p.awburst.read()};
     }},
    {"WVALID", "WDATA/WSTRB/WLAST",
     [](const Axi4Pins& p) {
         return ChannelSample{p.wvalid.read(), p.wready.read(), p.wdata.read(),
                              uint64_t(p.wstrb.read()) << 1 | p.wlast.read()};
     }},
    {"BVALID", "BRESP",
     [](const Axi4Pins& p) {
         return ChannelSample{p.bvalid.read(), p.bready.read(), p.bresp.read(), 0};
     }},
    {"ARVALID", "ARADDR/ARLEN/ARSIZE/ARBURST",
     [](const Axi4Pins& p) {
         return ChannelSample{p.arvalid.read(), p.arready.read(), p.araddr.read(),
                              uint64_t(p.arlen.read()) << 8 | p.arsize.read() << 2 |
                                  p.arburst.read()};
     }},
    {"RVALID", "RDATA/RRESP/RLAST",
     [](const Axi4Pins& p) {
         return ChannelSample{p.rvalid.read(), p.rready.read(), p.rdata.read(),
                              uint64_t(p.rresp.read()) << 1 | p.rlast.read()};
     }},
};

} // namespace

Axi4Checker::Axi4Checker(sc_core::sc_module_name name, const Axi4Pins& pins, const RtlClock& clock)
    : AxiChecker(name, clock, "rtl/axi4_checker"), pins_(pins) {}

void Axi4Checker::check_burst(const char* channel, uint64_t address, unsigned len, unsigned size,
                              unsigned burst) {
    const unsigned beats = len + 1, bytes = 1u << size;
    if (size > 3) report(channel, "beats wider than the 64-bit data bus");
    if (burst == 3) report(channel, "the reserved burst type 3");
    if (burst == kBurstWrap && beats != 2 && beats != 4 && beats != 8 && beats != 16)
        report(channel, "a WRAP burst of other than 2, 4, 8 or 16 beats");
    if (burst == kBurstIncr) {
        const uint64_t first = address & ~uint64_t(bytes - 1);
        if (first / 4096 != (first + uint64_t(beats) * bytes - 1) / 4096)
            report(channel, "a burst that crosses a 4 KiB boundary");
    }
}

void Axi4Checker::check_edge(bool in_reset) {
    if (in_reset) {
        aw_beats_.clear();
        ar_beats_.clear();
        w_beat_ = r_beat_ = 0;
        w_bursts_ = b_taken_ = aw_taken_ = 0;
        return;
    }
    ChannelSample now[kAxiChannels];
    sample(kChannelTable, pins_, now);
    auto taken = [&](int c) { return now[c].valid && now[c].ready; };
    if (now[kB].valid && std::min(aw_taken_, w_bursts_) <= b_taken_)
        report("BVALID", "a write response without a write whose address and last beat were taken");
    if (now[kR].valid && ar_beats_.empty())
        report("RVALID", "read data without a read whose address was taken");

    if (taken(kAw)) {
        check_burst("AW", now[kAw].payload, unsigned(now[kAw].extra >> 8),
                    unsigned(now[kAw].extra >> 2) & 7, unsigned(now[kAw].extra) & 3);
        aw_beats_.push_back(unsigned(now[kAw].extra >> 8) + 1);
        ++aw_taken_;
    }
    if (taken(kAr)) {
        check_burst("AR", now[kAr].payload, unsigned(now[kAr].extra >> 8),
                    unsigned(now[kAr].extra >> 2) & 7, unsigned(now[kAr].extra) & 3);
        ar_beats_.push_back(unsigned(now[kAr].extra >> 8) + 1);
    }
    if (taken(kW)) {
        ++w_beat_;
        const bool last = now[kW].extra & 1;
        // The AW this burst belongs to, once taken (W may run ahead of it).
        const uint64_t k = w_bursts_ - b_taken_;
        const bool known = w_bursts_ < aw_taken_ && w_bursts_ >= b_taken_ && k < aw_beats_.size();
        const unsigned beats = known ? aw_beats_[size_t(k)] : 0;
        if (known && last != (w_beat_ == beats))
            report("WLAST",
                   last ? "on a beat before the burst's last" : "missing on the burst's last beat");
        if (last || w_beat_ == beats) {
            ++w_bursts_;
            w_beat_ = 0;
        }
    }
    if (taken(kB)) {
        ++b_taken_;
        if (!aw_beats_.empty()) aw_beats_.pop_front();
    }
    if (taken(kR) && !ar_beats_.empty()) {
        ++r_beat_;
        const bool last = now[kR].extra & 1;
        if (last != (r_beat_ == ar_beats_.front()))
            report("RLAST",
                   last ? "on a beat before the burst's last" : "missing on the burst's last beat");
        if (r_beat_ == ar_beats_.front()) {
            ar_beats_.pop_front();
            r_beat_ = 0;
        }
    }
}

} // namespace fireplane::rtl
