#pragma once
// Address space identifiers the ISS supports for data accesses, from one table.
#include <cstdint>

namespace fireplane::sparc {

enum class AsiKind : uint8_t {
    Memory,   // translated as an ordinary access (primary, secondary, nucleus, as-if-user)
    Physical, // the MMU bypassed: the address is physical
    Register, // an internal register (MMU, DCU control, interrupt unit): 64-bit
};

// The context a memory ASI names: the access's own (implicit: primary at TL 0,
// nucleus above), or one of the MMU's context registers.
enum class AsiContext : uint8_t { Implicit, Primary, Secondary, Nucleus };

struct AsiInfo {
    bool valid = true;
    bool little = false;   // little-endian access
    bool no_fault = false; // loads return 0 instead of trapping
    const char* name = "";
    bool block = false; // 64-byte VIS block transfer (LDDFA/STDFA only)
    AsiKind kind = AsiKind::Memory;
    bool quad = false; // LDDA loads 128 bits atomically into a register pair
    uint8_t number = 0;
    AsiContext context = AsiContext::Implicit;
    bool as_if_user = false; // checked as a user access (the AIU ASIs)
};

// Unknown ASIs come back with valid = false.
AsiInfo lookup_asi(unsigned asi);

} // namespace fireplane::sparc
