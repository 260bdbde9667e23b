// Session: sampled simulation (sampler.h, docs/sampling.md).
#include "session.h"

#include <stdexcept>

namespace fireplane {

void Session::make_sampler(const SamplingOptions& options, const char* what) {
    const sparc::TimingKind measured = simulation().model;
    if (measured != sparc::TimingKind::Detailed && measured != sparc::TimingKind::Fixed)
        throw std::invalid_argument(std::string(what) +
                                    " measure a timed model: choose --model detailed (or fixed)");
    sampler_ = std::make_unique<Sampler>(options, platform_->cpus, measured, stats_);
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
    limits_.pause_left = sampler_->start();
}

bool Session::sampling_pause() {
    limits_.reached = sparc::RunLimits::Reached::None;
    if (live_points_ && sampler_->unit_next()) {
        std::string why = not_quiescent();
        if (why.empty()) why = not_quiescent(true);
        // Decoded code is host-side: dropped, the unit decodes it again from
        // memory, and the capture sees which code the unit runs.
        for (sparc::SparcCpu* cpu : platform_->cpus)
            cpu->core().flush_code();
        live_points_->unit_begins(checkpoint_info(), why);
    }
    const bool unit_ends = sampler_->unit_ending();
    limits_.pause_left = sampler_->at_pause();
    if (live_points_ && unit_ends)
        live_points_->unit_ends(sampler_->last_unit_counted(),
                                sampler_->last_unit_dropped_earlier());
    if (sampler_->done()) return false;
    limits_.resume();
    return true;
}

} // namespace fireplane
