#pragma once
// The SPARC V9 instruction-set simulator core: architectural state, the
// execute loop, memory access fast paths and trap entry. It knows nothing of
// SystemC; sparc_cpu.h wraps it into a TLM module.
#include "asi.h"
#include "code_cache.h"
#include "cpi_stack.h"
#include "cpu_timers.h"
#include "debug_hook.h"
#include "insn.h"
#include "magic.h"
#include "memory_backend.h"
#include "perf_counters.h"
#include "retire_observer.h"
#include "spin_detector.h"
#include "timing_model.h"
#include "traps.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>
#include <iosfwd>
#include <iterator>
#include <memory>
#include <string>
#include <utility>

namespace fireplane::sparc {

constexpr unsigned kNumWindows = 8;
constexpr unsigned kMaxTl = 5;
constexpr unsigned kPageBits = 13;
constexpr uint64_t kPageSize = uint64_t(1) << kPageBits;
constexpr uint64_t kPageMask = kPageSize - 1;

// Condition-code bits inside one 4-bit icc or xcc field.
enum : uint8_t { kCcC = 1, kCcV = 2, kCcZ = 4, kCcN = 8 };

// PSTATE bits used by the ISS.
enum : uint16_t {
    kPstateAg = 1 << 0,
    kPstateIe = 1 << 1,
    kPstatePriv = 1 << 2,
    kPstateAm = 1 << 3,
    kPstatePef = 1 << 4,
    kPstateRed = 1 << 5,
    kPstateMm = 3 << 6,
    kPstateTle = 1 << 8,
    kPstateCle = 1 << 9,
    kPstateMg = 1 << 10, // MMU globals (fast MMU traps)
    kPstateIg = 1 << 11, // interrupt globals (interrupt vector trap)
};
constexpr uint16_t kPstateMask = 0xfff;
constexpr uint16_t kPstateGlobalSets = kPstateAg | kPstateMg | kPstateIg;
constexpr uint16_t kPstatePowerOn = kPstateRed | kPstatePef | kPstatePriv | kPstateAg; // 0x35

// The four sets of %g1-%g7 (JPS1): PSTATE.AG, .MG and .IG select one.
enum class GlobalSet : uint8_t { Normal, Alternate, Mmu, Interrupt };
constexpr unsigned kGlobalSets = 4;
inline GlobalSet global_set(uint16_t pstate) {
    return (pstate & kPstateAg)   ? GlobalSet::Alternate
           : (pstate & kPstateMg) ? GlobalSet::Mmu
           : (pstate & kPstateIg) ? GlobalSet::Interrupt
                                  : GlobalSet::Normal;
}

constexpr uint64_t kSoftintPicOverflow = 1 << 15;

// TSTATE as a trap saves it (and gdb's `state` register shows it).
constexpr uint64_t make_tstate(uint8_t ccr, uint8_t asi, uint16_t pstate, unsigned cwp) {
    return uint64_t(ccr) << 32 | uint64_t(asi) << 24 | uint64_t(pstate) << 8 | cwp;
}

class BlockCompiler;
class WarmingTiming;

struct TrapLevelState {
    uint64_t tpc = 0, tnpc = 0, tstate = 0;
    uint16_t tt = 0;
};

class SparcCore {
public:
    SparcCore(MemoryBackend& memory, TrapHandler* trap_handler);
    ~SparcCore();

    // Runs until `budget` instructions have executed, until a timing model's
    // clock reaches `cycle_limit`, or halt()/request_stop(). Returns the
    // number executed.
    uint64_t run(uint64_t budget, uint64_t cycle_limit = ~uint64_t(0));
    // Writes one line per executed instruction ("pc: word  disassembly") while set.
    void set_trace(std::ostream* out) { trace_ = out; }
    // Takes effect at the next instruction boundary: the chain (or compiled
    // block) under way ends, so where a run stops does not depend on chains.
    void request_stop() {
        stop_ = true;
        end_chain();
    }
    // The power-on reset's state (SPARC JPS1, section on reset): PC at RSTVaddr
    // + 0x20, PSTATE RED|PEF|PRIV|AG, TL = MAXTL with TT = 1. TBA and the
    // window registers keep their values (undefined after reset in V9).
    void power_on_reset();
    // A system reset: taken at the next instruction boundary (the backend's
    // reset_due() then does the CPU's and the core's power-on reset).
    void request_reset() {
        reset_pending_ = true;
        event_cycle_ = 0;
        end_chain();
    }
    static constexpr uint64_t kResetVector = 0xfffffffff0000000ull; // RSTVaddr
    static constexpr uint64_t kPowerOnResetOffset = 0x20;
    static constexpr uint64_t kSoftwareResetOffset = 0x80;
    static constexpr uint64_t kRedStateTrapOffset = 0xa0;
    // SIR: the software-initiated reset (TT 4, RSTVaddr + 0x80), firmware mode only.
    bool software_reset();
    void set_trap_handler(TrapHandler* handler) { trap_handler_ = handler; }
    void set_magic_handler(MagicHandler* handler) { magic_handler_ = handler; }
    MagicHandler* magic_handler() const { return magic_handler_; }
    void halt(int exit_code) {
        halted_ = true;
        exit_code_ = exit_code;
        request_stop();
    }
    bool halted() const { return halted_; }
    int exit_code() const { return exit_code_; }

