#pragma once
// Sampled simulation in the manner of SMARTS (Wunderlich et al., ISCA 2003;
// docs/sampling.md). Every `interval` instructions (all CPUs together) the
// machine runs `warmup` instructions in the timed model, then measures a
// unit of `unit` instructions in it; in between, every CPU runs the warming
// model (models/cpu/warming_timing.h): a cycle per instruction, with the
// caches and the branch predictor kept as the detailed model would keep
// them. With `warming` set, only that many instructions before each unit's
// warm-up warm; the rest of the interval runs the functional model, faster
// and cold (a bounded warm-up in the manner of MRRL, Haskins and Skadron). The
// sampler moves between these phases at the run's pauses (RunLimits), so a
// unit is exact in instructions and starts at an instruction boundary.
//
// Warming goes at the pace the units measured, by region of code
// (models/cpu/code_pace.h), so that threads meet as in the timed model. On
// several CPUs with the detailed model, contention runs in it too: a warmed
// atomic whose line came from another cache interrupts warming, and the
// machine runs the timed model, unmeasured, in stretches of `stretch`
// instructions for as long as each sees an atomic (docs/sampling.md,
// "Contention").
//
// On several CPUs, phases may be placed by work instead (`by_work`): the
// interval, the warm-up and the unit count the instructions the CPUs did not
// spend spinning (models/cpu/spin_detector.h), in the manner of LoopPoint
// (Sabu et al., HPCA 2022). How long threads spin depends on the timing
// model, and warming's differs from the detailed model's; the work does not,
// so units by work fall where the full run's would and weigh its spinning
// as it does (docs/sampling.md, "Units by work").
//
// Each metric (CPI, miss rates, bus transactions per instruction) is a ratio
// of sums of per-CPU counters, estimated over the units with its 99.7%
// confidence interval (core/stats/ratio_estimate.h). The estimates are
// statistics too: sampling.<metric>.estimate, .ci99_7, and sampling.units.
#include "core/stats/ratio_estimate.h"
#include "core/stats/stats.h"
#include "models/cpu/code_pace.h"
#include "models/cpu/run_limits.h"
#include "models/cpu/sparc_cpu.h"

#include <cstdint>
#include <functional>
#include <iosfwd>
#include <string>
#include <vector>

namespace fireplane {

struct SamplingOptions {
    // Instructions are those of all CPUs together. The unit, the warm-up and
    // the stretch default to so many a CPU: on 12 CPUs a warm-up must last
    // long enough for the stalls in flight to build up again (docs/sampling.md).
    static constexpr uint64_t kPerCpu = ~uint64_t(0);
    static constexpr uint64_t kUnitPerCpu = 1'000, kWarmupPerCpu = 2'000, kStretchPerCpu = 4'000;
    uint64_t interval = 1'000'000; // instructions from one unit's start to the next's
    uint64_t unit = kPerCpu;       // measured instructions per unit
    uint64_t warmup = kPerCpu;     // timed instructions before each unit, not measured
    uint64_t warming = 0;          // functional warming before each warm-up (0: all the interval)
    // Timed instructions a contention stretch runs before it looks for atomics
    // again; 0 for none. Only the detailed model on more than one CPU has any.
    uint64_t stretch = kPerCpu;
    // The interval, warm-up and unit count work (instructions not spent
    // spinning) instead of instructions; the stretches still count instructions.
    bool by_work = false;
    // The options on a machine of `cpus` CPUs measuring `measured`: defaults resolved.
    SamplingOptions on_machine(size_t cpus, sparc::TimingKind measured) const;
    // Why the (resolved) options cannot work, or "".
    std::string problem() const;
};

class Sampler {
public:
    // `measured`: the timed model the units run (Fixed or Detailed). The
    // sampler places the run's pauses in `limits`, which the CPUs share.
    Sampler(const SamplingOptions& options, std::vector<sparc::SparcCpu*> cpus,
            sparc::TimingKind measured, StatsRegistry& stats, sparc::RunLimits& limits);
    ~Sampler();
    Sampler(const Sampler&) = delete;
    Sampler& operator=(const Sampler&) = delete;

    // Every CPU starts warming; the first pause is placed.
    void start();
    // At a pause: the next phase begins, and the next pause is placed. A
    // pause that came early (RunLimits::interrupt: a contention in warming)
    // starts a stretch.
    void at_pause();

