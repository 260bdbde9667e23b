#pragma once
// An in-order issue model close to the UltraSPARC III: up to four
// instructions a cycle in one group, limited by the execution pipes (two
// integer, one load/store, one branch, an FP adder and an FP multiplier) and
// by register dependencies with each class's result latency. The detailed
// timing model feeds it the retired instructions and adds memory stalls.
#include "cpi_stack.h"
#include "instruction_class.h"

#include <array>
#include <cstdint>

namespace fireplane::sparc {

struct PipelineConfig {
    unsigned issue_width = 4;
    // Result latency by class: cycles until a dependent instruction can issue.
    // These follow the UltraSPARC III Cu manual's pipeline description as far
    // as this project has it; they are parameters so that validation can tune them.
    std::array<unsigned, unsigned(InstructionClass::kCount)> latency = {
        1,  // IntAlu
        6,  // IntMul
        40, // IntDiv
        2,  // Load (D$ hit: one bubble before a dependent instruction)
        1,  // Store
        1,  // Atomic (its memory time comes from the caches)
        3,  // FpLoad
        1,  // FpStore
        1,  // Prefetch
        1,  // Branch
        1,  // Call
        1,  // Jump
        4,  // FpAdd
        4,  // FpMul
        17, // FpDivSingle
        20, // FpDivDouble
        23, // FpSqrtSingle
        33, // FpSqrtDouble
        1,  // Serializing
    };
};

class PipelineModel {
public:
    explicit PipelineModel(const PipelineConfig& config = {}) : config_(config) {}

    // Issues one instruction; returns the cycles it adds to the run (0 when it
    // joins the current group). `taken` ends the group after a control transfer;
    // `extra_latency` delays its results (a cache miss, say).
    uint64_t issue(const InstructionInfo& insn, bool taken = false, unsigned extra_latency = 0);
    // Where the last issue's cycles went: one Base cycle when it started a
    // group, and the cycles it waited past that for `waited_for` (the result
    // it needed, a busy divide unit, or everything in flight).
    struct IssueCost {
        uint64_t base = 0, waited = 0;
        CpiCause waited_for = CpiCause::Base;
    };
    const IssueCost& last_cost() const { return cost_; }
    uint64_t cycle() const { return group_cycle_; }
    // The pipeline stood still for `cycles` after the current group (a cache
    // stall); the next instruction starts a new group after it.
    void stall(uint64_t cycles) {
        group_cycle_ += cycles;
        group_closed_ = true;
    }

    // The execution pipes an instruction class issues to.
    enum Pipe : uint8_t { kInt, kMem, kBranch, kFpAdd, kFpMul, kNone, kPipes = kNone };

private:
    static Pipe pipe_of(InstructionClass c);
    void start_group(uint64_t at);

    PipelineConfig config_;
    // Cycle each register's value is available. Slot kNoReg is always 0 (an
    // absent source); absent destinations write kWriteSink.
    static constexpr unsigned kWriteSink = kTrackedRegs;
    std::array<uint64_t, 256> ready_{};
    std::array<CpiCause, 256> ready_cause_{}; // what waiting for each register's value is
    IssueCost cost_;
    uint64_t group_cycle_ = 0;
    unsigned group_size_ = 0;
    std::array<unsigned, kPipes> pipe_use_{};
    bool group_closed_ = false;
    uint64_t divide_busy_until_ = 0; // the divide/square-root units are not pipelined
    bool first_ = true;
};

} // namespace fireplane::sparc
