#pragma once
// One profile packet, as packets.tsv stores it (docs/experiment-format.md).
#include "backtrack.h"

#include <cstdint>
#include <vector>

namespace fireplane::profiling {

struct ProfilePacket {
    unsigned counter = 0; // index of the counter in the experiment
    unsigned cpu = 0;
    int64_t tid = 0;
    uint64_t cycle = 0; // the CPU's cycle count at the interrupt
    uint64_t pc = 0;    // the interrupted PC (0: not program related)
    bool backtracked = false;
    Candidate candidate;  // with backtracking
    uint64_t true_pc = 0; // the instruction that overflowed the counter ...
    bool has_true_ea = false;
    uint64_t true_ea = 0;        // ... and its first data address
    std::vector<uint64_t> stack; // active call sites, innermost first
};

} // namespace fireplane::profiling
