#include "detailed_timing.h"

#include "run_loop.h"
#include "sparc_core.h"

#include <array>
#include <iterator>

namespace fireplane::sparc {

using cache::RequestKind;
using cache::StallCause;

namespace {
// Where a stall's cycles go, by what the caches said stalled it (in
// StallCause order): the CPI stack's cause, and up to two counter events (an
// E$ miss is also a D$ miss). A stall with no cause of its own is a MEMBAR
// or an atomic waiting for the store queue or the line: no counter has it.
struct StallAccount {
    StallCause cause;
    CpiCause cpi;
    unsigned events;
    Event event[2];
};
constexpr StallAccount kStallAccounts[] = {
    {StallCause::None, CpiCause::MembarAtomic, 0, {}},
    {StallCause::StoreQueue, CpiCause::StoreQueueFull, 1, {Event::RstallStoreQ}},
    {StallCause::DcMiss, CpiCause::DcMiss, 1, {Event::ReDcMiss}},
    {StallCause::EcMiss, CpiCause::EcMiss, 2, {Event::ReDcMiss, Event::ReEcMiss}},
    {StallCause::Raw, CpiCause::RawHazard, 1, {Event::ReRawMiss}},
    {StallCause::IcMiss, CpiCause::IcMiss, 1, {Event::Dispatch0IcMiss}},
};
constexpr bool accounts_follow_causes() {
    for (unsigned i = 0; i < std::size(kStallAccounts); ++i)
        if (unsigned(kStallAccounts[i].cause) != i) return false;
    return std::size(kStallAccounts) == unsigned(StallCause::IcMiss) + 1;
}
static_assert(accounts_follow_causes(), "kStallAccounts: one row per StallCause, in order");

// The dispatch stall counters of the pipeline's waits, by CPI cause
// (Event::kCount: none counts it).
constexpr std::array<Event, kCpiCauses> wait_events() {
    std::array<Event, kCpiCauses> events{};
    for (Event& e : events)
        e = Event::kCount;
    events[unsigned(CpiCause::IntDependency)] = Event::RstallIuUse;
    events[unsigned(CpiCause::LoadUse)] = Event::RstallIuUse;
    events[unsigned(CpiCause::FpDependency)] = Event::RstallFpUse;
    events[unsigned(CpiCause::TakenBranch)] = Event::Dispatch0BrTarget;
    events[unsigned(CpiCause::Mispredict)] = Event::Dispatch0Mispred;
    return events;
}
constexpr std::array<Event, kCpiCauses> kWaitEvents = wait_events();
} // namespace

void DetailedTiming::restart() {
    pipeline_.restart();
    last_fetch_line_ = ~uint64_t(0);
    hit_epoch_ = ~uint64_t(0);
    delay_slot_next_ = false;
    new_path_next_ = false;
    waiting_ = false;
}

const InstructionInfo& DetailedTiming::info(const Insn& insn) {
    if (__builtin_expect(!insn.info.classified(), 0)) insn.info = classify(insn.raw);
    return insn.info;
}

// The port's next request, field by field (see next_request()), all but its cycle.
cache::CacheRequest& DetailedTiming::request_fetch(const RetiredInstruction& insn) {
    cache::CacheRequest& fetch = port_.next_request();
    fetch.kind = RequestKind::Fetch;
    fetch.size = 4;
    fetch.prefetch_fcn = 0;
    fetch.io = false;
    fetch.va = insn.pc;
    fetch.pa = insn.pc_pa;
    return fetch;
}

cache::CacheRequest& DetailedTiming::request_access(const cache::CacheRequest& recorded,
                                                    InstructionClass cls) {
    cache::CacheRequest& r = port_.next_request();
    r.kind = refine(recorded.kind, cls);
    r.size = recorded.size;
    r.prefetch_fcn = recorded.prefetch_fcn;
    r.io = false;
    r.va = recorded.va;
    r.pa = recorded.pa;
    return r;
}

uint64_t DetailedTiming::fetch(SparcCore& core, const RetiredInstruction& insn, uint64_t cycle) {
    const uint64_t line = insn.pc_pa >> fetch_shift_;
    if (line == last_fetch_line_) return 0; // the same fetch line: no new I$ access
    last_fetch_line_ = line;
    uint64_t& slot = hit_lines_[line % kLineBuffer];
    if (slot == line && hit_epoch_ == icache_epoch_) {
        core.counters.count(Event::IcRef);
        return 0;
    }
    request_fetch(insn);
    const uint64_t stall = send(core, cycle);
    if (waiting_) return 0;
    if (hit_epoch_ != icache_epoch_) { // lines may have gone: start again
        hit_lines_.fill(~uint64_t(0));
        hit_epoch_ = icache_epoch_;
    }
    slot = line;
    return stall;
}

void DetailedTiming::count_wait(SparcCore& core, CpiCause cause, uint64_t cycles) {
    if (cycles == 0) return;
    core.cpi.add(cause, cycles);
    const Event event = kWaitEvents[unsigned(cause)];
    if (event != Event::kCount) core.counters.count(event, cycles);
}

void DetailedTiming::count_stall(SparcCore& core, StallCause cause, uint64_t cycles) {
    if (cycles == 0) return;
    const StallAccount& a = kStallAccounts[unsigned(cause)];
    core.cpi.add(a.cpi, cycles);
    for (unsigned e = 0; e < a.events; ++e)
        core.counters.count(a.event[e], cycles);
}

uint64_t DetailedTiming::send(SparcCore& core, uint64_t cycle) {
    port_.next_request().cycle = cycle;
    const cache::CacheAnswer ans = port_.send();
    if (!ans.done) {
        waiting_ = true;
        wait_from_ = cycle;
        core.wait_for_data();
        return 0;
    }
    learn_epoch(ans);
    const uint64_t stall = ans.ready > cycle ? ans.ready - cycle : 0;
    count_stall(core, ans.cause, stall);
    return stall;
}

uint64_t DetailedTiming::retire(SparcCore& core, const RetiredInstruction& insn,
                                const InstructionInfo& in) {
    measure(insn, core.cpi[CpiCause::Idle]);
    const bool new_path = new_path_next_;
    new_path_next_ = delay_slot_next_; // the delay slot is done: the transfer's path comes next
    delay_slot_next_ = false;
    const uint64_t added = pipeline_.issue(in, insn.pc, new_path);
    const uint64_t cycle = insn.cycle + added;
    const PipelineModel::IssueCost& cost = pipeline_.last_cost();
    core.cpi.add(CpiCause::Base, cost.base);
    count_wait(core, cost.waited_for, cost.waited);
    if (in.transfer != TransferKind::None) resolve_transfer(core, insn, in);

    pending_ = insn.accesses;
    pending_count_ = insn.access_count;
    pending_next_ = 0;
    pending_class_ = in.cls;
    uint64_t stall = fetch(core, insn, cycle);
    if (!waiting_ && pending_count_) stall += data_accesses(core, cycle + stall);
    if (stall) pipeline_.stall(stall);
    return added + stall;
}

DetailedTiming::TransferOutcome DetailedTiming::transfer_outcome(const SparcCore& core,
                                                                 const RetiredInstruction& insn,
                                                                 TransferKind kind,
                                                                 bool skips_delay_slot) {
    // Executed, a transfer leaves PC at its delay slot and NPC at where it
    // went; an annulled delay slot leaves PC where it went ("ba,a .+4" too).
    const bool slot_runs = !skips_delay_slot && core.pc == insn.pc + 4;
    const uint64_t target = slot_runs ? core.npc : core.pc;
    // A conditional branch to .+8 counts as not taken.
    return {slot_runs, target, kind != TransferKind::Conditional || target != insn.pc + 8};
}

void DetailedTiming::resolve_transfer(SparcCore& core, const RetiredInstruction& insn,
                                      const InstructionInfo& in) {
    const TransferOutcome t = transfer_outcome(core, insn, in.transfer, in.skips_delay_slot);
    (t.slot_runs ? delay_slot_next_ : new_path_next_) = true;
    if (in.transfer != TransferKind::Conditional) {
        pipeline_.transfer(in.transfer, insn.pc, true, t.target);
        return;
    }
    const bool right = pipeline_.transfer(in.transfer, insn.pc, t.taken, 0);
    core.counters.count(t.taken ? Event::IuStatBrCountTaken : Event::IuStatBrCountUntaken);
    if (!right)
        core.counters.count(t.taken ? Event::IuStatBrMissTaken : Event::IuStatBrMissUntaken);
}

RequestKind DetailedTiming::refine(RequestKind recorded, InstructionClass cls) {
    const bool data = recorded == RequestKind::Load || recorded == RequestKind::Store;
    if (data && cls == InstructionClass::Atomic) return RequestKind::Atomic;
    if (recorded == RequestKind::Load && cls == InstructionClass::FpLoad)
        return RequestKind::FpLoad;
    return recorded;
}

uint64_t DetailedTiming::warm_instruction(SparcCore& core, const RetiredInstruction& insn) {
    // No classification cache: three table lookups cost less than its misses.
    TransferFacts in;
    transfer_facts(insn.insn.raw, in);
    if (in.transfer != TransferKind::None) {
        const TransferOutcome t = transfer_outcome(core, insn, in.transfer, in.skips_delay_slot);
        pipeline_.learn(in.transfer, insn.pc, t.taken, t.target);
    }
    uint64_t waited = 0;
    const uint64_t line = insn.pc_pa >> fetch_shift_;
    if (line != last_fetch_line_) {
        last_fetch_line_ = line;
        request_fetch(insn).cycle = insn.cycle;
        waited = port_.warm();
    }
    for (unsigned i = 0; i < insn.access_count; ++i) {
        const cache::CacheRequest& a = insn.accesses[i];
        if (a.io) continue;
        cache::CacheRequest& r = request_access(a, in.memory_class);
        r.cycle = insn.cycle + waited;
        const uint64_t w = port_.warm();
        waited += w;
        if (r.kind == RequestKind::Atomic) {
            ++atomics_;
            if (w) ++contended_atomics_;
            break; // one request covers the load and the store
        }
    }
    return waited;
}

uint64_t DetailedTiming::data_accesses(SparcCore& core, uint64_t cycle) {
    uint64_t stall = 0;
    while (pending_next_ < pending_count_ && !waiting_) {
        const cache::CacheRequest& a = pending_[pending_next_++];
        if (a.io) continue; // devices time themselves (b_transport)
        const cache::CacheRequest& r = request_access(a, pending_class_);
        if (r.kind == RequestKind::Atomic) {
            ++atomics_;
            pending_next_ = pending_count_; // one request covers the load and the store
        }
        stall += send(core, cycle + stall);
    }
    return stall;
}

void DetailedTiming::resume(SparcCore& core, const cache::CacheAnswer& answer) {
    waiting_ = false;
    learn_epoch(answer);
    uint64_t stall = answer.ready > wait_from_ ? answer.ready - wait_from_ : 0;
    count_stall(core, answer.cause, stall);
    // The instruction's remaining accesses go now (a fetch miss came first, or
    // a double access had two parts); they may wait again.
    stall += data_accesses(core, wait_from_ + stall);
    pipeline_.stall(stall);
    core.add_attributed_cycles(stall); // count_stall attributed every part
}

// The core's run loop with this model's retire() called directly, where the
// compiler can inline it.
[[gnu::flatten]] uint64_t SparcCore::run_detailed(uint64_t budget, uint64_t cycle_limit) {
    return run_loop<false, true, false, DetailedTiming>(budget, cycle_limit);
}

} // namespace fireplane::sparc