    // ---- architectural state (plain members, so checkpoints and host tools can read them) ----
    uint64_t r[33] = {}; // %g0-%g7, %o0-%o7, %l0-%l7, %i0-%i7 of CWP; r[32] is the %g0 sink
    uint64_t windows[kNumWindows][16] = {}; // locals and ins of each window; outs(w) = ins(w+1)
    uint64_t pc = 0, npc = 4;
    uint8_t ccr = 0; // xcc << 4 | icc
    uint64_t y = 0;
    uint8_t asi = 0x80;
    uint8_t fprs = 4;    // FEF set
    uint64_t f[32] = {}; // double registers; single f(2k) is the high half of f[k]
    uint64_t fsr = 0;
    uint64_t gsr = 0;
    unsigned cwp = 0, cansave = kNumWindows - 2, canrestore = 0, otherwin = 0;
    unsigned cleanwin = kNumWindows - 1, wstate = 0;
    uint16_t pstate = kPstatePef | kPstatePriv;
    unsigned tl = 0, pil = 0;
    uint64_t tba = 0;
    uint64_t softint = 0;
    TrapLevelState trap_stack[kMaxTl + 1];
    PerfCounters counters; // PCR (ASR 16), PIC (ASR 17) and every counter event
    CpuTimers timers;      // TICK, STICK and their compares
    // Where the cycles went. Every change to the cycle count below is
    // attributed here; cpi_stack() adds the instructions run since, untimed.
    CpiStack cpi;
    uint64_t dispatch_control = 0;      // ASR 18 (DCR): branch prediction and dispatch options
    bool trap_registers_at_tl0 = false; // a board's leniency (SparcCpuConfig), not V9's rule
    // Whether a PIC overflow posts SOFTINT 15 (the hardware does). A host
    // profiler that borrows PCR/PIC in firmware mode turns it off, so that
    // the guest never sees its interrupts.
    bool pic_overflow_interrupts = true;
    // The %g1-%g7 of the sets not selected now (r[1..7] holds the selected one).
    uint64_t global_sets[kGlobalSets][8] = {};

    // ---- counters ----
    uint64_t instructions = 0; // retired instructions
    uint64_t traps_taken = 0;
    uint64_t pic_overflows = 0;
    uint64_t prefetches_dropped = 0;         // timed PREFETCHes that missed the TLB
    uint64_t warming_block_instructions = 0; // warmed in compiled blocks (warm_block)
    uint64_t timed_block_instructions = 0;   // run in blocks ahead of a timing model (block_ahead)

    // Retired instructions, including those of the chain running now.
    uint64_t retired() const { return instructions + chain_length_ - chain_budget_; }
    // Cycles: those the timing model accounted, plus one per instruction since.
    uint64_t cycles() const { return cycles_ + (retired() - cycles_at_); }
    uint64_t tick() const { return timers.tick(cycles()); }
    uint64_t stick() const { return timers.stick(cycles()); }
    // Stall cycles: the CPU waited for its caches, a device or an interrupt
    // dispatch, for `cause`. A stall past the run's cycle limit ends the run
    // there, so a CPU polling a device comes back to SystemC time when it should.
    void add_cycles(uint64_t n, CpiCause cause) {
        cpi.add(cause, n);
        add_attributed_cycles(n);
    }
    // The same, for cycles the caller has attributed to `cpi` itself.
    void add_attributed_cycles(uint64_t n) {
        cycles_ += n;
        if (cycles() >= cycle_limit_) {
            end_chain();
            request_stop();
        }
    }
    // Cycles with nothing to run: a kernel's idle loop, so supervisor time for the counters.
    void idle(uint64_t n) {
        const bool user = !(pstate & kPstatePriv);
        if (user) counters.set_mode(true, counter_now());
        cpi.add(CpiCause::Idle, n);
        cycles_ += n;
        if (user) counters.set_mode(false, counter_now());
    }
    // The CPI stack now: its causes sum to cycles().
    CpiStack cpi_stack() const {
        CpiStack now = cpi;
        now.add(CpiCause::Base, retired() - cycles_at_); // one cycle each, untimed
        return now;
    }
    PerfCounters::Now counter_now() const { return {retired(), cycles()}; }

