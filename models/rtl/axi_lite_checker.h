#pragma once
// AxiLiteChecker: watches an AXI4-Lite interface's pins at every rising
// clock edge and reports each broken rule with the cycle and the signal
// (SC_REPORT_ERROR, message type "rtl/axi_lite_checker": by SystemC's
// default an exception, so a broken block stops the run loudly). The rules,
// from the AXI specification's handshake section (A3.2) and AXI4-Lite's
// subset (B1), are one table in axi_lite_checker.cpp:
//  - once VALID is high it stays high, with the same payload, until READY;
//  - a write response needs a write whose address and data were both taken,
//    a read response a read whose address was taken;
//  - EXOKAY is not an AXI4-Lite response.
// Nothing is checked while resetn is low.
#include "axi_checker.h"
#include "axi_lite.h"
#include "rtl_clock.h"

#include <systemc>

#include <cstdint>
#include <string>

namespace fireplane::rtl {

class AxiLiteChecker : public AxiChecker {
public:
    AxiLiteChecker(sc_core::sc_module_name name, const AxiLitePins& pins, const RtlClock& clock);

private:
    void check_edge(bool in_reset) override;

    const AxiLitePins& pins_;
    uint64_t aw_taken_ = 0, w_taken_ = 0, b_taken_ = 0, ar_taken_ = 0, r_taken_ = 0;
};

} // namespace fireplane::rtl
