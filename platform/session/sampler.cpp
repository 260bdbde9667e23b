#include "sampler.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <ostream>
#include <stdexcept>
#include <utility>

namespace fireplane {

SamplingOptions SamplingOptions::on_machine(size_t cpus, sparc::TimingKind measured) const {
    SamplingOptions o = *this;
    if (o.unit == kPerCpu) o.unit = kUnitPerCpu * cpus;
    if (o.warmup == kPerCpu) o.warmup = kWarmupPerCpu * cpus;
    if (measured != sparc::TimingKind::Detailed || cpus < 2)
        o.stretch = 0; // no contention to time
    else if (o.stretch == kPerCpu)
        o.stretch = kStretchPerCpu * cpus;
    return o;
}

std::string SamplingOptions::problem() const {
    if (unit == 0) return "a unit needs at least one instruction";
    if (by_work && warming)
        return "units placed by work warm all the interval: no bounded warming with them";
    if (interval <= unit + warmup + warming)
        return "the interval (" + std::to_string(interval) +
               ") must be longer than the warming, the warm-up and the unit together (" +
               std::to_string(warming + warmup + unit) + ")";
    return "";
}

// What a unit measures: ratios of sums of each CPU's counters.
const std::vector<Sampler::MetricDef>& Sampler::metric_table() {
    static const std::vector<MetricDef> kMetrics = {
        {"cpi",
         "cycles per instruction (cycles not idle)",
         // A CPU waiting for its caches counts the stall as it passes: a
         // unit shorter than the stall would otherwise miss it.
         {{"cycles", 1, [](const sparc::SparcCpu& c) { return double(c.elapsed_cycles()); }},
          {"idle_cycles", -1}},
         {{"instructions", 1}},
         1},
        {"dcache_read_miss_rate",
         "D$ read misses per D$ read (DC_rd_miss / DC_rd)",
         {{"counters.DC_rd_miss", 1}},
         {{"counters.DC_rd", 1}},
         1},
        {"ecache_miss_rate",
         "E$ misses per E$ reference (EC_misses / EC_ref)",
         {{"counters.EC_misses", 1}},
         {{"counters.EC_ref", 1}},
         1},
        {"ecache_mpki",
         "E$ misses per 1000 instructions",
         {{"counters.EC_misses", 1}},
         {{"instructions", 1}},
         1000},
        {"branch_mispredict_rate",
         "conditional branches mispredicted per conditional branch",
         {{"counters.IU_Stat_Br_miss_taken", 1}, {"counters.IU_Stat_Br_miss_untaken", 1}},
         {{"counters.IU_Stat_Br_count_taken", 1}, {"counters.IU_Stat_Br_count_untaken", 1}},
         1},
        {"bus_per_instruction",
         "Fireplane transactions the CPUs sent per instruction",
         {{"caches.bus.RTS", 1},
          {"caches.bus.RTSA", 1},
          {"caches.bus.RTO", 1},
          {"caches.bus.RS", 1},
          {"caches.bus.WB", 1},
          {"caches.bus.WS", 1}},
         {{"instructions", 1}},
         1},
    };
    return kMetrics;
}

Sampler::Sampler(const SamplingOptions& options, std::vector<sparc::SparcCpu*> cpus,
                 sparc::TimingKind measured, StatsRegistry& stats, sparc::RunLimits& limits)
    : options_(options.on_machine(cpus.size(), measured)), cpus_(std::move(cpus)), registry_(stats),
      estimate_resets_(stats.resets()), measured_(measured), limits_(limits),
      stats_("sampling", stats) {
    if (const std::string p = options_.problem(); !p.empty()) throw std::invalid_argument(p);
    const auto resolve = [&](const std::vector<Term>& terms) {
        std::vector<Reading> out;
        for (const sparc::SparcCpu* cpu : cpus_)
            for (const Term& t : terms) {
                if (t.read) {
                    out.push_back({[cpu, read = t.read] { return read(*cpu); }, t.sign});
                    continue;
                }
                const std::string name = std::string(cpu->name()) + "." + t.stat;
                const StatsRegistry::Entry* e = stats.find(name);
                if (!e) throw std::logic_error("sampling: no statistic " + name);
                // Raw values (a region of interest does not apply), copied: the
                // registry's entries move when statistics are added.
                if (const uint64_t* c = e->counter)
                    out.push_back({[c] { return double(*c); }, t.sign});
                else
                    out.push_back({e->formula, t.sign});
            }
        return out;
    };
    for (const MetricDef& d : metric_table())
        metrics_.push_back({&d, resolve(d.numerator), resolve(d.denominator), 0, 0, {}});
    for (sparc::SparcCpu* cpu : cpus_) {
        cpu->set_code_pace(&pace_);
        cpu->set_interrupt_on_contention(options_.stretch != 0);
        cpu->set_warming_blocks(cpus_.size() == 1 && !options_.by_work);
        cpu->count_work_into(options_.by_work ? &limits_.work_left : nullptr);
    }
    stats_.add_formula(
        "units", [this] { return double(units()); }, "units measured");
    stats_.add_formula(
        "stretches", [this] { return double(stretches_); },
        "contention stretches: warming interrupted to run the timed model");
    stats_.add_formula(
        "stretch_instructions", [this] { return double(stretch_instructions()); },
        "instructions run in the timed model in contention stretches", "count");
    stats_.add_formula(
        "block_instructions",
        [this] {
            double n = 0;
            for (const sparc::SparcCpu* cpu : cpus_)
                n += double(cpu->warming_block_instructions());
            return n;
        },
        "instructions warming ran in compiled blocks (one CPU; the rest one by one)", "count");
    if (options_.by_work)
        stats_.add_formula(
            "spin_instructions", [this] { return double(spin_instructions()); },
            "instructions found spinning (not work) while the phases counted work", "count");
    stats_.add_formula(
        "paced_regions", [this] { return double(pace_.regions()); },
        "regions of code whose CPI the units measured for warming's pace");
    for (const Metric& m : metrics_) {
        const RatioEstimate* e = &m.estimate;
        const double scale = m.def->scale;
        stats_.add_formula(
            std::string(m.def->name) + ".estimate", [e, scale] { return scale * e->value(); },
            std::string("sampled ") + m.def->description);
        stats_.add_formula(
            std::string(m.def->name) + ".ci99_7", [e, scale] { return scale * e->half_width(); },
            "half the width of its 99.7% confidence interval");
    }
}

Sampler::~Sampler() {
    for (sparc::SparcCpu* cpu : cpus_) {
        cpu->set_code_pace(nullptr);
        cpu->set_interrupt_on_contention(false);
        cpu->set_warming_blocks(false);
        cpu->count_work_into(nullptr);
    }
    limits_.work_left = sparc::RunLimits::kNoWork;
}

double Sampler::sum(const std::vector<Reading>& terms) {
    double s = 0;
    for (const Reading& r : terms)
        s += r.sign * r.read();
    return s;
}

Sampler::CpuCount Sampler::reading(const sparc::SparcCpu& cpu) {
    return {cpu.elapsed_cycles() - cpu.idle_cycles(), cpu.core().retired()};
}

uint64_t Sampler::atomics() const {
    uint64_t n = 0;
    for (const sparc::SparcCpu* cpu : cpus_)
        n += cpu->atomics();
    return n;
}

void Sampler::stretch_run() {
    stretch_atomics_ = atomics();
    if (options_.by_work) { // the warming's work left stays in RunLimits::work_left
        limits_.pause_left = options_.stretch;
        return;
    }
    const uint64_t run = std::min(options_.stretch, warming_left_);
    warming_left_ -= run;
    limits_.pause_left = run;
}

void Sampler::end_stretch() {
    if (phase_ == Phase::Stretch) stretch_instructions_ += retired() - stretch_from_;
}

uint64_t Sampler::stretch_instructions() const {
    return stretch_instructions_ + (phase_ == Phase::Stretch ? retired() - stretch_from_ : 0);
}

uint64_t Sampler::spin_instructions() const {
    uint64_t n = 0;
    for (const sparc::SparcCpu* cpu : cpus_)
        n += cpu->spin_detector().spin_instructions();
    return n;
}

void Sampler::place(uint64_t n) {
    if (options_.by_work) {
        limits_.work_left = int64_t(n);
        limits_.pause_left = ~uint64_t(0);
    } else {
        limits_.pause_left = n;
    }
}

bool Sampler::phase_done(uint64_t interrupted_left) const {
    if (options_.by_work) return limits_.work_done();
    if (phase_ == Phase::Warming) return !interrupted_left; // else a contention came first
    if (phase_ == Phase::Stretch) return !warming_left_;
    return true;
}

void Sampler::select(sparc::TimingKind kind) {
    for (sparc::SparcCpu* cpu : cpus_)
        cpu->select_timing(kind);
}

uint64_t Sampler::cold() const {
    if (!options_.warming) return 0;
    return options_.interval - options_.warming - options_.warmup - options_.unit;
}

uint64_t Sampler::retired() const {
    uint64_t n = 0;
    for (const sparc::SparcCpu* cpu : cpus_)
        n += cpu->core().retired();
    return n;
}

void Sampler::start() {
    const sparc::TimingKind first =
        cold() ? sparc::TimingKind::Functional : sparc::TimingKind::Warming;
    for (sparc::SparcCpu* cpu : cpus_) {
        cpu->set_run_timing(first, 0);
        cpu->select_timing(first); // a restored machine's CPUs have started already
    }
    phase_ = cold() ? Phase::Functional : Phase::Warming;
    place(cold() ? cold() : options_.interval - options_.warmup - options_.unit);
}

void Sampler::start_unit() {
    // The point was saved in warming, just before at_pause() switched to the
    // measured model: the restored machine goes back there and makes that
    // switch, whatever model its CPUs run now, so the pipeline restarts as it did.
    for (sparc::SparcCpu* cpu : cpus_) {
        cpu->set_run_timing(measured_, 0);
        cpu->select_timing(sparc::TimingKind::Warming);
    }
    single_ = true;
    done_ = false;
    phase_ = Phase::Warming;
    limits_.interrupted_left = 0;
    if (options_.by_work) limits_.work_left = 0; // the warming before the point is done
    at_pause();
}

bool Sampler::unit_next() const {
    return (phase_ == Phase::Warming || phase_ == Phase::Stretch) &&
           phase_done(limits_.interrupted_left);
}

void Sampler::begin_unit() {
    for (Metric& m : metrics_) {
        m.num_start = sum(m.numerator);
        m.den_start = sum(m.denominator);
    }
    unit_start_.clear();
    for (const sparc::SparcCpu* cpu : cpus_)
        unit_start_.push_back(reading(*cpu));
    unit_resets_ = registry_.resets();
    unit_frozen_ = registry_.frozen();
    phase_ = Phase::Measure;
    for (sparc::SparcCpu* cpu : cpus_)
        cpu->measure_pace(true);
}

void Sampler::end_unit() {
    for (sparc::SparcCpu* cpu : cpus_)
        cpu->measure_pace(false);
    last_unit_.clear();
    for (const Metric& m : metrics_)
        last_unit_.emplace_back(sum(m.numerator) - m.num_start, sum(m.denominator) - m.den_start);
    last_dropped_earlier_ = registry_.resets() != estimate_resets_;
    if (last_dropped_earlier_) {
        for (Metric& m : metrics_)
            m.estimate.clear();
        estimate_resets_ = registry_.resets();
    }
    last_counted_ = !unit_frozen_ && !registry_.frozen() && registry_.resets() == unit_resets_;
    if (last_counted_) add_unit(last_unit_);
}

void Sampler::add_unit(const UnitSums& sums) {
    if (sums.size() != metrics_.size())
        throw std::logic_error("sampling: a unit with " + std::to_string(sums.size()) +
                               " metrics, not " + std::to_string(metrics_.size()));
    for (size_t i = 0; i < sums.size(); ++i)
        metrics_[i].estimate.add(sums[i].first, sums[i].second);
}

void Sampler::at_pause() {
    const uint64_t interrupted_left = std::exchange(limits_.interrupted_left, 0);
    const bool done = phase_done(interrupted_left);
    switch (phase_) {
    case Phase::Functional:
        select(sparc::TimingKind::Warming);
        phase_ = Phase::Warming;
        return place(options_.warming);
    case Phase::Warming:
    case Phase::Stretch:
        if (done) {
            // A stretch may have run up to here (enter_warmup).
            end_stretch();
            if (enter_warmup()) return place(options_.warmup);
            begin_unit();
            return place(options_.unit);
        }
        if (phase_ == Phase::Warming) {
            if (!interrupted_left) return;
            // A CPU's atomic found its line in another cache: the threads
            // contend for it, and warming cannot keep the time that takes
            // (docs/sampling.md, "Contention"). The timed model runs until a
            // stretch sees no atomic.
            ++stretches_;
            select(measured_);
            phase_ = Phase::Stretch;
            stretch_from_ = retired();
            warming_left_ = interrupted_left;
            return stretch_run();
        }
        if (atomics() != stretch_atomics_) return stretch_run();
        end_stretch();
        select(sparc::TimingKind::Warming);
        phase_ = Phase::Warming;
        limits_.pause_left = options_.by_work ? ~uint64_t(0) : warming_left_;
        return;
    case Phase::Warmup: begin_unit(); return place(options_.unit);
    case Phase::Measure:
        if (finish_unit()) { // a live point's unit: the run is over
            limits_.work_left = sparc::RunLimits::kNoWork;
            limits_.pause_left = 0;
            return;
        }
        if (cold()) {
            select(sparc::TimingKind::Functional);
            phase_ = Phase::Functional;
            return place(cold());
        }
        select(sparc::TimingKind::Warming);
        phase_ = Phase::Warming;
        return place(options_.interval - options_.warmup - options_.unit);
    }
}

bool Sampler::enter_warmup() {
    // A stretch may have run up to here: the warm-up still starts from a
    // restarted pipeline, as a live point of it does. Spin detection starts
    // afresh too, so that a live point's unit ends where the run's did.
    for (sparc::SparcCpu* cpu : cpus_) {
        if (cpu->timing() == measured_) cpu->restart_timing();
        cpu->forget_loop();
    }
    select(measured_);
    phase_ = Phase::Warmup;
    return options_.warmup != 0;
}

bool Sampler::finish_unit() {
    end_unit();
    if (single_) {
        done_ = true;
        return true;
    }
    // Warming goes on at each CPU's pace in the units so far.
    measured_by_cpu_.resize(cpus_.size());
    for (size_t i = 0; i < cpus_.size(); ++i) {
        const CpuCount now = reading(*cpus_[i]), then = unit_start_[i];
        CpuCount& m = measured_by_cpu_[i];
        m.busy += now.busy - then.busy;
        m.instructions += now.instructions - then.instructions;
        if (m.instructions) cpus_[i]->set_warming_cpi(double(m.busy) / double(m.instructions));
    }
    return false;
}

void Sampler::write_report(std::ostream& out) const {
    char line[160];
    std::snprintf(line, sizeof line,
                  "sampled: %zu units of %llu instructions%s (after %llu to warm up) every %llu, ",
                  units(), (unsigned long long)options_.unit, options_.by_work ? " of work" : "",
                  (unsigned long long)options_.warmup, (unsigned long long)options_.interval);
    out << line;
    if (options_.warming)
        out << "functional warming for " << options_.warming << " before each\n";
    else
        out << "functional warming between\n";
    if (options_.by_work) {
        std::snprintf(line, sizeof line,
                      "  work: instructions not spent spinning (%llu found spinning)\n",
                      (unsigned long long)spin_instructions());
        out << line;
    }
    if (options_.stretch) {
        std::snprintf(line, sizeof line,
                      "  contention: %llu stretches in the timed model (%llu instructions at "
                      "least each), %llu instructions\n",
                      (unsigned long long)stretches_, (unsigned long long)options_.stretch,
                      (unsigned long long)stretch_instructions());
        out << line;
    }
    std::snprintf(line, sizeof line, "  %-24s %12s %12s %8s\n", "metric", "estimate", "±99.7%", "");
    out << line;
    for (const Metric& m : metrics_) {
        const double v = m.def->scale * m.estimate.value();
        const double h = m.def->scale * m.estimate.half_width();
        if (std::isnan(v))
            std::snprintf(line, sizeof line, "  %-24s %12s\n", m.def->name, "n/a");
        else if (std::isnan(h))
            std::snprintf(line, sizeof line, "  %-24s %12.5g %12s\n", m.def->name, v, "n/a");
        else
            std::snprintf(line, sizeof line, "  %-24s %12.5g %12.3g %7.2f%%\n", m.def->name, v, h,
                          v != 0 ? 100 * h / std::fabs(v) : 0.0);
        out << line;
    }
}

} // namespace fireplane
