#pragma once
// Axi4Checker: watches an AXI4 master interface's pins (a block's DMA port,
// Axi4Pins) at every rising clock edge and reports each broken rule with the
// cycle and the signal (SC_REPORT_ERROR, message type "rtl/axi4_checker": by
// SystemC's default an exception). The rules, from the AXI specification
// (A3.2 handshakes, A3.4 bursts):
//  - once VALID is high it stays high, with the same payload, until READY;
//  - WLAST marks exactly the last beat of its burst (AWLEN + 1 beats);
//    RLAST exactly the last of ARLEN + 1;
//  - a write response needs a write burst whose address and last beat were
//    taken; read data needs a read whose address was taken;
//  - a burst does not cross 4 KiB, has beats no wider than the 64-bit bus,
//    and is not of the reserved type 3; a WRAP burst has 2, 4, 8 or 16 beats.
// Nothing is checked while resetn is low.
#include "axi4.h"
#include "axi_checker.h"
#include "rtl_clock.h"

#include <systemc>

#include <cstdint>
#include <deque>
#include <string>

namespace fireplane::rtl {

class Axi4Checker : public AxiChecker {
public:
    Axi4Checker(sc_core::sc_module_name name, const Axi4Pins& pins, const RtlClock& clock);

private:
    void check_edge(bool in_reset) override;
    void check_burst(const char* channel, uint64_t address, unsigned len, unsigned size,
                     unsigned burst);

    const Axi4Pins& pins_;
    std::deque<unsigned> aw_beats_, ar_beats_; // beats of bursts whose address was taken
    unsigned w_beat_ = 0, r_beat_ = 0;         // beats of the current burst so far
    uint64_t w_bursts_ = 0, b_taken_ = 0, aw_taken_ = 0;
};

} // namespace fireplane::rtl
