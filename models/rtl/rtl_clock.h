#pragma once
// RtlClock: the clock and reset of an RTL block, shared by everything that
// drives its pins (the bridges, a transaction stream). The clock runs only
// while someone needs it: a bridge holding it through a transfer, a block
// output that asks for it (a DMA engine's `busy`), the reset at start-up, or
// always with `free_running`. Stopped, it costs nothing; running, each cycle
// is one `period` of SystemC time, low half first, so a clock started at T
// rises at T + period/2.
//
// Clients hold() it, then wait for rising edges (edge()): woken in the
// edge's own delta, they read the pins as the edge samples them (signal
// writes of that delta land after it) and drive their next values, which
// the block sees at the following edge.
#include "axi_lite.h"
#include "traced_pins.h"

#include "core/stats/stats.h"

#include <systemc>

#include <cstdint>
#include <string>
#include <vector>

namespace fireplane::rtl {

struct RtlClockConfig {
    sc_core::sc_time period{10, sc_core::SC_NS}; // one RTL cycle
    unsigned reset_cycles = 2;                   // resetn low for this many rising edges at time 0
    bool free_running = false;                   // runs while nobody needs it too
};

class RtlClock : public sc_core::sc_module, public TracedPins {
public:
    Pin<bool> clk{"clk"}, resetn{"resetn"};

    // Throws std::invalid_argument for a period under 2 ps (two half cycles of 1 ps).
    RtlClock(sc_core::sc_module_name name, const RtlClockConfig& config);

    // The clock runs while `request` is high (call before the simulation starts).
    void run_while(const sc_core::sc_signal_in_if<bool>& request);

    // While held (counted), the clock runs.
    void hold();
    void release();
    // Waits for the next rising edge; the caller holds the clock.
    void edge() { sc_core::wait(clk.posedge_event()); }
    // Rising edges until `handshake` (evaluated at each, as the edge samples
    // the pins) holds. A block that leaves it waiting `limit` edges is hung:
    // SC_REPORT_FATAL (type "rtl/hung") naming `who`, the cycle, the channel
    // and what `detail()` returns. The detail is made only then: a string
    // built before the wait costs an allocation per handshake, and one left on
    // a thread's stack that never resumes is reported as a leak.
    template <class Handshake, class Detail = std::string (*)()>
    void await(const sc_core::sc_object& who, const char* channel, unsigned limit,
               Handshake&& handshake, Detail&& detail = no_detail) {
        for (unsigned waited = 0; waited < limit; ++waited) {
            edge();
            if (handshake()) return;
        }
        hung(who, channel, limit, detail());
    }
    // Waits until resetn is released (returns at once after that).
    void wait_reset();
    bool in_reset() const { return reset_left_ > 0; }

    uint64_t cycles() const { return cycles_; }

    void visit_pins(const PinVisitor& visit) const override {
        visit("clk", 1, clk);
        visit("resetn", 1, resetn);
    }

    template <class Block> void bind(Block& b) {
        b.clk(clk);
        b.resetn(resetn);
    }

private:
    static std::string no_detail() { return {}; }
    [[noreturn]] void hung(const sc_core::sc_object& who, const char* channel, unsigned limit,
                           const std::string& detail) const;
    enum class Phase { Stopped, Low, High };
    bool wanted() const;
    void tick(); // SC_METHOD: one half cycle per activation while running
    void end_of_elaboration() override;

    RtlClockConfig config_;
    sc_core::sc_time half_;
    Phase phase_ = Phase::Stopped;
    unsigned reset_left_;
    unsigned holds_ = 0;
    std::vector<const sc_core::sc_signal_in_if<bool>*> requests_;
    sc_core::sc_event wake_, reset_done_;
    sc_core::sc_event_or_list wake_list_; // wake_ and every request's change
    uint64_t cycles_ = 0;
    StatsGroup stats_{this->name()};
};

} // namespace fireplane::rtl
