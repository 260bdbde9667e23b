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

#include <algorithm>
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
    static constexpr uint8_t kNoBypass = 3;        // the number of bypasses: a class that has none
    static constexpr uint8_t kNoBypassReg = 0xfe;  // no register matches it
    static constexpr uint8_t kStoreDataReg = 0xfd; // a store's data, whichever register
    static_assert(std::size(kPipeWidth) == kPipes);

private:
    void start_group(uint64_t at);

    PipelineConfig config_;
    FetchUnit fetch_;
    BranchPredictor predictor_;
    // Cycle each register's value is available, and the class that produces
    // it (for bypasses). Slot kNoReg is always 0 (an absent source); absent
    // destinations write kWriteSink.
    static constexpr unsigned kWriteSink = kTrackedRegs;
    std::array<uint64_t, 256> ready_{};
    std::array<InstructionClass, 256> producer_{};
    // Per bypass, the cycles it takes off each producer class's latency.
    std::array<std::array<unsigned, kInstructionClasses>, kNoBypass> bypass_saves_{};

    IssueCost cost_;
    uint64_t group_cycle_ = 0;
    unsigned group_size_ = 0;
    // A class's dispatch facts with this configuration's timing, looked up once.
    struct IssueRow {
        uint8_t pipes = 0;
        bool alone = false, closes = false;
        uint8_t bypass = kNoBypass;        // the bypass (pipeline_model.cpp) it consumes through
        uint8_t bypass_reg = kNoBypassReg; // ... for this source (kStoreDataReg: its store data)
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

inline void PipelineModel::start_group(uint64_t at) {
    group_cycle_ = at;
    group_size_ = 0;
    group_pipes_ = kPipeBias;
    group_closed_ = false;
}

// Inline: the detailed model calls it for every instruction.
inline uint64_t PipelineModel::issue(const InstructionInfo& insn, uint64_t pc, bool new_path,
                                     unsigned extra_latency) {
    const uint64_t before = group_cycle_;
    const IssueRow& row = rows_[unsigned(insn.cls)];

    uint64_t earliest = group_cycle_;
    CpiCause why = CpiCause::Base; // what set `earliest`
    auto wait_for = [&](uint64_t ready, CpiCause cause) {
        if (ready > earliest) earliest = ready, why = cause;
    };
    bool redirected = false; // a new fetch brought it: it starts a group
    if (pc != 0) {
        const FetchUnit::Arrival arrival =
            fetch_.arrive(pc, insn.transfer != TransferKind::None, new_path);
        wait_for(arrival.cycle, arrival.why);
        redirected = arrival.redirected;
    }
    wait_for(blocked_until_, blocked_why_);
    // kNoReg reads its own slot, which is never written, so no test is needed.
    // A source ready by `earliest` changes nothing (a bypass only makes it
    // earlier): most are, and only a late one needs its bypass and cause.
    const uint8_t* src = insn.src;
    if (std::max(std::max(ready_[src[0]], ready_[src[1]]),
                 std::max(ready_[src[2]], ready_[src[3]])) > earliest) {
        // The one source the class's bypass may serve (none matches kNoBypassReg).
        uint8_t bypass_reg = row.bypass_reg;
        if (bypass_reg == kStoreDataReg) {
            const uint8_t data = insn.store_data();
            bypass_reg = data == kNoReg ? kNoBypassReg : data;
        }
        const unsigned* saves =
            row.bypass == kNoBypass ? nullptr : bypass_saves_[row.bypass].data();
        for (uint8_t r : insn.src) {
            uint64_t ready = ready_[r];
            if (r == bypass_reg) ready -= std::min<uint64_t>(ready, saves[unsigned(producer_[r])]);
            wait_for(ready, rows_[unsigned(producer_[r])].wait);
        }
    }
    if (busy_until_ > earliest) // some pipe is still busy (a divide or square root)
        for (unsigned m = row.pipes; m; m &= m - 1)
            wait_for(pipe_busy_until_[__builtin_ctz(m)], CpiCause::DivideSqrt);
    if (insn.cls == InstructionClass::Serializing) // waits for everything in flight
        for (unsigned r = 0; r < kTrackedRegs; ++r)
            wait_for(ready_[r], CpiCause::Serializing);

    // Each pipe's count in the group sits in a nibble biased so that a full
    // pipe's next use sets the nibble's top bit.
    const bool fits = !group_closed_ && !redirected && group_size_ < config_.issue_width &&
                      !(row.alone && group_size_) &&
                      ((group_pipes_ + row.pipe_add) & kPipeFull) == 0;
    if (earliest > group_cycle_ || !fits) start_group(std::max(earliest, group_cycle_ + 1));

    ++group_size_;
    group_pipes_ += row.pipe_add;
    if (row.busy) {
        for (unsigned m = row.pipes; m; m &= m - 1)
            pipe_busy_until_[__builtin_ctz(m)] = group_cycle_ + 1 + row.busy;
        busy_until_ = std::max(busy_until_, group_cycle_ + 1 + row.busy);
    }
    const uint64_t done = group_cycle_ + row.latency + extra_latency;
    for (uint8_t r : insn.dst) {
        const unsigned slot = r == kNoReg ? kWriteSink : r; // kNoReg's own slot stays 0 for reads
        ready_[slot] = done;
        producer_[slot] = insn.cls;
    }
    if (row.blocks) {
        blocked_until_ = group_cycle_ + 1 + row.blocks;
        blocked_why_ = row.wait;
    }
    if (row.closes) group_closed_ = true;
    if (pc != 0) fetch_.dispatched(group_cycle_);

    // The first instruction of a run starts group 0 at cycle 0 and costs a cycle.
    const uint64_t added = group_cycle_ - before + (first_ ? 1 : 0);
    first_ = false;
    // A new group's first cycle is Base; the cycles it started later than
    // the one after the last group went to what the instruction waited for.
    cost_.base = added ? 1 : 0;
    cost_.waited = added ? added - 1 : 0;
    cost_.waited_for = why;
    return added;
}

inline bool PipelineModel::learn(TransferKind kind, uint64_t pc, bool taken, uint64_t target) {
    switch (kind) {
    case TransferKind::None:
    case TransferKind::Always: return true;
    case TransferKind::Conditional: return predictor_.conditional(pc, taken);
    case TransferKind::Call: predictor_.call(pc + 8); return true;
    case TransferKind::Return: return predictor_.ret(target);
    case TransferKind::IndirectCall: predictor_.call(pc + 8); return false;
    case TransferKind::Indirect: return false; // no target predictor
    }
    return true;
}

inline bool PipelineModel::transfer(TransferKind kind, uint64_t pc, bool taken, uint64_t target) {
    using R = FetchUnit::Redirect;
    if (kind == TransferKind::None) return true;
    const bool right = learn(kind, pc, taken, target);
    R redirect = right ? R::Taken : R::Mispredicted;
    if (kind == TransferKind::Conditional)
        redirect = right ? (taken ? R::Taken : R::None)
                         : (taken ? R::Mispredicted : R::MispredictedFromMissQueue);
    fetch_.redirect(redirect, group_cycle_);
    return right;
}

} // namespace fireplane::sparc
