#pragma once
// Warming's pace by code (docs/sampling.md, "Threads that spin"). Sampled
// simulation warms between its units at a CPI it measured in them. One CPI
// per CPU mixes code that runs at very different rates: libgomp's spin wait
// retires two instructions a cycle, a stencil sweep one every four or five.
// A thread that works then warms too fast and one that spins too slowly, so
// the threads meet at other times than in the detailed model, and the
// instructions spent waiting (and every metric per instruction) follow.
//
// CodePace keeps the cycles per instruction that the timed model measured
// in the units for each region of code (64 bytes: kRegionShift), over every
// CPU of the machine, recent ones weighing more. Not in the warm-ups: their
// restarted pipeline and the sharing warming moved without bus time run slow. Warming charges an
// instruction the CPI of its region, or the CPU's own when its region has not been measured.
#include <cstddef>
#include <cstdint>
#include <unordered_map>

namespace fireplane::sparc {

class CodePace {
public:
    static constexpr unsigned kRegionShift = 6; // 16 instructions a region
    static constexpr unsigned kFraction = 16;   // CPIs are fixed point, as warming's cycles
    // Instructions a region needs before its CPI is used, and the count at
    // which its sums halve (older measurements fade).
    static constexpr uint64_t kMinInstructions = 16;
    static constexpr uint64_t kHalveAt = 4096;

    static uint64_t region(uint64_t pc) { return pc >> kRegionShift; }

    // A timed instruction of `region` took `cycles`.
    void record(uint64_t region, uint64_t cycles, uint64_t instructions = 1);
    // The fixed-point CPI of `region`, or `fallback` while it has too few measurements.
    uint64_t cpi(uint64_t region, uint64_t fallback) const;
    // Changes with every record(): a cached cpi() is stale when it moved.
    uint64_t generation() const { return generation_; }
    size_t regions() const { return regions_.size(); }

private:
    struct Sums {
        uint64_t cycles = 0, instructions = 0;
    };
    std::unordered_map<uint64_t, Sums> regions_;
    uint64_t generation_ = 0;
};

// A timed model's side of it: the cycles between two retirements, less the
// CPU's idle cycles among them, belong to the first instruction. Consecutive
// instructions of one region are summed before they reach the table.
class PaceProbe {
public:
    void attach(CodePace* pace) {
        flush();
        pace_ = pace;
        last_valid_ = false;
    }
    bool attached() const { return pace_ != nullptr; }
    // An instruction at `pc` retires when the CPU has spent `cycle` cycles, `idle` of them idle.
    void retiring(uint64_t pc, uint64_t cycle, uint64_t idle) {
        if (last_valid_) {
            const uint64_t spent = cycle - last_cycle_, slept = idle - last_idle_;
            add(CodePace::region(last_pc_), spent > slept ? spent - slept : 0);
        }
        last_pc_ = pc;
        last_cycle_ = cycle;
        last_idle_ = idle;
        last_valid_ = true;
    }
    // The model stops timing (switched out, or restarted): the last instruction is not measured.
    void stop() {
        flush();
        last_valid_ = false;
    }

private:
    void add(uint64_t region, uint64_t cycles) {
        if (open_count_ && region != open_region_) flush();
        open_region_ = region;
        open_cycles_ += cycles;
        ++open_count_;
    }
    void flush() {
        if (pace_ && open_count_) pace_->record(open_region_, open_cycles_, open_count_);
        open_cycles_ = open_count_ = 0;
    }

    CodePace* pace_ = nullptr;
    uint64_t last_pc_ = 0, last_cycle_ = 0, last_idle_ = 0;
    bool last_valid_ = false;
    uint64_t open_region_ = 0, open_cycles_ = 0, open_count_ = 0;
};

} // namespace fireplane::sparc