    // A live point's run (docs/sampling.md): one warm-up and unit in the timed
    // model from here, then done().
    void start_unit();
    bool done() const { return done_; }
    // At a pause: whether the phase ending is the warming before a unit (a
    // live point is saved there) or the unit itself.
    bool unit_next() const;
    bool unit_ending() const { return phase_ == Phase::Measure; }
    // Each metric's numerator and denominator over the last unit, in
    // metric_table() order; add_unit() adds one measured elsewhere.
    using UnitSums = std::vector<std::pair<double, double>>;
    const UnitSums& last_unit() const { return last_unit_; }
    void add_unit(const UnitSums& sums);
    // The estimates stand for what the statistics count, as a full run's do:
    // a unit counts only if the statistics counted all through it (inside the
    // region of interest, if the program has one), and a reset of the
    // statistics drops the units before it.
    bool last_unit_counted() const { return last_counted_; }
    bool last_unit_dropped_earlier() const { return last_dropped_earlier_; }

    const SamplingOptions& options() const { return options_; }

    size_t units() const { return metrics_.empty() ? 0 : metrics_.front().estimate.units(); }
    // The estimates, with their confidence intervals, as a table.
    void write_report(std::ostream& out) const;

    struct Term { // one per-CPU counter, added or subtracted
        const char* stat;
        int sign;
        // Read from the CPU instead of the statistic, where the two differ mid-run.
        double (*read)(const sparc::SparcCpu&) = nullptr;
    };
    struct MetricDef {
        const char* name;
        const char* description;
        std::vector<Term> numerator, denominator;
        double scale;
    };
    static const std::vector<MetricDef>& metric_table();

private:
    enum class Phase { Functional, Warming, Stretch, Warmup, Measure };
    // The instructions of the interval outside warming, warm-up and unit.
    uint64_t cold() const;
    struct Reading { // a statistic's value, and the sign it is added with
        std::function<double()> read;
        int sign;
    };
    struct Metric {
        const MetricDef* def;
        std::vector<Reading> numerator, denominator; // over every CPU
        double num_start = 0, den_start = 0;
        RatioEstimate estimate;
    };
    struct CpuCount { // a CPU's busy cycles and instructions
        uint64_t busy = 0, instructions = 0;
    };
    static CpuCount reading(const sparc::SparcCpu& cpu);
    static double sum(const std::vector<Reading>& terms);
    void select(sparc::TimingKind kind);
    uint64_t atomics() const; // every CPU's, timed or warmed
    // The next pause, `n` instructions or (by work) `n` of work ahead.
    void place(uint64_t n);
    // Whether the pause ends the phase, rather than a stretch's run or (in
    // warming, `interrupted_left` instructions early) a contention.
    bool phase_done(uint64_t interrupted_left) const;
    // A contention stretch's next run of timed instructions (by
    // instructions, out of the warming's rest), and its end.
    void stretch_run();
    void end_stretch();
    uint64_t stretch_instructions() const; // the one under way included
    uint64_t spin_instructions() const;    // every CPU's, found by its spin detector
    bool enter_warmup();      // warming is over: whether a warm-up runs before the unit
    bool finish_unit();       // the unit is over: whether the run is (a live point's)
    uint64_t retired() const; // every CPU's instructions
    void begin_unit();        // the counters as the unit starts
    void end_unit();          // the unit's sums, added if it counts

    SamplingOptions options_;
    std::vector<sparc::SparcCpu*> cpus_;
    sparc::CodePace pace_; // every CPU's, measured in the units
    StatsRegistry& registry_;
    // The registry's resets and whether it was frozen as the unit began, and
    // its resets as the estimates began (last_unit_counted()).
    uint64_t unit_resets_ = 0, estimate_resets_ = 0;
    bool unit_frozen_ = false;
    bool last_counted_ = false, last_dropped_earlier_ = false;
    sparc::TimingKind measured_;
    sparc::RunLimits& limits_;
    Phase phase_ = Phase::Warming;
    uint64_t warming_left_ = 0;    // in a stretch by instructions: the warming's still to run
    uint64_t stretch_atomics_ = 0; // atomics() as the stretch's last run began
    uint64_t stretches_ = 0, stretch_instructions_ = 0; // the stretches ended
    uint64_t stretch_from_ = 0;                         // retired() as the stretch under way began
    std::vector<Metric> metrics_;
    std::vector<CpuCount> unit_start_;      // per CPU, when the unit began
    std::vector<CpuCount> measured_by_cpu_; // per CPU, over every unit so far
    UnitSums last_unit_;
    bool single_ = false, done_ = false;
    StatsGroup stats_;
};

} // namespace fireplane