    // ---- host observation (retire_observer.h) ----
    // Takes effect at the next run(); null detaches.
    void set_retire_observer(RetireObserver* observer) {
        observer_ = observer;
        log_accesses_ = timing_ || observer_ || watch_data_;
    }
    // For the timing model: the instruction being retired waits for its
    // caches. The core stops; the instruction completes once SparcCpu has
    // its data and calls complete_deferred().
    void wait_for_data() {
        deferred_ = true;
        request_stop();
    }
    void complete_deferred() {
        if (deferred_) complete();
    }

    // ---- work and spin (spin_detector.h) ----
    // With a count, every timed instruction is told apart as work or spin,
    // and the work is taken off `*work_left` (shared by a machine's CPUs);
    // the core stops once it is spent. Untimed runs and compiled blocks do
    // not see each instruction: the CPU runs neither while it counts. Null stops.
    void set_work_count(int64_t* work_left) { work_left_ = work_left; }
    bool counts_work() const { return work_left_ != nullptr; }
    const SpinDetector& spin_detector() const { return spin_; }
    SpinDetector& spin_detector() { return spin_; }

    // ---- debugging (debug_hook.h) ----
    // Takes effect at the next run(); null detaches. With `watch_data` the
    // core records its data accesses for the hook.
    void set_debug_hook(DebugHook* hook, bool watch_data = false) {
        debug_ = hook;
        watch_data_ = hook && watch_data;
        log_accesses_ = timing_ || observer_ || watch_data_;
    }
    DebugHook* debug_hook() const { return debug_; }

    // ---- timing (timing_model.h) ----
    // Takes effect at once; called mid-chain (a magic instruction) it ends the chain.
    void set_timing_model(TimingModel* model);
    TimingModel* timing_model() const { return timing_; }
    // PSTATE writes go through here: the counters split user and supervisor
    // time, AG/MG/IG switch the global registers, IE may let an interrupt in.
    void set_pstate(uint16_t value);

    // ---- interrupts (firmware mode: with a host trap handler nothing interrupts) ----
    // Call after SOFTINT, PIL, a compare register or the vector changed: an
    // interrupt that may now be taken is, before the next instruction.
    void update_interrupts();
    // The CPU's interrupt receive unit holds a vector (ASI 0x49 BUSY): trap 0x60.
    void set_interrupt_vector_pending(bool pending) {
        interrupt_vector_pending_ = pending;
        update_interrupts();
    }
    bool interrupt_vector_pending() const { return interrupt_vector_pending_; }
    // The trap an interrupt would take now (0x60, or 0x41-0x4f), or 0.
    unsigned deliverable_interrupt() const;
    uint64_t interrupts_taken = 0;

    // ---- register windows ----
    // Copies the working registers of CWP back into `windows` (before a trap
    // handler reads other windows) and reloads them after a change of CWP.
    void store_working_window();
    void load_working_window();
    // Changes CWP (modulo NWINDOWS); the working registers follow.
    void set_cwp(unsigned window) {
        store_working_window();
        cwp = window % kNumWindows;
        load_working_window();
    }
    uint64_t tstate() const { return make_tstate(ccr, asi, pstate, cwp); }
    // Register `reg` (8..31, as in r[]) of any window; needs store_working_window().
    uint64_t& window_reg(unsigned window, unsigned reg);
    // The window bookkeeping of SAVED and RESTORED, which spill and fill handlers end with.
    void saved() {
        cansave++;
        if (otherwin == 0)
            canrestore--;
        else
            otherwin--;
    }
    void restored() {
        canrestore++;
        if (cleanwin < kNumWindows - 1) cleanwin++;
        if (otherwin == 0)
            cansave--;
        else
            otherwin--;
    }

    // ---- execution chains (see run_loop) ----
    // A handler that completed its instruction ends with `return retire();`
    // after setting pc/npc: it counts the instruction and runs the next one.
    // exec_debug_chain (debug_chain.cpp) mirrors where this ends a chain. A
    // compiled block leaves after a handler it called that ended the chain.
    void end_chain() { // keeps retired() as it is
        chain_cut_ = true;
        if (chain_budget_ <= 1) return;
        chain_length_ -= chain_budget_ - 1;
        chain_budget_ = 1;
    }
    bool retire() {
        if (--chain_budget_ == 0 || (pc & ~kPageMask) != current_page_va_) return true;
        const Insn& next = current_page_->insns[(pc & kPageMask) >> 2];
        return next.exec(*this, next);
    }

