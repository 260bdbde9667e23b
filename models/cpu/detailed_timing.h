#pragma once
// The detailed timing model: the in-order pipeline of pipeline_model.h, fed
// by the retired instructions, plus the time their fetches and memory
// accesses take in the cache hierarchy (models/cache), which the CPU reaches
// through a CachePort (cache_bridge.h: the CPU's end of its TLM seam).
//
// A request the caches answer at once (a hit, a forward, a known stall)
// adds its stall to the instruction. A request that must wait for the bus
// stops the core after this instruction; the CPU module waits for the answer
// in SystemC time and then calls resume() with the cycle it came back.
#include "core/checkpoint/checkpointable.h"
#include "insn.h"
#include "instruction_class.h"
#include "models/cache/cache_request.h"
#include "perf_counters.h"
#include "pipeline_model.h"
#include "timing_model.h"

#include <array>

namespace fireplane::sparc {

class CachePort {
public:
    virtual ~CachePort() = default;
    // The request to send next, which the caller fills in place: a copy of a
    // request written field by field just before stalls the host's store
    // forwarding, on the path every access takes.
    cache::CacheRequest& next_request() { return *next_; }
    // Sends next_request(). An answer not done comes later, through resume().
    virtual cache::CacheAnswer send() = 0;
    // Functional warming of next_request(), filled in place as for send(): it
    // leaves its state in the caches at once. Returns the cycles it waited
    // for a line that came from another cache.
    virtual uint64_t warm() = 0;

protected:
    // Where the implementation keeps the request it sends.
    void set_next_request(cache::CacheRequest& next) { next_ = &next; }

private:
    cache::CacheRequest* next_ = nullptr;
};

class DetailedTiming final : public TimingModel, public Checkpointable {
public:
    DetailedTiming(const PipelineConfig& pipeline, unsigned fetch_line, CachePort& port)
        : pipeline_config_(pipeline), pipeline_(pipeline), port_(port) {
        while ((2u << fetch_shift_) <= fetch_line)
            ++fetch_shift_; // log2 of a power of two
    }

    TimingKind kind() const override { return TimingKind::Detailed; }
    uint64_t retire(SparcCore& core, const RetiredInstruction& insn) override {
        return retire(core, insn, info(insn.insn));
    }
    // The same, with the instruction's facts known (a compiled block's).
    uint64_t retire(SparcCore& core, const RetiredInstruction& insn, const InstructionInfo& in);

    // Its run loop (run_loop.h) runs compiled blocks ahead of retirement
    // where the CPU allows it (SparcCore::block_ahead).
    static constexpr bool kRunsBlocks = true;
    static constexpr bool kReplaysBlocks = true;

    // A request is out: the core has stopped after its instruction.
    bool waiting() const { return waiting_; }
    // Atomic requests (CAS, LDSTUB, SWAP) sent or warmed so far, and the
    // warmed ones whose line came from another cache: a sampled run follows
    // contention by them (docs/sampling.md).
    uint64_t atomics() const { return atomics_; }
    uint64_t contended_atomics() const { return contended_atomics_; }
    // Its answer: the access completed at `answer.ready`; the core's cycles move there.
    void resume(SparcCore& core, const cache::CacheAnswer& answer);
    // Starts a fresh pipeline (the model was switched in); the branch
    // predictor keeps what it learnt.
    void restart();
    // Functional warming of the state that outlives an instruction (the
    // caches, through the port, and the branch predictor), with no counts:
    // what retire() would leave behind (warming_timing.h). Returns the cycles
    // the instruction waited for lines that came from other caches. Inline
    // for the most common case, which leaves nothing: a plain operate
    // (instruction_class.h) fetched from the fetch line of the one before.
    uint64_t warm(SparcCore& core, const RetiredInstruction& insn) {
        if (warms_nothing(insn.insn.raw, insn.pc_pa, insn.access_count)) return 0;
        return warm_instruction(core, insn);
    }
    bool warms_nothing(uint32_t raw, uint64_t pc_pa, unsigned access_count) const {
        return access_count == 0 && plain_operate(raw) &&
               (pc_pa >> fetch_shift_) == last_fetch_line_;
    }

