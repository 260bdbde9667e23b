#pragma once
// The ancillary state registers (RDASR/WRASR) and privileged registers
// (RDPR/WRPR), each declared once with its number, name, access and behaviour.
#include <cstdint>

namespace fireplane::sparc {

class SparcCore;

struct StateRegister {
    unsigned number;
    const char* name;
    bool privileged;
    uint64_t (*read)(const SparcCore&);          // nullptr: write-only
    void (*write)(SparcCore&, uint64_t);         // nullptr: read-only
    bool (*allowed)(const SparcCore&) = nullptr; // further condition on access
    bool write_privileged = false;               // user code may read but not write it
    bool read_allowed(const SparcCore& c) const { return !allowed || allowed(c); }
};

const StateRegister* find_asr(unsigned number);
const StateRegister* find_privileged_register(unsigned number);

// VER: manufacturer 0x3e, implementation 0x15 (UltraSPARC IIICu), MAXTL 5, NWINDOWS-1 = 7.
constexpr uint64_t kVersionRegister =
    (0x3eull << 48) | (0x15ull << 32) | (0x41ull << 24) | (5ull << 8) | 7ull;

} // namespace fireplane::sparc
