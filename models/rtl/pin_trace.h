#pragma once
// PinTrace: a VCD waveform of RTL blocks' pins (`--rtl-trace FILE`), written
// as the pins change, only inside a window of simulated time, so a long run
// can keep the few microseconds of interest. One scope per module with pins
// (TracedPins: clocks, bridges, streams), named by its module path;
// timescale 1 ps. No date in the header: the same run gives the same file. A
// stopped clock shows as pulses only while the block works.
#include "traced_pins.h"

#include <systemc>

#include <cstdint>
#include <fstream>
#include <functional>
#include <string>
#include <vector>

namespace fireplane::rtl {

// Every module with pins in the design, in module-tree order.
std::vector<const sc_core::sc_object*> find_traced_pins();

class PinTrace : public sc_core::sc_module {
public:
    // Throws std::invalid_argument when `path` cannot be written or the window is empty.
    PinTrace(sc_core::sc_module_name name, const std::string& path,
             const std::vector<const sc_core::sc_object*>& modules,
             sc_core::sc_time from = sc_core::SC_ZERO_TIME,
             sc_core::sc_time to = sc_core::sc_max_time());
    uint64_t changes() const { return changes_; } // value changes written

private:
    struct Pin {
        std::string id; // the VCD identifier
        unsigned width;
        std::function<uint64_t()> read;
        uint64_t last = ~uint64_t(0); // the value written last; ~0: none yet
    };
    void on_change();
    void write_value(const Pin& p, uint64_t v);

    std::ofstream out_;
    std::vector<Pin> pins_;
    sc_core::sc_time from_, to_;
    bool dumped_ = false;
    uint64_t written_at_ = ~uint64_t(0); // the last #time line, in ps
    uint64_t changes_ = 0;
};

} // namespace fireplane::rtl