    // Checkpointable (pipeline_checkpoint.cpp): an optional section, the
    // pipeline and predictor as they stand between instructions; another
    // pipeline configuration restores cold.
    void checkpoint(StateIo& io) override;
    std::string shape() const override;
    bool plain_data() const override { return true; }

private:
    uint64_t warm_instruction(SparcCore& core, const RetiredInstruction& insn);
    // The decoded instruction's facts, classified on its first retirement.
    static const InstructionInfo& info(const Insn& insn);
    uint64_t fetch(SparcCore& core, const RetiredInstruction& insn, uint64_t cycle);
    // Sends the port's next request, which the caller has filled in, at
    // `cycle`; returns its stall or marks the model waiting.
    uint64_t send(SparcCore& core, uint64_t cycle);
    void learn_epoch(const cache::CacheAnswer& answer) { icache_epoch_ = answer.icache_epoch; }
    void count_stall(SparcCore& core, cache::StallCause cause, uint64_t cycles);
    // The pipeline waited `cycles` for `cause`: the CPI stack and the dispatch counters.
    void count_wait(SparcCore& core, CpiCause cause, uint64_t cycles);
    // Issues the instruction's data accesses not yet issued, from `cycle`.
    uint64_t data_accesses(SparcCore& core, uint64_t cycle);
    // Where a transfer went: taken (else it fell through to .+8), and whether
    // its delay slot runs.
    struct TransferOutcome {
        bool slot_runs;
        uint64_t target;
        bool taken;
    };
    static TransferOutcome transfer_outcome(const SparcCore& core, const RetiredInstruction& insn,
                                            TransferKind kind, bool skips_delay_slot);
    // The request kind the instruction's class makes of a recorded access.
    static cache::RequestKind refine(cache::RequestKind recorded, InstructionClass cls);
    // Fill the port's next request, all but its cycle: the instruction's
    // fetch, or a recorded access made the request the class makes of it.
    cache::CacheRequest& request_fetch(const RetiredInstruction& insn);
    cache::CacheRequest& request_access(const cache::CacheRequest& recorded, InstructionClass cls);

    PipelineConfig pipeline_config_;
    PipelineModel pipeline_;
    unsigned fetch_shift_ = 0; // log2 of the I$ line
    CachePort& port_;
    // Tells the pipeline where a control transfer went and counts the branch events.
    void resolve_transfer(SparcCore& core, const RetiredInstruction& insn,
                          const InstructionInfo& info);

    uint64_t atomics_ = 0, contended_atomics_ = 0;
    uint64_t last_fetch_line_ = ~uint64_t(0);
    bool delay_slot_next_ = false; // the next instruction is a transfer's delay slot
    bool new_path_next_ = false;   // the next instruction is the first after a transfer
    bool waiting_ = false;
    uint64_t wait_from_ = 0; // cycle the outstanding request was made
    // The retired instruction's accesses, issued in order: the core's record
    // of them stays until the last is answered (the core waits for it).
    const cache::CacheRequest* pending_ = nullptr;
    unsigned pending_count_ = 0;
    unsigned pending_next_ = 0;
    InstructionClass pending_class_ = InstructionClass::IntAlu;

    // The fetch unit's line buffer: I$ lines that hit lately, valid while the
    // I$ keeps every line it had (its epoch). Hits there skip the I$ request.
    static constexpr unsigned kLineBuffer = 8;
    std::array<uint64_t, kLineBuffer> hit_lines_{};
    uint64_t hit_epoch_ = ~uint64_t(0);
    uint64_t icache_epoch_ = 0; // as the last answer said
};

} // namespace fireplane::sparc
