#pragma once
// Functional warming (SMARTS): the state that outlives instructions follows
// the program as the detailed model would keep it: the caches (through
// their b_transport, HierarchyTiming::warm) and the branch predictor.
// Nothing is counted. Sampled simulation runs it between its detailed
// units, so each unit starts warm without the detailed model's cost.
//
// Time goes at a set CPI (1 until told otherwise; the sampler sets each
// unit's), so that the threads of a program, its timers and its spin waits
// keep about the pace they have in the detailed model.
#include "detailed_timing.h"

#include <algorithm>
#include <cstdint>

namespace fireplane::sparc {

class WarmingTiming : public TimingModel {
public:
    explicit WarmingTiming(DetailedTiming& detailed) : detailed_(detailed) {}

    TimingKind kind() const override { return TimingKind::Warming; }
    uint64_t retire(SparcCore& core, const RetiredInstruction& insn) override {
        detailed_.warm(core, insn);
        owed_ += cpi_;
        const uint64_t cycles = owed_ >> kFraction;
        owed_ &= (uint64_t(1) << kFraction) - 1;
        return cycles;
    }
    // Cycles per instruction from now on, at least 1/65536.
    void set_cpi(double cpi) {
        cpi_ = std::max<uint64_t>(1, uint64_t(cpi * double(uint64_t(1) << kFraction) + 0.5));
    }

private:
    static constexpr unsigned kFraction = 16; // fixed point: integer cycles stay exact
    DetailedTiming& detailed_;
    uint64_t cpi_ = uint64_t(1) << kFraction;
    uint64_t owed_ = 0; // the fraction of a cycle not yet counted
};

} // namespace fireplane::sparc