    // ---- traps ----
    bool raise(unsigned tt) {
        pending_trap_ = uint16_t(tt);
        return false;
    }
    bool raise_at(unsigned tt, uint64_t addr) {
        fault_address = addr;
        return raise(tt);
    }
    // The trap a failed read()/write() calls for (translation fault or bus error).
    bool memory_fault(uint64_t va) { return raise_at(mem_fault_tt_, va); }
    void done_trap();  // DONE: resume after the trapping instruction
    void retry_trap(); // RETRY: re-execute it
    uint64_t fault_address = 0;
    uint16_t error_state_tt = 0; // the trap that found TL = MAXTL (the core then halted)

    // ---- condition codes ----
    uint8_t icc() const { return ccr & 0xf; }
    uint8_t xcc() const { return ccr >> 4; }
    static bool eval_cond(unsigned cond, uint8_t flags) { return (kCondTable[cond] >> flags) & 1; }
    static bool eval_fcond(unsigned cond, unsigned fcc) { return (kFCondTable[cond] >> fcc) & 1; }
    unsigned fcc(unsigned n) const;
    void set_fcc(unsigned n, unsigned value);

    // ---- floating-point register views ----
    uint32_t fs(unsigned reg) const { return uint32_t(f[reg >> 1] >> ((reg & 1) ? 0 : 32)); }
    void set_fs(unsigned reg, uint32_t v) {
        uint64_t& d = f[reg >> 1];
        d = (reg & 1) ? ((d & 0xffffffff00000000ull) | v)
                      : ((d & 0xffffffffull) | (uint64_t(v) << 32));
        fprs |= kFprsDl;
    }
    void set_fd(unsigned reg, uint64_t v) {
        f[reg] = v;
        mark_fp_dirty(reg);
    }
    // FPRS.DL and DU: a write to f0-f31 (doubles 0-15) or f32-f62 (16-31)
    // marks its half dirty, so that an OS saves only live FP state.
    void mark_fp_dirty(unsigned double_reg) { fprs |= double_reg < 16 ? kFprsDl : kFprsDu; }
    static constexpr uint8_t kFprsDl = 1, kFprsDu = 2;
    bool fp_enabled() const { return (fprs & 4) && (pstate & kPstatePef); }

    // ---- floating-point exceptions ----
    // With every trap disabled (FSR.TEM = 0, the usual case) FPops run on the
    // host unit with no per-operation bookkeeping: the host's sticky flags
    // feed FSR.aexc, and FSR.cexc, which describes the last FPop only, is
    // recomputed from a record of that operation when the FSR is read.
    struct FpRecord {
        uint8_t (*exceptions)(const FpRecord&, unsigned rounding); // cexc of the operation
        uint64_t a, b;                                             // its operands
    };
    void record_fp(const FpRecord& r) { last_fp_ = r, fp_pending_ = true; }
    bool fp_exact() const { return fp_exact_; } // TEM != 0: exceptions per operation, with traps
    uint64_t read_fsr(); // STFSR and host tools: the FSR with pending exceptions folded in
    void write_fsr(uint64_t value); // LDFSR
    void write_gsr(uint64_t value); // WR %gsr, SIAM: GSR.IM/IRND may change the rounding mode
    // The rounding mode FPops use: GSR.IRND when GSR.IM (interval arithmetic) is set, else FSR.RD.
    unsigned fp_rounding() const {
        return ((gsr >> 27) & 1) ? unsigned(gsr >> 25) & 3 : unsigned(fsr >> 30) & 3;
    }

    // ---- memory: fast paths through a small software TLB, slow path through the backend ----
    // Always inlined: a handler that calls them out of line keeps a stack
    // frame, and its tail call to the next instruction becomes a real call.
    template <typename T>
    [[gnu::always_inline]] bool read(uint64_t va, T& value, bool little = false);
    template <typename T>
    [[gnu::always_inline]] bool write(uint64_t va, T value, bool little = false);
    // Through an explicit ASI (asi.h): memory as read()/write(), the MMU
    // bypassed (physical ASIs), or a CPU register (ASI Register kind).
    template <typename T> bool read_asi(const AsiInfo& asi, uint64_t va, T& value);
    template <typename T> bool write_asi(const AsiInfo& asi, uint64_t va, T value);
    bool read_bytes(uint64_t va, void* data, size_t len); // for the OS layer; no alignment need
    bool write_bytes(uint64_t va, const void* data, size_t len); // for the OS layer
    void flush_tlb();                                            // after the address space changes
    // For the timing model: a PREFETCH's address, if the TLB maps it. A
    // prefetch that misses the TLB is dropped, as on the real part.
    void log_barrier() { log_access(0, 0, 0, cache::RequestKind::Barrier); }
    void log_prefetch(uint64_t va, unsigned fcn) {
        const TlbEntry& e = read_tlb_[(va >> kPageBits) & (kTlbEntries - 1)];
        if (!log_accesses_) return;
        if (e.tag == (va & ~kPageMask))
            log_access(va, e.pa | (va & kPageMask), 1, cache::RequestKind::Prefetch, false, fcn);
        else if (timing_ || observer_) // not for a debugger's watchpoints
            ++prefetches_dropped;
    }
    void flush_code(); // drops every decoded instruction
    // Firmware mode with an MMU on: translations depend on TL and PSTATE.PRIV
    // (context and privilege), so the core's cached ones are dropped when
    // either changes, and explicit ASIs with other contexts translate apart.
    void set_translation_sensitive(bool sensitive);
    // The MMU's translations changed (TLB write, demap, context register).
    void translation_changed();
    // Data watchpoints armed: every data access takes the slow path, which
    // asks the backend (MemoryBackend::watchpoint) before it happens.
    void set_watching(bool watching) {
        watching_ = watching;
        flush_tlb();
    }
    // After TL or PSTATE.PRIV changed.
    void check_regime();
    // Instruction word at va, or false on a fetch fault. For disassembly and decode.
    bool fetch_word(uint64_t va, uint32_t& word);

