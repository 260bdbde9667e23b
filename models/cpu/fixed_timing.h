#pragma once
// The fixed timing model: every instruction takes one cycle, and each kind of
// memory access a fixed number more. Cheap, and a baseline for the detailed
// model: the difference between the two is what the memory system costs.
#include "instruction_class.h"
#include "timing_model.h"

namespace fireplane::sparc {

struct FixedTimingConfig {
    uint64_t load_cycles = 3;    // a load, D$ hit with its load-use latency
    uint64_t store_cycles = 1;   // a store into the store buffer
    uint64_t atomic_cycles = 50; // CAS/LDSTUB/SWAP: drain the store buffer, own the line
};

class FixedTiming final : public TimingModel {
public:
    explicit FixedTiming(const FixedTimingConfig& config) : config_(config) {}
    TimingKind kind() const override { return TimingKind::Fixed; }
    uint64_t retire(SparcCore& core, const RetiredInstruction& insn) override;
    // Its run loop (run_loop.h) runs compiled blocks ahead of retirement
    // where the CPU allows it (SparcCore::block_ahead); it needs no facts
    // of the instruction beyond its accesses.
    static constexpr bool kRunsBlocks = true;
    static constexpr bool kReplaysBlocks = true;
    uint64_t retire(SparcCore& core, const RetiredInstruction& insn, const InstructionInfo&) {
        return FixedTiming::retire(core, insn);
    }

private:
    FixedTimingConfig config_;
};

} // namespace fireplane::sparc
