#pragma once
// The CPI stack per instruction (`collect --exact`, cpi.tsv): every CPU's
// cycles of each cause (models/cpu/cpi_stack.h), attributed to the
// instruction that completed after them, and how often it completed. Idle
// time thus lands on the instruction after the sleep (where the thread
// waited); a memory stall on the instruction that waited.
#include "models/cpu/cpi_stack.h"

#include <array>
#include <cstdint>
#include <map>
#include <string>

namespace fireplane::profiling {

struct CpiRow {
    uint64_t instructions = 0;
    std::array<uint64_t, sparc::kCpiCauses> cycles{};
};
using CpiByPc = std::map<uint64_t, CpiRow>;

// cpi.tsv's header: the PC, the instructions, then one column per cause in
// the table's order.
inline std::string cpi_header() {
    std::string h = "pc\tinstructions";
    for (const sparc::CpiCauseInfo& c : sparc::cpi_causes())
        h += "\t" + std::string(c.name);
    return h;
}

} // namespace fireplane::profiling