    // ---- checkpoints (core_checkpoint.cpp) ----
    // The architectural state, the counters and the clock, between runs.
    // Restoring drops every cached translation and decoded instruction.
    void checkpoint(StateIo& io);
    // Why the core cannot be saved now ("" when it can): an instruction waits
    // for its caches, or a block's instructions wait to retire.
    std::string not_quiescent() const {
        if (deferred_) return "an instruction waits for its data";
        return replay_pending() ? "a compiled block's instructions wait to retire" : "";
    }
    // Whether a timed model may run compiled blocks ahead of its retirement
    // (block_ahead): the CPU says so before each run, only where nothing but
    // the core reads its registers and memory until the block's
    // instructions have retired (SparcCpu::blocks_ahead).
    void set_blocks_ahead(bool on) { blocks_ahead_ = on; }
    // Instructions a compiled block has run that the timing model has yet
    // to retire (block_ahead): until they have, the registers and memory are
    // ahead of `instructions`, and the run loop retires them before anything else.
    // A trap the block's next instruction raised waits for them too.
    bool replay_pending() const { return replay_.next != replay_.count || replay_.trapped; }

    CodeCache& code_cache() { return code_cache_; }
    // Compiled blocks (jit/block_compiler.h) for the functional model's hot code.
    void set_compiled_blocks(bool on);
    bool compiled_blocks() const { return compiler_ != nullptr; }
    MemoryBackend& memory() { return memory_; }

private:
    static const uint16_t kCondTable[16];
    static const uint16_t kFCondTable[16];

    struct TlbEntry {
        uint64_t tag = ~uint64_t(0); // va page, or all ones when empty
        uint8_t* host = nullptr;
        uint64_t pa = 0; // physical page
    };
    static constexpr unsigned kMaxAccesses = 16;
    void log_access(uint64_t va, uint64_t pa, unsigned size, cache::RequestKind kind,
                    bool io = false, unsigned fcn = 0) {
        if (__builtin_expect(block_log_next_ != nullptr, 0))
            log_block_access(va, pa, size, kind, io, fcn);
        else if (access_count_ < kMaxAccesses)
            accesses_[access_count_++] = {kind, uint8_t(size), uint8_t(fcn), io, va, pa};
    }
    // A memory access of a block that warming runs (warm_block), in the
    // layout the block compiler writes: `index` is the instruction's in the block.
    struct BlockAccess {
        uint64_t va, pa;
        uint16_t index;
        cache::RequestKind kind;
        uint8_t size, fcn;
        bool io;
        uint16_t unused;
    };
    void log_block_access(uint64_t va, uint64_t pa, unsigned size, cache::RequestKind kind, bool io,
                          unsigned fcn) {
        if (block_log_next_ == std::end(block_log_)) return; // as accesses_, the rest are dropped
        // A handler in a block runs as a chain of its index + 1 instructions
        // (BlockCompiler: retired() as the interpreter has it).
        *block_log_next_++ = {
            va, pa, uint16_t(chain_length_ - 1), kind, uint8_t(size), uint8_t(fcn), io, 0};
    }
    // Not only a host cache: it stands in for the part's D-TLB, whose misses
    // drop prefetches (log_prefetch), so its size is part of the timing.
    static constexpr unsigned kTlbEntries = 256;

