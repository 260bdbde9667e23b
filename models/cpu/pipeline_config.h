#pragma once
// The pipeline's parameters (machine files set them as pipeline.*; see
// pipeline_params.cpp): result latencies and dispatch blocking per
// instruction class, the fetch unit and the branch predictor. The defaults
// follow the UltraSPARC III Cu as models/cpu/README.md ("Pipeline") documents
// it, with the source of each number.
#include "instruction_class.h"

#include <array>

namespace fireplane::sparc {

// How an instruction class executes once dispatched.
struct ClassTiming {
    unsigned latency = 1; // cycles from its group to the first group that may use its result
    unsigned blocks = 0;  // cycles after it in which nothing dispatches (multiply, divide helpers)
    unsigned busy = 0;    // cycles after it its pipe stays busy (FP divide, square root)
};
using ClassTimings = std::array<ClassTiming, kInstructionClasses>;

// In InstructionClass order.
constexpr ClassTimings kDefaultClassTimings = {{
    {1, 0, 0},   // IntAlu
    {7, 4, 0},   // IntMul: 6 to 9 cycles; helpers dispatch alone for 4
    {72, 69, 0}, // IntDiv: dispatch stops until it is nearly done
    {2, 0, 0},   // CondMove
    {2, 0, 0},   // Load: word and doubleword data forwarded in C
    {3, 0, 0},   // LoadExtended: half-word and byte alignment, sign extension in M
    {1, 0, 0},   // Store
    {1, 0, 0},   // Atomic (its memory time comes from the caches)
    {2, 0, 0},   // FpLoad
    {1, 0, 0},   // FpStore
    {1, 0, 0},   // Prefetch
    {1, 0, 0},   // Branch
    {1, 0, 0},   // Call
    {1, 0, 0},   // Jump
    {3, 0, 0},   // FpMove
    {3, 0, 0},   // FpCondMove
    {3, 0, 0},   // FpRegCondMove
    {4, 0, 0},   // FpAdd
    {5, 0, 0},   // FpCompare
    {4, 0, 0},   // FpMul
    {17, 0, 14}, // FpDivSingle: the FGM pipe is busy for latency - 3 more cycles
    {20, 0, 17}, // FpDivDouble
    {20, 0, 17}, // FpSqrtSingle
    {29, 0, 26}, // FpSqrtDouble
    {1, 0, 0},   // SingleGroup
    {1, 0, 0},   // Serializing
}};

struct FetchConfig {
    unsigned width = 4;        // instructions fetched a cycle ...
    unsigned line = 32;        // ... from one I$ line of this many bytes
    unsigned queue = 16;       // instruction queue entries between fetch and dispatch
    unsigned taken_bubble = 2; // fetch cycles lost after a taken transfer (P, F: target known in B)
    unsigned mispredict = 8;   // cycles from a mispredicted branch's group to the right path's
    unsigned miss_queue = 4;   // the same when the right path waits in the miss queue
};

struct BranchPredictorConfig {
    bool enabled = true;        // DCR.BPE; off, every conditional branch is predicted not taken
    unsigned entries = 16384;   // 2-bit saturating counters (a power of two)
    unsigned history_bits = 12; // global history XORed into the index (gshare)
    unsigned return_stack = 8;  // return addresses predicted for returns (0: none)
};

struct PipelineConfig {
    unsigned issue_width = 4;
    ClassTimings timing = kDefaultClassTimings;
    FetchConfig fetch;
    BranchPredictorConfig predictor;
};

} // namespace fireplane::sparc
