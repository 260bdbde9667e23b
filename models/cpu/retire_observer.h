#pragma once
// A host tool watching a core instruction by instruction: the overflow
// profiler (platform/profiling) records a packet when a counter wraps, and
// with --exact attributes every counted event to the instruction that
// completed. While an observer is attached the core runs one instruction per
// chain, and an instruction that waits for the caches completes when its data
// arrives, so its stall cycles and events count before the observer hears of it.
#include <cstdint>

namespace fireplane::sparc {

class SparcCore;

struct CompletedInstruction {
    uint64_t pc;      // the instruction that completed
    uint64_t ea;      // its first data address, if it accessed memory
    bool has_ea;      // ... which it did
    unsigned wrapped; // PIC halves that wrapped with it (bit 0: PIC0, bit 1: PIC1)
};

class RetireObserver {
public:
    virtual ~RetireObserver() = default;
    virtual void completed(SparcCore& core, const CompletedInstruction& insn) = 0;
};

} // namespace fireplane::sparc