    // `asi`: an explicit ASI whose translation is not the access's own (never cached).
    bool slow_read(uint64_t va, void* data, unsigned len, bool little,
                   const AsiInfo* asi = nullptr);
    bool slow_write(uint64_t va, const void* data, unsigned len, bool little,
                    const AsiInfo* asi = nullptr);
    bool code_still_mapped(const CodePage& code);
    bool map_data(uint64_t va, Access access, unsigned len, const AsiInfo* asi, PageMapping& m);
    bool watch(uint64_t va, uint64_t pa, unsigned len, bool write); // false: a watchpoint trap
    // An explicit ASI that names another context or a user check than the access's own.
    bool own_translation(const AsiInfo& asi) const {
        if (!translation_sensitive_) return false;
        if (asi.as_if_user || asi.context == AsiContext::Secondary) return true;
        return asi.context == (tl > 0 ? AsiContext::Primary : AsiContext::Nucleus);
    }
    bool physical_access(uint64_t pa, Access access, void* data, unsigned len, bool little);
    bool register_access(const AsiInfo& asi, uint64_t va, Access access, uint64_t& value);
    void enter_trap(unsigned tt);
    void vector_trap(unsigned tt); // through TBA (or the RED_state vector), as the hardware does
    // TL + 1 (at most MAXTL) with this trap's TPC/TNPC/TSTATE/TT recorded.
    void push_trap_level(unsigned tt);
    // PSTATE on trap entry: privileged, interrupts off, on the given global
    // set; in RED_state with the memory model TSO.
    uint16_t trap_pstate(uint16_t global_set, bool red) const;
    // RED_state at RSTVaddr + offset (the MMUs go off with it).
    void enter_red_state(uint64_t offset);
    bool service_events(); // timers matched, interrupts: true if one was taken
    void restore_trap_state();
    void fp_enter();
    void fp_leave();
    const Insn* fetch_slow();
    // run_loop.h; `Timing`: the timing model's type, when the caller knows it.
    template <bool Trace, bool Timed, bool Debug = false, typename Timing = TimingModel>
    uint64_t run_loop(uint64_t budget, uint64_t cycle_limit);
    uint64_t run_detailed(uint64_t budget, uint64_t cycle_limit); // detailed_timing.cpp
    uint64_t run_fixed(uint64_t budget, uint64_t cycle_limit);    // fixed_timing.cpp
    uint64_t run_warming(uint64_t budget, uint64_t cycle_limit);  // warming_timing.cpp
    bool exec_debug_chain(DebugHook& hook, const Insn* insn);     // debug_chain.cpp
    // After an instruction completes: counter wraps (SOFTINT) and the observer.
    void complete();
    void trace_insn(const Insn& insn);
    void trace_effects();
    uint64_t trace_regs_[32] = {};
    unsigned trace_cwp_ = 0;

    MemoryBackend& memory_;
    TrapHandler* trap_handler_;
    MagicHandler* magic_handler_ = nullptr;
    CodeCache code_cache_;
    // Code pages used lately, by page number: calls between pages (qsort's
    // comparator, libc) switch pages often, and a hash lookup each time shows.
    static constexpr unsigned kRecentPages = 64;
    CodePage* recent_pages_[kRecentPages] = {};
    CodePage* current_page_ = nullptr;
    uint64_t current_page_va_ = ~uint64_t(0);
    TimingModel* timing_ = nullptr;
    RetireObserver* observer_ = nullptr;
    int64_t* work_left_ = nullptr; // set_work_count
    SpinDetector spin_;
    void count_work(const Insn& insn, uint64_t insn_pc) {
        const uint64_t target = uint64_t(insn.imm);
        const bool closes = SpinDetector::is_branch(insn.raw) && target <= insn_pc &&
                            (npc == target || pc == target); // taken, delay slot annulled or not
        const uint64_t spin = spin_.retire(insn_pc, accesses_, access_count_, closes);
        *work_left_ -= 1 - int64_t(spin);
        if (*work_left_ <= 0) request_stop();
    }
    DebugHook* debug_ = nullptr;
    bool watch_data_ = false;           // a debugger reads accesses_ too (watchpoints)
    bool log_accesses_ = false;         // accesses_ is kept: a timing model or an observer reads it
    bool deferred_ = false;             // the last instruction waits for its caches
    CompletedInstruction completion_{}; // the last instruction, for complete()
    uint64_t cycles_ = 0;               // cycles up to ...
    uint64_t cycles_at_ = 0;            // ... this many retired instructions
    uint64_t cycle_limit_ = ~uint64_t(0); // of the run() under way
    cache::CacheRequest accesses_[kMaxAccesses];
    unsigned access_count_ = 0;
    uint64_t chain_budget_ = 0; // instructions the current chain may still run ...
    uint64_t chain_length_ = 0; // ... of this many; `instructions` is updated when it ends
    TlbEntry read_tlb_[kTlbEntries];
    TlbEntry write_tlb_[kTlbEntries];
    uint16_t pending_trap_ = 0;
    bool translation_sensitive_ = false;
    bool watching_ = false;
    unsigned regime_ = 0; // (TL > 0) | PRIV << 1, while translation_sensitive_
    bool interrupt_vector_pending_ = false;
    bool reset_pending_ = false;
    // cycles() at which the run loop must look at timers and interrupts: 0
    // when an interrupt can be taken, the next compare match, or never.
    uint64_t event_cycle_ = CpuTimers::kNever;
    uint16_t mem_fault_tt_ = kTrapDataAccessException;
    FpRecord last_fp_{};
    bool fp_pending_ = false; // last_fp_ decides cexc
    bool fp_exact_ = false;
    bool in_run_ = false; // the host FPU holds guest state
    unsigned host_mxcsr_ = 0;
    bool stop_ = false;
    bool chain_cut_ = false; // end_chain() ran (cleared before each compiled block)
    bool halted_ = false;
    int exit_code_ = 0;
    std::ostream* trace_ = nullptr;

