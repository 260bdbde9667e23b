#pragma once
// The fixed timing model: every instruction takes one cycle, and each kind of
// memory access a fixed number more. Cheap, and a baseline for the detailed
// model: the difference between the two is what the memory system costs.
#include "timing_model.h"

namespace fireplane::sparc {

struct FixedTimingConfig {
    uint64_t load_cycles = 3;    // a load, D$ hit with its load-use latency
    uint64_t store_cycles = 1;   // a store into the store buffer
    uint64_t atomic_cycles = 50; // CAS/LDSTUB/SWAP: drain the store buffer, own the line
};

class FixedTiming : public TimingModel {
public:
    explicit FixedTiming(const FixedTimingConfig& config) : config_(config) {}
    TimingKind kind() const override { return TimingKind::Fixed; }
    uint64_t retire(SparcCore& core, const RetiredInstruction& insn) override;

private:
    FixedTimingConfig config_;
};

} // namespace fireplane::sparc
