#include "axi_checker.h"

namespace fireplane::rtl {

AxiChecker::AxiChecker(sc_core::sc_module_name name, const RtlClock& clock, const char* report_type)
    : sc_module(name), clock_(clock), report_type_(report_type) {
    SC_HAS_PROCESS(AxiChecker);
    SC_METHOD(on_edge);
    sensitive << clock_.clk.posedge_event();
    dont_initialize();
}

void AxiChecker::on_edge() {
    ++edges_;
    const bool in_reset = !clock_.resetn.read();
    if (in_reset)
        for (ChannelSample& s : last_)
            s = ChannelSample{};
    check_edge(in_reset);
}

void AxiChecker::report(const char* signal, const char* rule) {
    const std::string m =
        std::string(name()) + ": cycle " + std::to_string(edges_) + ": " + signal + ": " + rule;
    if (violations_++ == 0) first_ = m;
    SC_REPORT_ERROR(report_type_, m.c_str());
}

} // namespace fireplane::rtl
