#pragma once
// The backtracking search of the analyzer manual: hardware reports the PC
// some instructions (the skid) after the one that caused a counter to
// overflow, so the collector searches back from the interrupted PC for the
// nearest memory instruction of the kind the counter counts (loads, stores,
// or either), and recomputes its effective address from the registers at the
// interrupt. The address is trusted only when no instruction in between
// (nor the candidate itself) wrote a register it is computed from, and no
// SAVE/RESTORE changed the window. The search goes straight back through
// memory: whether a branch jumped into the range is for the analyzer to
// check (it sees the whole function).
#include "code_reader.h"
#include "models/cpu/perf_counters.h"

#include <cstdint>

namespace fireplane::profiling {

struct Candidate {
    bool found = false;
    uint64_t pc = 0;
    bool has_ea = false;
    uint64_t ea = 0;
};

constexpr unsigned kBacktrackLimit = 32; // instructions searched before giving up

// `pc`: the interrupted PC; `lowest`: do not search below (the function's start).
Candidate backtrack(const CodeReader& reader, uint64_t pc, sparc::MemOp memop, uint64_t lowest);

} // namespace fireplane::profiling
