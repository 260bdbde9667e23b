#include "pipeline_model.h"

#include <algorithm>
#include <iterator>

namespace fireplane::sparc {

namespace {

using IC = InstructionClass;
using P = PipelineModel::Pipe;
constexpr uint8_t bit(P p) {
    return uint8_t(1u << p);
}
constexpr uint8_t A = bit(P::kIntAlu), MS = bit(P::kMemory), BR = bit(P::kBranch),
                  FGA = bit(P::kFpAdd), FGM = bit(P::kFpMul);

// How an instruction class sits in a dispatch group.
enum Grouping : uint8_t {
    kJoins,     // with whatever fits
    kEndsGroup, // last of its group (a serializing instruction: nothing passes it)
    kAlone,     // the only one of its group
};

// Per instruction class, in InstructionClass order: the pipes it takes (an
// instruction that needs two takes both in its group), what an instruction
// that needs its result waits for, and how it groups. Latencies and blocking
// are parameters (pipeline_config.h).
struct ClassRow {
    uint8_t pipes;
    CpiCause wait;
    Grouping grouping;
};
constexpr ClassRow kClassTable[] = {
    {A, CpiCause::IntDependency, kJoins},       // IntAlu
    {MS, CpiCause::IntDependency, kJoins},      // IntMul: MS, then helper groups
    {MS, CpiCause::DivideSqrt, kJoins},         // IntDiv
    {MS | BR, CpiCause::IntDependency, kJoins}, // CondMove
    {MS, CpiCause::LoadUse, kJoins},            // Load
    {MS, CpiCause::LoadUse, kJoins},            // LoadExtended
    {MS, CpiCause::IntDependency, kJoins},      // Store
    {MS, CpiCause::LoadUse, kJoins},            // Atomic
    {MS, CpiCause::LoadUse, kJoins},            // FpLoad
    {MS, CpiCause::IntDependency, kJoins},      // FpStore
    {MS, CpiCause::IntDependency, kJoins},      // Prefetch
    {BR, CpiCause::IntDependency, kJoins},      // Branch
    {BR | MS, CpiCause::IntDependency, kJoins}, // Call
    {BR | MS, CpiCause::IntDependency, kJoins}, // Jump
    {FGA, CpiCause::FpDependency, kJoins},      // FpMove
    {FGA | BR, CpiCause::FpDependency, kJoins}, // FpCondMove
    {FGA | MS, CpiCause::FpDependency, kJoins}, // FpRegCondMove
    {FGA, CpiCause::FpDependency, kJoins},      // FpAdd
    {FGA, CpiCause::FpDependency, kJoins},      // FpCompare
    {FGM, CpiCause::FpDependency, kJoins},      // FpMul
    {FGM, CpiCause::DivideSqrt, kJoins},        // FpDivSingle
    {FGM, CpiCause::DivideSqrt, kJoins},        // FpDivDouble
    {FGM, CpiCause::DivideSqrt, kJoins},        // FpSqrtSingle
    {FGM, CpiCause::DivideSqrt, kJoins},        // FpSqrtDouble
    {A, CpiCause::IntDependency, kAlone},       // SingleGroup
    {0, CpiCause::Serializing, kEndsGroup},     // Serializing
};
static_assert(std::size(kClassTable) == kInstructionClasses);

constexpr uint32_t classes(std::initializer_list<IC> list) {
    uint32_t mask = 0;
    for (IC c : list)
        mask |= 1u << unsigned(c);
    return mask;
}

// Bypasses: a consumer of these classes reading the operand from a producer
// of those gets it after `latency` cycles instead of the producer's own.
enum class Operand : uint8_t { StoreData, IntCc, FpCc };
struct Bypass {
    uint32_t consumers, producers;
    Operand operand;
    unsigned latency;
};
constexpr Bypass kBypasses[] = {
    // A store may share its group with the instruction computing its data
    // (not with a load, a multiply or a divide).
    {classes({IC::Store, IC::FpStore}),
     classes({IC::IntAlu, IC::FpAdd, IC::FpMove, IC::FpCondMove, IC::FpMul}), Operand::StoreData,
     0},
    // An integer branch may share its group with the compare setting its cc.
    {classes({IC::Branch}), classes({IC::IntAlu}), Operand::IntCc, 0},
    // fmovcc uses an fcmp's fcc a cycle after it.
    {classes({IC::FpCondMove}), classes({IC::FpCompare}), Operand::FpCc, 1},
};
constexpr uint32_t kBypassConsumers = classes({IC::Store, IC::FpStore, IC::Branch, IC::FpCondMove});

bool operand_is(Operand operand, uint8_t reg, const InstructionInfo& insn) {
    switch (operand) {
    case Operand::StoreData: return reg == insn.store_data();
    case Operand::IntCc: return reg == kIntCcReg;
    case Operand::FpCc: return reg == kFpCcReg;
    }
    return false;
}

} // namespace

PipelineModel::PipelineModel(const PipelineConfig& config)
    : config_(config), fetch_(config.fetch), predictor_(config.predictor) {
    for (unsigned c = 0; c < kInstructionClasses; ++c) {
        const ClassRow& row = kClassTable[c];
        const ClassTiming& t = config.timing[c];
        IssueRow& r = rows_[c];
        r.pipes = row.pipes;
        r.alone = row.grouping == kAlone;
        r.closes = row.grouping != kJoins || t.blocks;
        r.bypassed = (kBypassConsumers >> c) & 1;
        r.latency = t.latency;
        r.busy = t.busy;
        r.blocks = t.blocks;
        r.wait = row.wait;
        for (unsigned p = 0; p < kPipes; ++p)
            if ((row.pipes >> p) & 1) r.pipe_add += uint32_t(1) << (4 * p);
    }
    start_group(0);
}

void PipelineModel::start_group(uint64_t at) {
    group_cycle_ = at;
    group_size_ = 0;
    group_pipes_ = kPipeBias;
    group_closed_ = false;
}

uint64_t PipelineModel::operand_ready(uint8_t reg, const InstructionInfo& insn) const {
    const uint64_t ready = ready_[reg];
    const InstructionClass producer = producer_[reg];
    for (const Bypass& b : kBypasses) {
        if (!((b.consumers >> unsigned(insn.cls)) & 1) ||
            !((b.producers >> unsigned(producer)) & 1) || !operand_is(b.operand, reg, insn))
            continue;
        // Producers in the bypass table have no extra latency: ready is group + latency.
        const unsigned own = config_.timing[unsigned(producer)].latency;
        return ready - std::min<uint64_t>(ready, own > b.latency ? own - b.latency : 0);
    }
    return ready;
}

uint64_t PipelineModel::issue(const InstructionInfo& insn, uint64_t pc, bool new_path,
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
    for (uint8_t r : insn.src) {
        const uint64_t ready = row.bypassed && r != kNoReg ? operand_ready(r, insn) : ready_[r];
        if (ready > earliest) earliest = ready, why = kClassTable[unsigned(producer_[r])].wait;
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

void PipelineModel::restart() {
    PipelineModel fresh(config_);
    fresh.predictor_ = std::move(predictor_);
    *this = std::move(fresh);
}

bool PipelineModel::learn(TransferKind kind, uint64_t pc, bool taken, uint64_t target) {
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

bool PipelineModel::transfer(TransferKind kind, uint64_t pc, bool taken, uint64_t target) {
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
