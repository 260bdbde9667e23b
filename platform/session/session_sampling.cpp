// Session: sampled simulation (sampler.h, docs/sampling.md).
#include "session.h"

#include <stdexcept>
#include <utility>

namespace fireplane {

namespace {
// How long a pause waits for the caches' answers before a live point (a few
// memory latencies; what does not land by then is not a cache answer).
const sc_core::sc_time kSettleTime(10, sc_core::SC_US);
} // namespace

void Session::make_sampler(const SamplingOptions& options, const char* what) {
    const sparc::TimingKind measured = simulation().model;
    if (measured != sparc::TimingKind::Detailed && measured != sparc::TimingKind::Fixed)
        throw std::invalid_argument(std::string(what) +
                                    " measure a timed model: choose --model detailed (or fixed)");
    sampler_ = std::make_unique<Sampler>(options, platform_->cpus, measured, stats_, limits_);
    control_->ignore_model_switches();
}

void Session::sample(const SamplingOptions& options) {
    StatsRegistry::Scope scope(stats_);
    if (simulation().fast_forward > 0)
        throw std::invalid_argument(
            "sampling warms the caches from the first instruction: no --fast-forward with it");
    if (checkpoint_) throw std::invalid_argument("a sampled run cannot take a checkpoint yet");
    if (!process_ && !firmware_)
        throw std::logic_error("Session::sample: load a program, firmware or checkpoint first");
    make_sampler(options, "sampled runs");
    sampler_->start();
}

bool Session::sampling_pause() {
    // Where a live point goes, nothing may be in flight. A CPU may still wait
    // for its caches (its miss came just before the pause, or in the unit
    // before a short warming): SystemC time goes on until the answers have
    // landed, every other CPU still paused (RunLimits::reached stays set, so
    // a CPU that gets to an instruction boundary waits too). Every sampled run
    // does it, so that saving the points does not change the run.
    // A pause that came early (a contention in warming: sampler.h) is no unit's start.
    const bool unit_next = sampler_->unit_next();
    if (unit_next)
        run_until([this] { return quiescence(); }, sc_core::sc_time_stamp() + kSettleTime);
    limits_.reached = sparc::RunLimits::Reached::None;
    if (live_points_ && unit_next) {
        const std::string why = quiescence();
        // Decoded code is host-side: dropped, the unit decodes it again from
        // memory, and the capture sees which code the unit runs.
        for (sparc::SparcCpu* cpu : platform_->cpus)
            cpu->core().flush_code();
        live_points_->unit_begins(checkpoint_info(), why);
    }
    const bool unit_ends = sampler_->unit_ending();
    sampler_->at_pause();
    if (live_points_ && unit_ends)
        live_points_->unit_ends(sampler_->last_unit_counted(),
                                sampler_->last_unit_dropped_earlier());
    if (sampler_->done()) return false;
    limits_.resume();
    return true;
}

} // namespace fireplane
