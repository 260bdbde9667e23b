#include "axi_lite_checker.h"

#include <algorithm>

namespace fireplane::rtl {

namespace {

// The channels, as the rules name them: each one's VALID, READY and payload.
const ChannelInfo<AxiLitePins> kChannelTable[kAxiChannels] = {
    {"AWVALID", "AWADDR/AWPROT",
     [](const AxiLitePins& p) {
         return ChannelSample{p.awvalid.read(), p.awready.read(),
                              uint64_t(p.awaddr.read()) << 3 | p.awprot.read()};
     }},
    {"WVALID", "WDATA/WSTRB",
     [](const AxiLitePins& p) {
         return ChannelSample{p.wvalid.read(), p.wready.read(),
                              uint64_t(p.wdata.read()) << 4 | p.wstrb.read()};
     }},
    {"BVALID", "BRESP",
     [](const AxiLitePins& p) {
         return ChannelSample{p.bvalid.read(), p.bready.read(), p.bresp.read()};
     }},
    {"ARVALID", "ARADDR/ARPROT",
     [](const AxiLitePins& p) {
         return ChannelSample{p.arvalid.read(), p.arready.read(),
                              uint64_t(p.araddr.read()) << 3 | p.arprot.read()};
     }},
    {"RVALID", "RDATA/RRESP",
     [](const AxiLitePins& p) {
         return ChannelSample{p.rvalid.read(), p.rready.read(),
                              uint64_t(p.rdata.read()) << 2 | p.rresp.read()};
     }},
};

} // namespace

AxiLiteChecker::AxiLiteChecker(sc_core::sc_module_name name, const AxiLitePins& pins,
                               const RtlClock& clock)
    : AxiChecker(name, clock, "rtl/axi_lite_checker"), pins_(pins) {}

void AxiLiteChecker::check_edge(bool in_reset) {
    if (in_reset) {
        aw_taken_ = w_taken_ = b_taken_ = ar_taken_ = r_taken_ = 0;
        return;
    }
    ChannelSample now[kAxiChannels];
    sample(kChannelTable, pins_, now);
    if (now[kB].valid && std::min(aw_taken_, w_taken_) <= b_taken_)
        report("BVALID", "a write response without a write whose address and data were taken");
    if (now[kR].valid && ar_taken_ <= r_taken_)
        report("RVALID", "a read response without a read whose address was taken");
    if (now[kB].valid && (now[kB].payload & 3) == kExOkay)
        report("BRESP", "EXOKAY is not an AXI4-Lite response");
    if (now[kR].valid && (now[kR].payload & 3) == kExOkay)
        report("RRESP", "EXOKAY is not an AXI4-Lite response");

    auto taken = [&](int c) { return now[c].valid && now[c].ready; };
    aw_taken_ += taken(kAw);
    w_taken_ += taken(kW);
    b_taken_ += taken(kB);
    ar_taken_ += taken(kAr);
    r_taken_ += taken(kR);
}

} // namespace fireplane::rtl
