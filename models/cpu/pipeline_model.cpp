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
// of those gets it after `latency` cycles instead of the producer's own. A
// class consumes through one bypass at most.
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
constexpr bool consumers_disjoint() {
    uint32_t seen = 0;
    for (const Bypass& b : kBypasses) {
        if (seen & b.consumers) return false;
        seen |= b.consumers;
    }
    return true;
}
static_assert(consumers_disjoint(), "kBypasses: a class consumes through one bypass at most");
static_assert(std::size(kBypasses) == PipelineModel::kNoBypass, "kNoBypass counts kBypasses");

// The register a consumer's bypass applies to: a cc, or its store data.
uint8_t bypassed_register(Operand operand) {
    switch (operand) {
    case Operand::StoreData: return PipelineModel::kStoreDataReg;
    case Operand::IntCc: return kIntCcReg;
    case Operand::FpCc: return kFpCcReg;
    }
    return PipelineModel::kNoBypassReg;
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
        for (unsigned b = 0; b < std::size(kBypasses); ++b)
            if ((kBypasses[b].consumers >> c) & 1) {
                r.bypass = uint8_t(b);
                r.bypass_reg = bypassed_register(kBypasses[b].operand);
            }
        r.latency = t.latency;
        r.busy = t.busy;
        r.blocks = t.blocks;
        r.wait = row.wait;
        for (unsigned p = 0; p < kPipes; ++p)
            if ((row.pipes >> p) & 1) r.pipe_add += uint32_t(1) << (4 * p);
    }
    // What each bypass takes off a producer's latency (nothing for a producer it does not serve).
    for (unsigned b = 0; b < std::size(kBypasses); ++b)
        for (unsigned p = 0; p < kInstructionClasses; ++p) {
            const unsigned own = config.timing[p].latency, latency = kBypasses[b].latency;
            if ((kBypasses[b].producers >> p) & 1)
                bypass_saves_[b][p] = own > latency ? own - latency : 0;
        }
    start_group(0);
}

void PipelineModel::restart() {
    PipelineModel fresh(config_);
    fresh.predictor_ = std::move(predictor_);
    *this = std::move(fresh);
}

} // namespace fireplane::sparc
