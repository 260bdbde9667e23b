#pragma once
// Address space identifiers the ISS supports for data accesses, from one table.
#include <cstdint>

namespace fireplane::sparc {

struct AsiInfo {
    bool valid = true;
    bool little = false;   // little-endian access
    bool no_fault = false; // loads return 0 instead of trapping
    const char* name = "";
    bool block = false; // 64-byte VIS block transfer (LDDFA/STDFA only)
};

// Unknown ASIs come back with valid = false.
AsiInfo lookup_asi(unsigned asi);

} // namespace fireplane::sparc
