#include "pipeline_model.h"

#include <algorithm>

namespace fireplane::sparc {

namespace {
// How many instructions of each pipe one group can hold.
constexpr unsigned kPipeWidth[] = {2, 1, 1, 1, 1};
} // namespace

PipelineModel::Pipe PipelineModel::pipe_of(InstructionClass c) {
    // By InstructionClass, in its order: the pipe each class issues to.
    static constexpr Pipe kClassPipe[] = {
        kInt,    kInt,    kInt, // IntAlu, IntMul, IntDiv
        kMem,    kMem,    kMem,
        kMem,    kMem,    kMem,    // Load, Store, Atomic, FpLoad, FpStore, Prefetch
        kBranch, kBranch, kBranch, // Branch, Call, Jump
        kFpAdd,  kFpMul,  kFpMul,
        kFpMul,  kFpMul,  kFpMul, // FpAdd, FpMul, divides and square roots
        kNone,                    // Serializing
    };
    static_assert(sizeof kClassPipe / sizeof kClassPipe[0] == unsigned(InstructionClass::kCount));
    return kClassPipe[unsigned(c)];
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
    const bool divide =
        insn.cls == InstructionClass::IntDiv || insn.cls == InstructionClass::FpDivSingle ||
        insn.cls == InstructionClass::FpDivDouble || insn.cls == InstructionClass::FpSqrtSingle ||
        insn.cls == InstructionClass::FpSqrtDouble;
    uint64_t earliest = group_cycle_;
    for (uint8_t r : insn.src)
        if (r != kNoReg) earliest = std::max(earliest, ready_[r]);
    if (divide) earliest = std::max(earliest, divide_busy_until_);
    if (insn.cls == InstructionClass::Serializing) // waits for everything in flight
        for (uint64_t r : ready_)
            earliest = std::max(earliest, r);

    const bool fits = !group_closed_ && group_size_ < config_.issue_width &&
                      (pipe == kNone || pipe_use_[pipe] < kPipeWidth[pipe]);
    if (earliest > group_cycle_ || !fits) start_group(std::max(earliest, group_cycle_ + 1));

    ++group_size_;
    if (pipe != kNone) ++pipe_use_[pipe];
    const uint64_t done = group_cycle_ + config_.latency[unsigned(insn.cls)] + extra_latency;
    for (uint8_t r : insn.dst)
        if (r != kNoReg) ready_[r] = done;
    if (divide) divide_busy_until_ = done;
    if (taken || insn.cls == InstructionClass::Serializing) group_closed_ = true;
    // The first instruction of a run starts group 0 at cycle 0 and costs a cycle.
    const uint64_t added = group_cycle_ - before + (first_ ? 1 : 0);
    first_ = false;
    return added;
}

} // namespace fireplane::sparc
