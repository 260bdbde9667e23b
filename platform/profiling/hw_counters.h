#pragma once
// The counters `fireplane collect -h` accepts: the well-known aliases of the
// UltraSPARC III Cu (cycles, dcrm, ...) and every raw PCR event
// (models/cpu/perf_counters.cpp), with the registers each may use, a default
// overflow value and its units; the list `collect` prints with no program;
// and the assignment of requested counters to PIC0/PIC1.
#include "models/cpu/perf_counters.h"

#include <cstdint>
#include <iosfwd>
#include <string>
#include <vector>

namespace fireplane::profiling {

struct HwCounter {
    std::string name;        // what -h takes: an alias or the raw name
    std::string raw;         // the PCR event's name
    const char* description; // the alias's short description; null for a raw counter
    uint64_t default_overflow;
    // The PCR row on each register (PIC0, PIC1), or null where it cannot count.
    const sparc::CounterEvent* rows[2];
    const sparc::CounterEvent& any_row() const { return rows[0] ? *rows[0] : *rows[1]; }
    bool cycles() const { return any_row().unit == sparc::CounterUnit::Cycles; }
    sparc::MemOp memop() const { return any_row().memop; }
    std::string units() const; // "CPU-cycles", "load events", ...
};

const std::vector<HwCounter>& well_known_counters();
const std::vector<HwCounter>& raw_counters();
const HwCounter* find_counter(const std::string& name); // an alias first, then a raw name

// Both lists, in the analyzer manual's format.
void print_counter_list(std::ostream& out);

// One -h argument: "[+]NAME[/REG][,VALUE]", VALUE a number, "on" (the
// default), "hi" (ten times as often) or "lo" (ten times less often).
struct CounterRequest {
    std::string spec;
    const HwCounter* counter = nullptr;
    int reg = -1; // the register asked for, or -1
    uint64_t overflow = 0;
    bool backtrack = false;
};
// Throws std::invalid_argument with a one-line message for an unknown
// counter, a register it cannot use, or a bad overflow value.
CounterRequest parse_counter_request(const std::string& spec);

// Puts each request on a register it may use (requests[i] -> result[i]).
// Throws std::invalid_argument when no assignment exists, naming the counters.
std::vector<unsigned> assign_registers(const std::vector<CounterRequest>& requests);

} // namespace fireplane::profiling
