#include "sparc_core.h"

#include "run_loop.h"

#include "jit/block_compiler.h"

#include "address_translator.h"
#include "disassembler.h"
#include "host_fp.h"

#include <cstdio>
#include <ostream>
#include <stdexcept>

namespace fireplane::sparc {

namespace {

// Integer conditions over the NZVC flags (N = 8, Z = 4, V = 2, C = 1).
constexpr bool int_condition(unsigned cond, unsigned f) {
    const bool n = f & 8, z = f & 4, v = f & 2, c = f & 1;
    const bool base[8] = {false, z, z || (n != v), n != v, c || z, c, n, v};
    return (cond & 8) ? !base[cond & 7] : base[cond & 7];
}

constexpr uint16_t int_condition_mask(unsigned cond) {
    uint16_t m = 0;
    for (unsigned f = 0; f < 16; ++f)
        if (cond == 8 || (cond != 0 && int_condition(cond, f))) m |= uint16_t(1u << f);
    return m;
}

template <size_t... I> constexpr auto make_cond_table(std::index_sequence<I...>) {
    return std::array<uint16_t, 16>{int_condition_mask(I)...};
}

constexpr auto kIntConditions = make_cond_table(std::make_index_sequence<16>{});

void swap_bytes(void* data, unsigned len) {
    switch (len) {
    case 2: {
        uint16_t v;
        std::memcpy(&v, data, 2);
        v = __builtin_bswap16(v);
        std::memcpy(data, &v, 2);
        break;
    }
    case 4: {
        uint32_t v;
        std::memcpy(&v, data, 4);
        v = __builtin_bswap32(v);
        std::memcpy(data, &v, 4);
        break;
    }
    case 8: {
        uint64_t v;
        std::memcpy(&v, data, 8);
        v = __builtin_bswap64(v);
        std::memcpy(data, &v, 8);
        break;
    }
    default: break;
    }
}

// memcpy of an access's bytes: a move for the usual sizes, not a library call
// (a program whose pages miss the software TLB takes this path on every access).
void copy_access(void* to, const void* from, unsigned len) {
    switch (len) {
    case 1: std::memcpy(to, from, 1); break;
    case 2: std::memcpy(to, from, 2); break;
    case 4: std::memcpy(to, from, 4); break;
    case 8: std::memcpy(to, from, 8); break;
    default: std::memcpy(to, from, len); break;
    }
}

} // namespace

const uint16_t SparcCore::kCondTable[16] = {
    kIntConditions[0],  kIntConditions[1],  kIntConditions[2],  kIntConditions[3],
    kIntConditions[4],  kIntConditions[5],  kIntConditions[6],  kIntConditions[7],
    kIntConditions[8],  kIntConditions[9],  kIntConditions[10], kIntConditions[11],
    kIntConditions[12], kIntConditions[13], kIntConditions[14], kIntConditions[15]};

// Floating-point conditions over fcc (0 =, 1 <, 2 >, 3 unordered): bit k set
// when the condition holds for fcc == k.
const uint16_t SparcCore::kFCondTable[16] = {
    0x0, // never
    0xe, // ne: < > u
    0x6, // lg
    0xa, // ul
    0x2, // l
    0xc, // ug
    0x4, // g
    0x8, // u
    0xf, // always
    0x1, // e
    0x9, // ue
    0x5, // ge
    0xd, // uge
    0x3, // le
    0xb, // ule
    0x7, // o
};

SparcCore::SparcCore(MemoryBackend& memory, TrapHandler* trap_handler)
    : memory_(memory), trap_handler_(trap_handler) {
    counters.set_mode(pstate & kPstatePriv, counter_now()); // they follow PSTATE.PRIV from here
}

SparcCore::~SparcCore() = default;

uint64_t SparcCore::run(uint64_t budget, uint64_t cycle_limit) {
    cycle_limit_ = cycle_limit;
    // A block's instructions still to retire go first, into the loop of the
    // model that ran them (block_replay.h); a trace or debugger waits for them.
    const bool replaying = replay_pending();
    if (debug_ && !replaying) // a debugger is attached (debug_hook.h): the same chains, watched
        return timing_ ? (trace_ ? run_loop<true, true, true>(budget, cycle_limit)
                                 : run_loop<false, true, true>(budget, cycle_limit))
                       : (trace_ ? run_loop<true, false, true>(budget, 0)
                                 : run_loop<false, false, true>(budget, 0));
    if (timing_ && (!trace_ || replaying)) { // retire() inline: detailed_timing.cpp, ...
        if (timing_->kind() == TimingKind::Detailed) return run_detailed(budget, cycle_limit);
        if (timing_->kind() == TimingKind::Fixed) return run_fixed(budget, cycle_limit);
        if (timing_->kind() == TimingKind::Warming && !replaying)
            return run_warming(budget, cycle_limit);
    }
    if (replaying)
        throw std::logic_error("SparcCore::run: the timing model was switched with "
                               "instructions of a block still to retire (a model bug)");
    if (timing_)
        return trace_ ? run_loop<true, true>(budget, cycle_limit)
                      : run_loop<false, true>(budget, cycle_limit);
    // One cycle per instruction: the budget is the limit.
    return trace_ ? run_loop<true, false>(budget, 0) : run_loop<false, false>(budget, 0);
}

void SparcCore::set_compiled_blocks(bool on) {
    if (on == compiled_blocks()) return;
    code_cache_.drop_blocks();
    compiler_ = on ? std::make_unique<BlockCompiler>(*this) : nullptr;
}

const CompiledBlock* SparcCore::block_at_pc(uint64_t& length) {
    if (npc != pc + 4) { // a delay slot: blocks start on sequential flow, as at its target
        length = 1;
        return nullptr;
    }
    const unsigned slot = unsigned(pc & kPageMask) >> 2;
    if (!current_page_->compiled) current_page_->compiled = std::make_unique<PageBlocks>();
    PageBlocks* page = current_page_->compiled.get();
    if (!page->block[slot].fn) {
        if (page->heat[slot] == PageBlocks::kNoBlock) return nullptr; // chains as without blocks
        if (++page->heat[slot] < kHotEntry) {
            length = 1; // back at the loop after one instruction, where a block may start
            return nullptr;
        }
        const BlockCompiler::Result r = compiler_->compile(pc);
        if (r.emptied) { // every block went with the buffer; this page's table starts afresh
            code_cache_.drop_blocks();
            current_page_->compiled = std::make_unique<PageBlocks>();
            page = current_page_->compiled.get();
        }
        if (!r.block.fn) {
            page->heat[slot] = PageBlocks::kNoBlock;
            return nullptr;
        }
        page->block[slot] = r.block;
    }
    return &page->block[slot];
}

uint64_t SparcCore::run_block(uint64_t& length) {
    const CompiledBlock* block = block_at_pc(length);
    if (!block) return 0;
    if (block->max > length) {
        length = 1; // a run too short for the block: its first instruction is interpreted
        return 0;
    }
    // Block after block while each leaves on sequential flow into a compiled
    // block of this page that the run has room for; anything else goes back
    // to the run loop.
    uint64_t total = 0;
    for (;;) {
        chain_cut_ = false;
        const uint64_t done = block->fn(this); // its handlers may drop the page's blocks
        chain_length_ = chain_budget_ = 0;     // a handler's chain: counted in `done`
        instructions += done & ~kBlockTrapped; // the next block's handlers read retired()
        total += done;
        if (!done || (done & kBlockTrapped) || stop_ || chain_cut_ || npc != pc + 4 ||
            (pc & ~kPageMask) != current_page_va_ || !current_page_->compiled)
            break;
        block = &current_page_->compiled->block[(pc & kPageMask) >> 2];
        if (!block->fn || block->max > length - total) break;
    }
    if (!total) length = 1; // it left before its first instruction
    return total;
}

void SparcCore::power_on_reset() {
    pc = kResetVector + kPowerOnResetOffset;
    npc = pc + 4;
    set_pstate(kPstatePowerOn);
    tl = kMaxTl;
    check_regime();
    trap_stack[kMaxTl].tt = 1; // power_on_reset
    softint = 0;
    timers.reset(cycles());
    update_interrupts();
    flush_tlb();
    flush_code();
}

bool SparcCore::software_reset() {
    if (trap_handler_) return raise(kTrapIllegalInstruction); // user mode: no reset to take
    ++traps_taken;
    push_trap_level(4); // software_initiated_reset, at TL + 1 up to MAXTL
    set_pstate(trap_pstate(kPstateAg, true));
    enter_red_state(kSoftwareResetOffset);
    end_chain();
    return true;
}

void SparcCore::push_trap_level(unsigned tt) {
    if (tl < kMaxTl) ++tl;
    TrapLevelState& t = trap_stack[tl];
    t.tpc = pc;
    t.tnpc = npc;
    t.tt = uint16_t(tt);
    t.tstate = tstate();
    check_regime();
}

uint16_t SparcCore::trap_pstate(uint16_t global_set, bool red) const {
    const uint16_t kept = red ? (pstate & kPstateTle) : (pstate & (kPstateMm | kPstateTle));
    return uint16_t(kept | kPstatePef | kPstatePriv | global_set | (red ? kPstateRed : 0) |
                    ((pstate & kPstateTle) ? kPstateCle : 0));
}

void SparcCore::enter_red_state(uint64_t offset) {
    memory_.entered_red_state();
    pc = kResetVector + offset;
    npc = pc + 4;
}

void SparcCore::set_pstate(uint16_t value) {
    value &= kPstateMask;
    const uint16_t changed = value ^ pstate;
    if (changed & kPstatePriv) counters.set_mode(value & kPstatePriv, counter_now());
    if (changed & kPstateGlobalSets) {
        const GlobalSet from = global_set(pstate), to = global_set(value);
        if (from != to) {
            std::memcpy(global_sets[unsigned(from)], r, sizeof global_sets[0]);
            std::memcpy(&r[1], &global_sets[unsigned(to)][1], 7 * sizeof(uint64_t));
        }
    }
    pstate = value;
    if (changed & kPstateIe) update_interrupts();
    check_regime();
}

// ---- interrupts ----

unsigned SparcCore::deliverable_interrupt() const {
    if (trap_handler_ || !(pstate & kPstateIe)) return 0;
    if (interrupt_vector_pending_) return kTrapInterruptVector;
    // SOFTINT bits 1-15 are levels 1-15; TICK_INT (0) and STICK_INT (16) are level 14.
    uint64_t levels = softint & 0xfffe;
    if (softint & (CpuTimers::kTickInt | CpuTimers::kStickInt)) levels |= 1u << 14;
    if (levels == 0) return 0;
    const unsigned level = 63 - unsigned(__builtin_clzll(levels));
    return level > pil ? kTrapInterruptLevel0 + level : 0;
}

void SparcCore::update_interrupts() {
    event_cycle_ = deliverable_interrupt() || reset_pending_ ? 0 : timers.next_match();
    if (event_cycle_ != CpuTimers::kNever) end_chain(); // the loop looks before the next one
}

bool SparcCore::service_events() {
    if (reset_pending_) {
        reset_pending_ = false;
        memory_.reset_due();
        return true;
    }
    softint |= timers.take_matches(cycles());
    const unsigned tt = deliverable_interrupt();
    if (!tt) {
        update_interrupts();
        return false;
    }
    ++interrupts_taken;
    if (trace_) *trace_ << "  interrupt " << tt << '\n';
    enter_trap(tt); // IE goes off: event_cycle_ moves on
    return true;
}

void SparcCore::set_timing_model(TimingModel* model) {
    cpi.add(CpiCause::Base, retired() - cycles_at_); // the untimed instructions' cycles
    cycles_ = cycles();
    cycles_at_ = retired();
    timing_ = model;
    log_accesses_ = timing_ || observer_ || watch_data_;
    access_count_ = 0;
    end_chain();
    request_stop(); // the run loop for the new model starts with the next run()
}

void SparcCore::trace_insn(const Insn&) {
    uint32_t word = 0;
    fetch_word(pc, word);
    char head[48];
    std::snprintf(head, sizeof head, "%016llx: %08x  ", static_cast<unsigned long long>(pc), word);
    *trace_ << head << disassemble(word, pc);
    std::memcpy(trace_regs_, r, sizeof trace_regs_);
    trace_cwp_ = cwp;
}

// After the traced instruction: the integer registers it changed.
void SparcCore::trace_effects() {
    if (cwp != trace_cwp_) *trace_ << "  cwp=" << cwp;
    for (unsigned i = 1; i < 32; ++i) {
        if (r[i] == trace_regs_[i] && cwp == trace_cwp_) continue;
        if (cwp != trace_cwp_ && i >= 8) continue;
        char buf[40];
        std::snprintf(buf, sizeof buf, "  %s=%llx", int_reg_name(i).c_str(),
                      static_cast<unsigned long long>(r[i]));
        *trace_ << buf;
    }
    *trace_ << '\n';
}

void SparcCore::complete() {
    deferred_ = false;
    completion_.wrapped = counters.counting() ? counters.take_overflow(counter_now()) : 0;
    if (completion_.wrapped) {
        ++pic_overflows;
        if (pic_overflow_interrupts) {
            softint |= kSoftintPicOverflow; // level 15 in firmware mode
            update_interrupts();
        }
    }
    if (observer_) observer_->completed(*this, completion_);
}

const Insn* SparcCore::fetch_slow() {
    const uint64_t page = pc & ~kPageMask;
    CodePage*& recent = recent_pages_[(page >> kPageBits) % kRecentPages];
    CodePage* code = recent && recent->va == page ? recent : code_cache_.find(page);
    if (code && code != recent && translation_sensitive_ && !code_still_mapped(*code))
        code = nullptr; // the page is another one under this translation: decode it afresh
    if (!code) {
        PageMapping m;
        if (!memory_.map_page(pc, Access::Fetch, m)) {
            raise_at(m.trap ? unsigned(m.trap) : unsigned(kTrapInstructionAccessException), pc);
            return nullptr;
        }
        if (!m.host) { // no memory there to execute: a bus error
            raise_at(kTrapInstructionAccessError, pc);
            return nullptr;
        }
        code = code_cache_.create(page);
        code->pa = m.pa;
        // Stores to a page holding decoded code must take the slow path, which
        // invalidates the decoded slots they overwrite.
        TlbEntry& w = write_tlb_[(page >> kPageBits) & (kTlbEntries - 1)];
        if (w.tag == page) w = TlbEntry{};
    }
    recent = code;
    current_page_ = code;
    current_page_va_ = page;
    return &code->insns[(pc & kPageMask) >> 2];
}

// With an MMU on, a VA may map another physical page after a TLB change or
// in another context: a decoded page is reused only where it still lies.
bool SparcCore::code_still_mapped(const CodePage& code) {
    PageMapping m;
    return memory_.map_page(code.va, Access::Fetch, m) && m.pa == code.pa;
}

void SparcCore::set_translation_sensitive(bool sensitive) {
    translation_sensitive_ = sensitive;
    translation_changed();
}

void SparcCore::translation_changed() {
    flush_tlb();
    for (CodePage*& p : recent_pages_)
        p = nullptr;
    current_page_ = nullptr;
    current_page_va_ = ~uint64_t(0);
    end_chain();
}

void SparcCore::check_regime() {
    const unsigned regime = (tl > 0 ? 1u : 0u) | ((pstate & kPstatePriv) ? 2u : 0u);
    if (regime == regime_) return;
    regime_ = regime;
    if (translation_sensitive_) translation_changed();
}

bool SparcCore::fetch_word(uint64_t va, uint32_t& word) {
    PageMapping m;
    if (!memory_.map_page(va, Access::Fetch, m) || !m.host) return false;
    std::memcpy(&word, m.host + (va & kPageMask), 4);
    word = __builtin_bswap32(word);
    return true;
}

// ---- memory slow paths ----

// The page of a data access, through the access's own translation or an
// explicit ASI's, and the watchpoints; false with the trap to take.
bool SparcCore::map_data(uint64_t va, Access access, unsigned len, const AsiInfo* asi,
                         PageMapping& m) {
    if (!(asi ? memory_.map_page_in(va, access, *asi, m) : memory_.map_page(va, access, m))) {
        mem_fault_tt_ = m.trap ? m.trap : uint16_t(kTrapDataAccessException);
        return false;
    }
    return !watching_ || watch(va, m.pa | (va & kPageMask), len, access == Access::Write);
}

bool SparcCore::slow_read(uint64_t va, void* data, unsigned len, bool little, const AsiInfo* asi) {
    PageMapping m;
    if (!map_data(va, Access::Read, len, asi, m)) return false;
    if (log_accesses_)
        log_access(va, m.pa | (va & kPageMask), len, cache::RequestKind::Load, !m.host);
    if (m.host) {
        if (m.keep && !asi && !watching_) {
            TlbEntry& e = read_tlb_[(va >> kPageBits) & (kTlbEntries - 1)];
            e.tag = va & ~kPageMask;
            e.host = m.host;
            e.pa = m.pa;
        }
        copy_access(data, m.host + (va & kPageMask), len);
    } else if (refuse_device_access(Event::DcRd)) {
        return false;
    } else if (!memory_.io_access(m.pa + (va & kPageMask), Access::Read,
                                  static_cast<uint8_t*>(data), len)) {
        mem_fault_tt_ = kTrapDataAccessError;
        return false;
    }
    if (!little) swap_bytes(data, len);
    return true;
}

bool SparcCore::slow_write(uint64_t va, const void* value, unsigned len, bool little,
                           const AsiInfo* asi) {
    PageMapping m;
    if (!map_data(va, Access::Write, len, asi, m)) return false;
    uint8_t bytes[8];
    copy_access(bytes, value, len);
    if (!little) swap_bytes(bytes, len);
    const uint64_t page = va & ~kPageMask;
    if (log_accesses_)
        log_access(va, m.pa | (va & kPageMask), len, cache::RequestKind::Store, !m.host);
    if (!m.host) {
        if (refuse_device_access(Event::DcWr)) return false;
        if (memory_.io_access(m.pa + (va & kPageMask), Access::Write, bytes, len)) return true;
        mem_fault_tt_ = kTrapDataAccessError;
        return false;
    }
    copy_access(m.host + (va & kPageMask), bytes, len);
    if (code_cache_.contains(page)) {
        if (code_cache_.invalidate(va, len)) end_chain(); // a block running here leaves
    } else if (m.keep && !asi && !watching_) {
        TlbEntry& e = write_tlb_[(va >> kPageBits) & (kTlbEntries - 1)];
        e.tag = page;
        e.host = m.host;
        e.pa = m.pa;
    }
    return true;
}

// The physical-address ASIs: no software TLB, since they bypass the translation it caches.
bool SparcCore::physical_access(uint64_t pa, Access access, void* data, unsigned len, bool little) {
    pa &= kPhysicalAddressMask;
    PageMapping m;
    if (!memory_.map_physical(pa, access, m)) {
        mem_fault_tt_ = kTrapDataAccessError;
        return false;
    }
    const bool write = access == Access::Write;
    if (log_accesses_)
        log_access(pa, pa, len, write ? cache::RequestKind::Store : cache::RequestKind::Load,
                   !m.host);
    uint8_t bytes[8];
    if (write) {
        std::memcpy(bytes, data, len);
        if (!little) swap_bytes(bytes, len);
    }
    if (m.host) {
        uint8_t* at = m.host + (pa & kPageMask);
        if (write) {
            std::memcpy(at, bytes, len);
            if (code_cache_.invalidate_physical(pa, len)) end_chain();
        } else {
            std::memcpy(bytes, at, len);
        }
    } else if (refuse_device_access(write ? Event::DcWr : Event::DcRd)) {
        return false;
    } else if (!memory_.io_access(pa, access, bytes, len)) {
        mem_fault_tt_ = kTrapDataAccessError;
        return false;
    }
    if (!write) {
        if (!little) swap_bytes(bytes, len);
        std::memcpy(data, bytes, len);
    }
    return true;
}

bool SparcCore::watch(uint64_t va, uint64_t pa, unsigned len, bool write) {
    const uint16_t tt = memory_.watchpoint(va, pa, len, write);
    if (!tt) return true;
    mem_fault_tt_ = tt;
    return false;
}

bool SparcCore::register_access(const AsiInfo& asi, uint64_t va, Access access, uint64_t& value) {
    if (memory_.asi_register(asi.number, va, access, value)) return true;
    mem_fault_tt_ = kTrapDataAccessException;
    return false;
}

bool SparcCore::read_bytes(uint64_t va, void* data, size_t len) {
    auto* out = static_cast<uint8_t*>(data);
    while (len > 0) {
        PageMapping m;
        if (!memory_.map_page(va, Access::Read, m) || !m.host) {
            fault_address = va;
            return false;
        }
        size_t chunk = std::min<size_t>(len, kPageSize - (va & kPageMask));
        std::memcpy(out, m.host + (va & kPageMask), chunk);
        va += chunk, out += chunk, len -= chunk;
    }
    return true;
}

bool SparcCore::write_bytes(uint64_t va, const void* data, size_t len) {
    auto* in = static_cast<const uint8_t*>(data);
    while (len > 0) {
        PageMapping m;
        if (!memory_.map_page(va, Access::Write, m) || !m.host) {
            fault_address = va;
            return false;
        }
        size_t chunk = std::min<size_t>(len, kPageSize - (va & kPageMask));
        std::memcpy(m.host + (va & kPageMask), in, chunk);
        if (code_cache_.contains(va & ~kPageMask) && code_cache_.invalidate(va, chunk)) end_chain();
        va += chunk, in += chunk, len -= chunk;
    }
    return true;
}

void SparcCore::flush_tlb() {
    for (auto& e : read_tlb_)
        e = TlbEntry{};
    for (auto& e : write_tlb_)
        e = TlbEntry{};
}

void SparcCore::flush_code() {
    code_cache_.clear();
    end_chain();
    for (CodePage*& p : recent_pages_)
        p = nullptr;
    current_page_ = nullptr;
    current_page_va_ = ~uint64_t(0);
}

// ---- register windows ----

void SparcCore::store_working_window() {
    uint64_t* w = windows[cwp];
    std::memcpy(w, &r[16], 16 * sizeof(uint64_t)); // locals, ins
    std::memcpy(&windows[(cwp + 1) % kNumWindows][8], &r[8],
                8 * sizeof(uint64_t)); // outs = ins(cwp+1)
}

void SparcCore::load_working_window() {
    const uint64_t* w = windows[cwp];
    std::memcpy(&r[16], w, 16 * sizeof(uint64_t));
    std::memcpy(&r[8], &windows[(cwp + 1) % kNumWindows][8], 8 * sizeof(uint64_t));
}

uint64_t& SparcCore::window_reg(unsigned window, unsigned reg) {
    window %= kNumWindows;
    if (reg < 16) return windows[(window + 1) % kNumWindows][reg]; // outs: 8..15 -> ins slot 8..15
    return windows[window][reg - 16];
}

// ---- floating-point state ----

namespace {
constexpr unsigned kAexcShift = 5;
constexpr uint64_t kCexcMask = 0x1f;
} // namespace

void SparcCore::fp_enter() {
    host_mxcsr_ = host_fp_enter(fp_rounding());
    in_run_ = true;
}

void SparcCore::fp_leave() {
    fsr |= uint64_t(host_fp_take_flags()) << kAexcShift;
    host_fp_leave(host_mxcsr_);
    in_run_ = false;
}

uint64_t SparcCore::read_fsr() {
    if (in_run_) fsr |= uint64_t(host_fp_take_flags()) << kAexcShift;
    if (fp_pending_) {
        const uint8_t cexc = last_fp_.exceptions(last_fp_, fp_rounding());
        fsr = (fsr & ~kCexcMask) | cexc | (uint64_t(cexc) << kAexcShift);
        fp_pending_ = false;
    }
    return fsr;
}

void SparcCore::write_fsr(uint64_t value) {
    if (in_run_) host_fp_take_flags(); // the loaded aexc replaces what was pending
    fp_pending_ = false;
    fsr = value;
    fp_exact_ = ((fsr >> 23) & 0x1f) != 0;
    if (in_run_) host_fp_set_rounding(fp_rounding());
}

void SparcCore::write_gsr(uint64_t value) {
    read_fsr(); // a pending cexc was computed under the old rounding mode
    gsr = value;
    if (in_run_) host_fp_set_rounding(fp_rounding());
}

// ---- condition codes ----

unsigned SparcCore::fcc(unsigned n) const {
    if (n == 0) return unsigned(fsr >> 10) & 3;
    return unsigned(fsr >> (32 + 2 * (n - 1))) & 3;
}

void SparcCore::set_fcc(unsigned n, unsigned value) {
    unsigned shift = n == 0 ? 10 : 32 + 2 * (n - 1);
    fsr = (fsr & ~(uint64_t(3) << shift)) | (uint64_t(value & 3) << shift);
}

// ---- traps ----

void SparcCore::enter_trap(unsigned tt) {
    ++traps_taken;
    if (tl >= kMaxTl) {
        // error_state: the watchdog reset, which ends the run (the host reports it).
        fault_address = pc;
        error_state_tt = uint16_t(tt);
        halt(-1);
        return;
    }
    push_trap_level(tt);
    int window_delta = 0;
    if (is_spill_trap(tt))
        window_delta = int(cansave) + 2;
    else if (is_fill_trap(tt))
        window_delta = -1;
    else if (tt == kTrapCleanWindow)
        window_delta = 1;
    if (window_delta) set_cwp(unsigned(int(cwp) + window_delta + int(kNumWindows)));
    if (trap_handler_) { // the host plays the kernel: no global set or vector to switch to
        set_pstate(uint16_t((pstate | kPstatePriv) & ~kPstateIe));
        trap_handler_->handle_trap(*this, tt);
        return;
    }
    vector_trap(tt);
}

// SPARC V9 7.6 with the JPS1 global sets: the trap runs privileged with
// interrupts off on the alternate globals (the MMU globals for the fast MMU
// traps, the interrupt globals for an interrupt vector). At TL = MAXTL or in
// RED_state it goes to the RED_state vector instead of TBA.
void SparcCore::vector_trap(unsigned tt) {
    uint16_t set = kPstateAg;
    if (is_fast_mmu_trap(tt)) set = kPstateMg;
    if (tt == kTrapInterruptVector) set = kPstateIg;
    const bool red = tl == kMaxTl || (pstate & kPstateRed);
    set_pstate(trap_pstate(set, red));
    if (red) return enter_red_state(kRedStateTrapOffset);
    pc = tba | (tl > 1 ? 0x4000 : 0) | (uint64_t(tt) << 5);
    npc = pc + 4;
}

void SparcCore::restore_trap_state() {
    const uint64_t ts = trap_stack[tl].tstate;
    ccr = uint8_t(ts >> 32);
    asi = uint8_t(ts >> 24);
    set_pstate(uint16_t((ts >> 8) & 0xfff));
    set_cwp(unsigned(ts & 0x1f));
    --tl;
    check_regime();
}

void SparcCore::done_trap() {
    const TrapLevelState& t = trap_stack[tl];
    pc = t.tnpc;
    npc = t.tnpc + 4;
    restore_trap_state();
}

void SparcCore::retry_trap() {
    const TrapLevelState& t = trap_stack[tl];
    pc = t.tpc;
    npc = t.tnpc;
    restore_trap_state();
}

} // namespace fireplane::sparc