    std::unique_ptr<BlockCompiler> compiler_;
    // Runs the compiled block entered at pc, if there is one (compiling it
    // once its entry is hot) and `length` allows it, and the blocks after it;
    // adds the instructions they completed to `instructions` and returns
    // them, 0 if none ran, with kBlockTrapped when a trap is pending.
    // When pc may yet start a block, `length` becomes 1, so that the
    // interpreter comes back after one instruction.
    uint64_t run_block(uint64_t& length);
    // The compiled block entered at pc, compiling it once its entry is hot,
    // or null; `length` as for run_block.
    const CompiledBlock* block_at_pc(uint64_t& length);
    static constexpr uint8_t kHotEntry = 16; // entries before a block is compiled

    // Functional warming on compiled blocks (warming_timing.cpp): runs the
    // block entered at pc with its accesses logged, then retires its
    // instructions into `timing` one by one, as the interpreter would have.
    // Returns as run_block, 0 when no block may run.
    uint64_t warm_block(WarmingTiming& timing, uint64_t budget, uint64_t cycle_limit);
    // The timed models that retire a block after it ran (kReplaysBlocks:
    // detailed, fixed) on compiled blocks (block_replay.h): runs the block
    // entered at pc with its accesses logged, and leaves its instructions to
    // replay_block(), which retires them one by one as the interpreter would
    // have, and stops where the interpreter would have stopped (a wait for
    // the caches, the quantum's end): the rest retire in the next run. So the
    // core is ahead of its retirement, which only holds where nothing else
    // reads its state or its memory meanwhile (set_blocks_ahead). Returns
    // the instructions the block completed (to be retired), kBlockTrapped
    // alone when its first instruction trapped, 0 when no block may run.
    uint64_t block_ahead(uint64_t budget);
    // A compiled block run with its accesses logged, for a timing model to
    // retire afterwards (warm_block, block_ahead; block_replay.h): what it
    // returned, where it started and where it left PC and nPC, and the end
    // of its log (which starts at block_log_).
    struct LoggedBlock {
        uint64_t done = 0; // as BlockFn returns
        uint64_t entry = 0, entry_pa = 0;
        uint64_t left_pc = 0, left_npc = 0;
        const BlockAccess* logged = nullptr;
    };
    // (An out-parameter: the caller keeps it where it reads it from.)
    void run_logged_block(const CompiledBlock& block, LoggedBlock& b);
    // Retires the replayed block's instructions into `timing`, up to `end`
    // retired in all; false when the run loop must stop (a wait for the
    // caches, the cycle limit).
    template <typename Timing>
    bool replay_block(Timing& timing, uint64_t end, uint64_t cycle_limit);
    // The accesses a block logged for its instruction `index`, from `a` on,
    // copied where the interpreter records them (accesses_); returns how many.
    unsigned take_logged_accesses(const BlockAccess*& a, const BlockAccess* end, uint64_t index) {
        unsigned count = 0;
        for (; a != end && a->index == index; ++a)
            if (count < kMaxAccesses) {
                cache::CacheRequest& r = accesses_[count++];
                r.kind = a->kind;
                r.size = a->size;
                r.prefetch_fcn = a->fcn;
                r.io = a->io;
                r.va = a->va;
                r.pa = a->pa;
            }
        return count;
    }
    // PC and nPC as instruction `i` of the `n` a block completed left them,
    // for its retirement after the block: those of a transfer (the last two
    // may hold one) come from where the block left them.
    void set_pc_after(uint64_t at, uint64_t i, uint64_t n, uint64_t left_pc, uint64_t left_npc) {
        if (i + 1 == n) {
            pc = left_pc, npc = left_npc;
        } else {
            pc = at + 4, npc = i + 2 == n ? left_pc : at + 8;
        }
    }
    // A block running ahead of its timing model leaves a device access to
    // the interpreter, which makes it in its time: the access fails as a
    // trap would (the block leaves before its instruction), and gives back
    // the event its caller counted.
    bool refuse_device_access(Event counted) {
        if (!ahead_) return false;
        // What the trap its caller now raises overwrites (block_ahead puts it back).
        refused_ = {fault_address, mem_fault_tt_, pending_trap_};
        io_refused_ = true;
        counters.uncount(counted);
        return true;
    }
    BlockAccess block_log_[kMaxBlockInstructions * kMaxAccesses]; // a block's, at most
    BlockAccess* block_log_next_ = nullptr; // while warm_block runs a block: where the next goes
    // The block whose instructions the timing model retires (block_ahead).
    // Its words and facts stay in the code buffer: nothing compiles until
    // they have retired (the run loop retires them first).
    struct BlockReplay {
        LoggedBlock block;
        const uint32_t* words = nullptr;
        const InstructionInfo* infos = nullptr;
        const BlockAccess* access = nullptr; // the next instruction's first logged access
        unsigned next = 0, count = 0;        // retired, of the instructions it completed
        bool trapped = false; // the instruction after them raised a trap, taken once they retire
    };
    BlockReplay replay_;
    bool blocks_ahead_ = false; // blocks may run ahead of retirement (set_blocks_ahead)
    bool ahead_ = false;        // a block runs ahead of its timing model now
    bool io_refused_ = false;   // ... and left a device access to the interpreter
    struct {
        uint64_t fault_address;
        uint16_t fault_tt, trap;
    } refused_{}; // the trap state before the refused access

