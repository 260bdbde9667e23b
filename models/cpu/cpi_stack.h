#pragma once
// The CPI stack: every cycle a CPU spends, attributed to exactly one cause,
// so that the causes sum to its cycle count (Cycle_cnt over both modes).
// The causes are one table (cpi_stack.cpp): each one's statistic name and
// meaning. The timing models attribute the cycles they add; the core
// attributes the rest (device waits, idle time, instructions run untimed).
#include "core/checkpoint/state_io.h"

#include <array>
#include <cstdint>
#include <string_view>

namespace fireplane::sparc {

enum class CpiCause : uint8_t {
    Base,           // the cycle a dispatch group issues in
    IntDependency,  // waiting for an integer result (ALU, multiply)
    LoadUse,        // waiting for a load's result (the D$ hit latency)
    FpDependency,   // waiting for an FP add or multiply result
    DivideSqrt,     // waiting for a divide or square root: its result, or its unit (not pipelined)
    Serializing,    // a serializing instruction waits for everything in flight
    Mispredict,     // the right path after a mispredicted branch or an unpredicted jump
    TakenBranch,    // the fetch bubble after a taken control transfer
    FetchGroup,     // fetch's limits: 4 a cycle, one I$ line, one transfer a group
    IcMiss,         // instruction fetch missed the I$
    DcMiss,         // a data access missed the D$ and was served by the E$
    EcMiss,         // a data access missed the E$: the bus and memory or another cache
    RawHazard,      // a load waited for an older store to the same bytes
    StoreQueueFull, // a store found the store queue full
    MembarAtomic,   // MEMBAR draining the store queue, atomics' memory time
    MemoryFixed,    // the fixed timing model's load, store and atomic cycles past one
    Device,         // an uncached access waited for its device
    InterruptDispatch, // an interrupt vector's dispatch waited for the answer
    Idle,              // nothing to run (a kernel's idle loop, a sleeping thread)
    kCount
};
constexpr unsigned kCpiCauses = unsigned(CpiCause::kCount);

struct CpiCauseInfo {
    CpiCause cause;
    std::string_view name; // the statistic: cpuN.cpi.<name>
    std::string_view description;
};
const std::array<CpiCauseInfo, kCpiCauses>& cpi_causes();

class CpiStack {
public:
    void add(CpiCause cause, uint64_t cycles) { cycles_[unsigned(cause)] += cycles; }
    uint64_t operator[](CpiCause cause) const { return cycles_[unsigned(cause)]; }
    void checkpoint(StateIo& io) { io(cycles_); }
    uint64_t total() const {
        uint64_t sum = 0;
        for (uint64_t c : cycles_)
            sum += c;
        return sum;
    }

private:
    std::array<uint64_t, kCpiCauses> cycles_{};
};

} // namespace fireplane::sparc
