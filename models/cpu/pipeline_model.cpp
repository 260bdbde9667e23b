#include "pipeline_model.h"

#include <algorithm>
#include <iterator>

namespace fireplane::sparc {

namespace {
// How many instructions of each pipe one group can hold.
constexpr unsigned kPipeWidth[] = {2, 1, 1, 1, 1};

// Per instruction class, in InstructionClass order: the pipe it issues to,
// and what an instruction that needs its result waits for.
struct ClassRow {
    PipelineModel::Pipe pipe;
    CpiCause wait;
};
using P = PipelineModel::Pipe;
constexpr ClassRow kClassTable[] = {
    {P::kInt, CpiCause::IntDependency},    // IntAlu
    {P::kInt, CpiCause::IntDependency},    // IntMul
    {P::kInt, CpiCause::DivideSqrt},       // IntDiv
    {P::kMem, CpiCause::LoadUse},          // Load
    {P::kMem, CpiCause::IntDependency},    // Store
    {P::kMem, CpiCause::LoadUse},          // Atomic
    {P::kMem, CpiCause::LoadUse},          // FpLoad
    {P::kMem, CpiCause::IntDependency},    // FpStore
    {P::kMem, CpiCause::IntDependency},    // Prefetch
    {P::kBranch, CpiCause::IntDependency}, // Branch
    {P::kBranch, CpiCause::IntDependency}, // Call
    {P::kBranch, CpiCause::IntDependency}, // Jump
    {P::kFpAdd, CpiCause::FpDependency},   // FpAdd
    {P::kFpMul, CpiCause::FpDependency},   // FpMul
    {P::kFpMul, CpiCause::DivideSqrt},     // FpDivSingle
    {P::kFpMul, CpiCause::DivideSqrt},     // FpDivDouble
    {P::kFpMul, CpiCause::DivideSqrt},     // FpSqrtSingle
    {P::kFpMul, CpiCause::DivideSqrt},     // FpSqrtDouble
    {P::kNone, CpiCause::Serializing},     // Serializing
};
static_assert(std::size(kClassTable) == unsigned(InstructionClass::kCount));
} // namespace

PipelineModel::Pipe PipelineModel::pipe_of(InstructionClass c) {
    return kClassTable[unsigned(c)].pipe;
}

void PipelineModel::start_group(uint64_t at) {
    group_cycle_ = at;
    group_size_ = 0;
    pipe_use_.fill(0);
    group_closed_ = false;
}

uint64_t PipelineModel::issue(const InstructionInfo& insn, bool taken, unsigned extra_latency) {
    const uint64_t before = group_cycle_;
    const Pipe pipe = pipe_of(insn.cls);
    // The divide and square-root units (not pipelined), by class.
    static constexpr uint32_t kDivideClasses = 1u << unsigned(InstructionClass::IntDiv) |
                                               1u << unsigned(InstructionClass::FpDivSingle) |
                                               1u << unsigned(InstructionClass::FpDivDouble) |
                                               1u << unsigned(InstructionClass::FpSqrtSingle) |
                                               1u << unsigned(InstructionClass::FpSqrtDouble);
    const bool divide = (kDivideClasses >> unsigned(insn.cls)) & 1;
    uint64_t earliest = group_cycle_;
    CpiCause why = CpiCause::Base; // what set `earliest`
    auto wait_for = [&](uint64_t ready, CpiCause cause) {
        if (ready > earliest) earliest = ready, why = cause;
    };
    // kNoReg reads its own slot, which is never written, so no test is needed.
    for (uint8_t r : insn.src)
        wait_for(ready_[r], ready_cause_[r]);
    if (divide) wait_for(divide_busy_until_, CpiCause::DivideSqrt);
    if (insn.cls == InstructionClass::Serializing) // waits for everything in flight
        for (unsigned r = 0; r < kTrackedRegs; ++r)
            wait_for(ready_[r], CpiCause::Serializing);

    const bool fits = !group_closed_ && group_size_ < config_.issue_width &&
                      (pipe == kNone || pipe_use_[pipe] < kPipeWidth[pipe]);
    if (earliest > group_cycle_ || !fits) start_group(std::max(earliest, group_cycle_ + 1));

    ++group_size_;
    if (pipe != kNone) ++pipe_use_[pipe];
    const uint64_t done = group_cycle_ + config_.latency[unsigned(insn.cls)] + extra_latency;
    for (uint8_t r : insn.dst) {
        const unsigned slot = r == kNoReg ? kWriteSink : r; // kNoReg's own slot stays 0 for reads
        ready_[slot] = done;
        ready_cause_[slot] = kClassTable[unsigned(insn.cls)].wait;
    }
    if (divide) divide_busy_until_ = done;
    if (taken || insn.cls == InstructionClass::Serializing) group_closed_ = true;
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

} // namespace fireplane::sparc