    friend class CodeCache;
    friend class BlockCompiler;
};

namespace detail {
template <typename T> inline T byteswap(T v) {
    if constexpr (sizeof(T) == 1)
        return v;
    else if constexpr (sizeof(T) == 2)
        return T(__builtin_bswap16(uint16_t(v)));
    else if constexpr (sizeof(T) == 4)
        return T(__builtin_bswap32(uint32_t(v)));
    else
        return T(__builtin_bswap64(uint64_t(v)));
}
} // namespace detail

template <typename T> inline bool SparcCore::read(uint64_t va, T& value, bool little) {
    counters.count(Event::DcRd);
    const TlbEntry& e = read_tlb_[(va >> kPageBits) & (kTlbEntries - 1)];
    if (__builtin_expect(e.tag == (va & ~kPageMask), 1)) {
        if (__builtin_expect(log_accesses_, 0))
            log_access(va, e.pa | (va & kPageMask), sizeof(T), cache::RequestKind::Load);
        T raw;
        std::memcpy(&raw, e.host + (va & kPageMask), sizeof(T));
        value = little ? raw : detail::byteswap(raw);
        return true;
    }
    T raw;
    if (!slow_read(va, &raw, sizeof(T), little)) return false;
    value = raw;
    return true;
}

template <typename T> inline bool SparcCore::write(uint64_t va, T value, bool little) {
    counters.count(Event::DcWr);
    const TlbEntry& e = write_tlb_[(va >> kPageBits) & (kTlbEntries - 1)];
    if (__builtin_expect(e.tag == (va & ~kPageMask), 1)) {
        if (__builtin_expect(log_accesses_, 0))
            log_access(va, e.pa | (va & kPageMask), sizeof(T), cache::RequestKind::Store);
        T raw = little ? value : detail::byteswap(value);
        std::memcpy(e.host + (va & kPageMask), &raw, sizeof(T));
        return true;
    }
    return slow_write(va, &value, sizeof(T), little);
}

template <typename T> inline bool SparcCore::read_asi(const AsiInfo& asi, uint64_t va, T& value) {
    if (__builtin_expect(asi.kind == AsiKind::Memory && !own_translation(asi), 1))
        return read(va, value, asi.little);
    counters.count(Event::DcRd);
    if (asi.kind == AsiKind::Memory) {
        T raw;
        if (!slow_read(va, &raw, sizeof(T), asi.little, &asi)) return false;
        value = raw;
        return true;
    }
    if (asi.kind == AsiKind::Physical) {
        T raw;
        if (!physical_access(va, Access::Read, &raw, sizeof(T), asi.little)) return false;
        value = raw;
        return true;
    }
    uint64_t v = 0;
    if (!register_access(asi, va, Access::Read, v)) return false;
    value = T(v);
    return true;
}

template <typename T> inline bool SparcCore::write_asi(const AsiInfo& asi, uint64_t va, T value) {
    if (__builtin_expect(asi.kind == AsiKind::Memory && !own_translation(asi), 1))
        return write(va, value, asi.little);
    counters.count(Event::DcWr);
    if (asi.kind == AsiKind::Memory) return slow_write(va, &value, sizeof(T), asi.little, &asi);
    if (asi.kind == AsiKind::Physical)
        return physical_access(va, Access::Write, &value, sizeof(T), asi.little);
    uint64_t v = uint64_t(value);
    return register_access(asi, va, Access::Write, v);
}

} // namespace fireplane::sparc
