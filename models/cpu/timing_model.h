#pragma once
// Timing models: one behaviour, several timings. The ISS executes every
// instruction functionally; a timing model attached to the core is told about
// each retired instruction and its memory accesses, and says how many cycles
// it took. Without one (functional mode) every instruction takes one cycle and
// the core runs in chains at full speed. Models switch at instruction
// boundaries, in both directions.
#include "code_pace.h"
#include "models/cache/cache_request.h"

#include <cstdint>

namespace fireplane::sparc {

struct Insn;
class SparcCore;

// Warming is functional timing (a cycle per instruction) that also leaves in
// the caches and the branch predictor what the detailed model would: sampled
// simulation runs it between its detailed units (warming_timing.h).
enum class TimingKind : uint8_t { Functional, Fixed, Detailed, Warming };
const char* timing_kind_name(TimingKind kind);

struct RetiredInstruction {
    const Insn& insn;
    uint64_t pc;
    uint64_t pc_pa; // physical address of the instruction (I$)
    uint64_t cycle; // cycles accounted before this instruction
    // Its memory accesses in program order (a CAS or LDSTUB has a load and a
    // store), as the ISS records them: kinds Load, Store, Prefetch, Barrier.
    const cache::CacheRequest* accesses;
    unsigned access_count;
};

class TimingModel {
public:
    // Whether the run loop made for the model (run_loop.h) runs compiled blocks.
    static constexpr bool kRunsBlocks = false;
    // Whether those blocks run ahead of retirement (SparcCore::block_ahead).
    static constexpr bool kReplaysBlocks = false;
    virtual ~TimingModel() = default;
    virtual TimingKind kind() const = 0;
    // Cycles the instruction takes (0 when it issues with the previous one).
    // A model that must wait for the caches calls SparcCore::wait_for_data().
    virtual uint64_t retire(SparcCore& core, const RetiredInstruction& insn) = 0;
    // A timed model measures each instruction's cycles into `probe` for
    // warming's pace (code_pace.h) when its retire() calls measure(); null stops.
    void set_pace_probe(PaceProbe* probe) { probe_ = probe; }

protected:
    void measure(const RetiredInstruction& insn, uint64_t idle_cycles) {
        if (probe_) probe_->retiring(insn.pc, insn.cycle, idle_cycles);
    }

private:
    PaceProbe* probe_ = nullptr;
};

} // namespace fireplane::sparc
