#pragma once
// Functional warming (SMARTS): the state that outlives instructions follows
// the program as the detailed model would keep it: the caches (through
// their b_transport, HierarchyTiming::warm) and the branch predictor.
// Nothing is counted. Sampled simulation runs it between its detailed
// units, so each unit starts warm without the detailed model's cost.
//
// Time goes at the CPI the timed model measured for the instruction's code
// (code_pace.h), or else at a set CPI (1 until told otherwise; the sampler
// sets the CPU's in its units so far), so that the threads of a program, its
// timers and its spin waits keep about the pace they have in the detailed model.
// An instruction whose line comes from another cache waits as long as the
// bus reckons the hand-over, queue included, where that is longer than its
// pace (charge()): threads that contend for
// a line (locks, barriers) then meet and retry as they do in the detailed model,
// though not for as long: a sampled run on several CPUs runs contention in the
// timed model (set_stop_at_contention).
#include "code_pace.h"
#include "detailed_timing.h"
#include "sparc_core.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <utility>

namespace fireplane::sparc {

class WarmingTiming final : public TimingModel {
public:
    explicit WarmingTiming(DetailedTiming& detailed) : detailed_(detailed) {}

    // Its run loop (run_loop.h) may run compiled blocks, when runs_blocks():
    // each block runs with its memory accesses logged, and its instructions
    // are retired here afterwards, one by one, as the interpreter would have
    // (SparcCore::warm_block). Only where that leaves the same state: no
    // line can come from another cache (one CPU), so an instruction's cycles
    // are known before it runs (cycles_bound) and no block passes a timer
    // event or the end of the quantum that the interpreter would have stopped at.
    static constexpr bool kRunsBlocks = true;
    bool runs_blocks() const { return runs_blocks_; }
    void set_runs_blocks(bool on) { runs_blocks_ = on; }
    // At least the cycles that `n` instructions from `pc`, in sequence, take
    // here when none waits for a line.
    uint64_t cycles_bound(uint64_t pc, unsigned n) {
        if (n == 0) return 0;
        uint64_t cpi = cpi_;
        if (pace_) {
            cpi = 0;
            const uint64_t last = CodePace::region(pc + 4 * uint64_t(n - 1));
            for (uint64_t r = CodePace::region(pc); r <= last; ++r)
                cpi = std::max(cpi, paced_cpi(r << CodePace::kRegionShift));
        }
        return (owed_ + n * cpi) >> kFraction;
    }

    TimingKind kind() const override { return TimingKind::Warming; }
    uint64_t retire(SparcCore& core, const RetiredInstruction& insn) override {
        const uint64_t waited = warm(core, insn);
        return charge(pace(insn.pc), waited);
    }
    // An instruction's cycles: its pace, or its wait for a line from another
    // cache where that is longer. Not both: the pace its region of code
    // measured in the units already holds the hand-overs the region met there,
    // and charged twice they kept locks and barriers longer than the timed
    // model does, so threads queued for them more (docs/sampling.md, "Hand-overs charged once").
    static uint64_t charge(uint64_t pace, uint64_t waited) { return std::max(pace, waited); }
    // retire() in its two halves, which SparcCore::warm_block calls apart, and
    // the first only where warms_nothing() is false: what the instruction
    // leaves behind (the cycles it waited for lines from other caches), and
    // the cycles its pace gives it.
    bool warms_nothing(uint32_t raw, uint64_t pc_pa, unsigned access_count) const {
        return detailed_.warms_nothing(raw, pc_pa, access_count);
    }
    uint64_t warm(SparcCore& core, const RetiredInstruction& insn) {
        const uint64_t waited = detailed_.warm(core, insn);
        if (stop_at_contention_ && detailed_.contended_atomics() != contended_seen_)
            core.request_stop();
        return waited;
    }
    uint64_t pace(uint64_t pc) {
        owed_ += pace_ ? paced_cpi(pc) : cpi_;
        const uint64_t cycles = owed_ >> kFraction;
        owed_ &= (uint64_t(1) << kFraction) - 1;
        return cycles;
    }
    // Cycles per instruction from now on, at least 1/65536.
    void set_cpi(double cpi) {
        cpi_ = std::max<uint64_t>(1, uint64_t(cpi * double(uint64_t(1) << kFraction) + 0.5));
        cached_generation_ = ~uint64_t(0);
    }
    // The CPIs by code to go at instead, where measured; null for none.
    void set_pace(const CodePace* pace) {
        pace_ = pace;
        cached_generation_ = ~uint64_t(0);
    }

    // With `on`, an atomic whose line came from another cache stops the
    // core after it, and take_contention() says so once: a sampled run then
    // runs the contention in the timed model (docs/sampling.md).
    void set_stop_at_contention(bool on) {
        stop_at_contention_ = on;
        contended_seen_ = detailed_.contended_atomics();
    }
    bool take_contention() {
        const uint64_t n = detailed_.contended_atomics();
        return stop_at_contention_ && std::exchange(contended_seen_, n) != n;
    }

private:
    bool runs_blocks_ = false;
    bool stop_at_contention_ = false;
    uint64_t contended_seen_ = 0; // detailed_.contended_atomics() when last looked at
    static constexpr unsigned kFraction = CodePace::kFraction; // integer cycles stay exact
    // A loop spans a few regions: their CPIs are kept, by region, until the
    // table changes (in a unit; warming runs between them).
    uint64_t paced_cpi(uint64_t pc) {
        const uint64_t region = CodePace::region(pc);
        if (pace_->generation() != cached_generation_) {
            cached_generation_ = pace_->generation();
            cached_.fill(CachedCpi{});
        }
        CachedCpi& c = cached_[region & (kCached - 1)];
        if (c.region != region) c = {region, pace_->cpi(region, cpi_)};
        return c.cpi;
    }

    DetailedTiming& detailed_;
    uint64_t cpi_ = uint64_t(1) << kFraction;
    uint64_t owed_ = 0; // the fraction of a cycle not yet counted
    const CodePace* pace_ = nullptr;
    struct CachedCpi {
        uint64_t region = ~uint64_t(0), cpi = 0;
    };
    static constexpr unsigned kCached = 64;
    std::array<CachedCpi, kCached> cached_{};
    uint64_t cached_generation_ = ~uint64_t(0);
};

} // namespace fireplane::sparc
