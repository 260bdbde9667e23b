#pragma once
// The in-order dispatch model of the UltraSPARC III Cu (models/cpu/README.md,
// "Pipeline"): up to four instructions a cycle in one group, limited by the
// execution pipes (two integer ALUs, load/store, branch, FP add, FP
// multiply), by register dependencies with each class's result latency and
// bypasses, by the multi-cycle operations that block dispatch or keep their
// pipe busy, and by what the fetch unit and branch predictor deliver. The
// detailed timing model feeds it the retired instructions and adds memory
// stalls.
#include "branch_predictor.h"
#include "cpi_stack.h"
#include "fetch_unit.h"
#include "instruction_class.h"
#include "pipeline_config.h"

#include <array>
#include <cstdint>
#include <iterator>

namespace fireplane::sparc {

// How many instructions of each execution pipe (PipelineModel::Pipe) one
// group can hold: A0 and A1 are symmetric; one each of the others.
inline constexpr unsigned kPipeWidth[] = {2, 1, 1, 1, 1};
// A nibble per pipe: 7 less its width (a group's count starts there), or 8.
constexpr uint32_t pipe_nibbles(bool full) {
    uint32_t v = 0;
    for (unsigned p = 0; p < std::size(kPipeWidth); ++p)
        v |= (full ? 8u : 7u - kPipeWidth[p]) << (4 * p);
    return v;
}

class PipelineModel {
public:
    explicit PipelineModel(const PipelineConfig& config = {});

    // Issues one instruction, fetched from `pc`; returns the cycles it adds to
    // the run (0 when it joins the current group). `new_path`: it is the first
    // instruction after a control transfer's delay slot. `extra_latency`
    // delays its results (a cache miss, say). A caller that gives no PCs
    // (all 0) gets dispatch alone, without fetch limits.
    uint64_t issue(const InstructionInfo& insn, uint64_t pc = 0, bool new_path = false,
                   unsigned extra_latency = 0);

    // Where the control transfer of `kind` issued last, at `pc`, went, for
    // the predictor and the fetch unit: `taken` (or not) to `target`. Returns
    // whether it was predicted right.
    bool transfer(TransferKind kind, uint64_t pc, bool taken, uint64_t target);
    // The predictor alone learns where a transfer went (functional warming);
    // returns whether it had predicted it.
    bool learn(TransferKind kind, uint64_t pc, bool taken, uint64_t target);
    // Empties the pipeline (a timing model switch); the predictor keeps its state.
    void restart();
    // Checkpoints (pipeline_checkpoint.cpp): the predictor, the fetch unit and
    // the dispatch state, for a pipeline of the same configuration.
    void checkpoint(StateIo& io);

    // Where the last issue's cycles went: one Base cycle when it started a
    // group, and the cycles it waited past that for `waited_for` (the result
    // it needed, a busy unit, the fetch unit, or everything in flight).
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

    // The execution pipes, as bits of a class's pipe set.
    enum Pipe : uint8_t { kIntAlu, kMemory, kBranch, kFpAdd, kFpMul, kPipes };
    static_assert(std::size(kPipeWidth) == kPipes);

private:
    void start_group(uint64_t at);
    // When a bypass consumer's source `reg` is ready for it.
    uint64_t operand_ready(uint8_t reg, const InstructionInfo& insn) const;

    PipelineConfig config_;
    FetchUnit fetch_;
    BranchPredictor predictor_;
    // Cycle each register's value is available, and the class that produces
    // it (for bypasses). Slot kNoReg is always 0 (an absent source); absent
    // destinations write kWriteSink.
    static constexpr unsigned kWriteSink = kTrackedRegs;
    std::array<uint64_t, 256> ready_{};
    std::array<InstructionClass, 256> producer_{};
    IssueCost cost_;
    uint64_t group_cycle_ = 0;
    unsigned group_size_ = 0;
    // A class's dispatch facts with this configuration's timing, looked up once.
    struct IssueRow {
        uint8_t pipes = 0;
        bool alone = false, closes = false, bypassed = false;
        CpiCause wait = CpiCause::Base;
        unsigned latency = 0, busy = 0, blocks = 0;
        uint32_t pipe_add = 0; // a 1 in each of its pipes' nibbles
    };
    std::array<IssueRow, kInstructionClasses> rows_{};
    // The group's use of each pipe: a nibble per pipe, starting at 7 - its
    // width, so a use beyond the width sets the nibble's top bit.
    static constexpr uint32_t kPipeBias = pipe_nibbles(false);
    static constexpr uint32_t kPipeFull = pipe_nibbles(true);
    uint32_t group_pipes_ = kPipeBias;
    std::array<uint64_t, kPipes> pipe_busy_until_{}; // divide and square root
    uint64_t busy_until_ = 0;                        // the latest of them
    uint64_t blocked_until_ = 0;                     // multiply and divide helpers
    CpiCause blocked_why_ = CpiCause::Base;
    bool group_closed_ = false;
    bool first_ = true;
};

} // namespace fireplane::sparc
