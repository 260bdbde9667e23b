#include "block_compiler.h"

#include "../decoder.h"
#include "../fp_common.h"
#include "../instruction_class.h"
#include "../isa_table.h"
#include "../magic.h"
#include "../sparc_core.h"
#include "x86_emitter.h"

#include <sys/mman.h>

#include <algorithm>
#include <cstring>
#include <iterator>
#include <new>
#include <stdexcept>
#include <utility>
#include <vector>

namespace fireplane::sparc {

using namespace jit;

namespace {

constexpr size_t kBufferBytes = size_t(8) << 20;

// Whether warming may run an instruction's handler inside a block and retire
// it afterwards: one that neither reads the clock, nor switches the timing
// model (a magic instruction), nor takes a line another cache may hold (an
// atomic). So not the serializing class (state registers, MEMBAR, FLUSH,
// Tcc, DONE/RETRY). A transfer (RETURN) is fine: the block leaves after it
// unless it went on to the next instruction, and the replay gives it PC and
// nPC as it left them.
bool warms_in_block(uint32_t word) {
    using IC = InstructionClass;
    if (is_magic(word)) return false;
    const IC cls = classify(word).cls;
    return cls != IC::Atomic && cls != IC::Serializing && cls != IC::kCount;
}

bool is_transfer(NativeOp op) {
    return op == NativeOp::Branch || op == NativeOp::BranchReg || op == NativeOp::FBranch ||
           op == NativeOp::Call || op == NativeOp::Jmpl;
}

struct Decoded {
    Insn insn{};
    NativeOp op = NativeOp::None;
};

// Load and store forms: bytes moved, whether a load sign-extends, and
// whether the register is an FP one.
struct MemoryForm {
    NativeOp op;
    unsigned size;
    bool sign, store, fp;
};
constexpr MemoryForm kMemoryForms[] = {
    {NativeOp::LdUB, 1, false, false, false}, {NativeOp::LdSB, 1, true, false, false},
    {NativeOp::LdUH, 2, false, false, false}, {NativeOp::LdSH, 2, true, false, false},
    {NativeOp::LdUW, 4, false, false, false}, {NativeOp::LdSW, 4, true, false, false},
    {NativeOp::LdX, 8, false, false, false},  {NativeOp::StB, 1, false, true, false},
    {NativeOp::StH, 2, false, true, false},   {NativeOp::StW, 4, false, true, false},
    {NativeOp::StX, 8, false, true, false},   {NativeOp::LdF, 4, false, false, true},
    {NativeOp::LdDF, 8, false, false, true},  {NativeOp::StF, 4, false, true, true},
    {NativeOp::StDF, 8, false, true, true},
};
const MemoryForm* memory_form(NativeOp op) {
    for (const MemoryForm& f : kMemoryForms)
        if (f.op == op) return &f;
    return nullptr;
}

// Register-register operations: the x86 operation, and whether the second
// operand is inverted first (andn, orn) or the result after (xnor).
struct AluForm {
    NativeOp op, cc_op;
    Alu alu;
    bool invert_b, invert_result, arithmetic; // arithmetic: V and C from the operation
};
constexpr AluForm kAluForms[] = {
    {NativeOp::Add, NativeOp::AddCc, Alu::Add, false, false, true},
    {NativeOp::Sub, NativeOp::SubCc, Alu::Sub, false, false, true},
    {NativeOp::And, NativeOp::AndCc, Alu::And, false, false, false},
    {NativeOp::Or, NativeOp::OrCc, Alu::Or, false, false, false},
    {NativeOp::Xor, NativeOp::XorCc, Alu::Xor, false, false, false},
    {NativeOp::AndN, NativeOp::AndNCc, Alu::And, true, false, false},
    {NativeOp::OrN, NativeOp::OrNCc, Alu::Or, true, false, false},
    {NativeOp::XNor, NativeOp::XNorCc, Alu::Xor, false, true, false},
};
const AluForm* alu_form(NativeOp op, bool& cc) {
    for (const AluForm& f : kAluForms) {
        if (f.op == op || f.cc_op == op) {
            cc = f.cc_op == op;
            return &f;
        }
    }
    return nullptr;
}

// FPops on the host's SSE unit, under the guest's rounding mode (the run
// loop sets MXCSR, and collects its sticky flags into FSR.aexc): the SSE
// opcode, and the record the handler leaves for FSR.cexc (fp_common.h), so
// that a later read of the FSR finds the same.
using CexcFn = uint8_t (*)(const SparcCore::FpRecord&, unsigned);
struct FpForm {
    NativeOp op;
    uint8_t sse; // addsd/ss 58, mulsd 59, subsd 5c, divsd 5e, sqrtsd 51
    bool dbl, unary;
    CexcFn cexc;
};
const FpForm kFpForms[] = {
    {NativeOp::FAddD, 0x58, true, false, recorded_exceptions<FAdd<double>>},
    {NativeOp::FSubD, 0x5c, true, false, recorded_exceptions<FSub<double>>},
    {NativeOp::FMulD, 0x59, true, false, recorded_exceptions<FMul<double>>},
    {NativeOp::FDivD, 0x5e, true, false, recorded_exceptions<FDiv<double>>},
    {NativeOp::FSqrtD, 0x51, true, true, recorded_exceptions<FSqrt<double>>},
    {NativeOp::FAddS, 0x58, false, false, recorded_exceptions<FAdd<float>>},
    {NativeOp::FSubS, 0x5c, false, false, recorded_exceptions<FSub<float>>},
    {NativeOp::FMulS, 0x59, false, false, recorded_exceptions<FMul<float>>},
    {NativeOp::FDivS, 0x5e, false, false, recorded_exceptions<FDiv<float>>},
    {NativeOp::FSqrtS, 0x51, false, true, recorded_exceptions<FSqrt<float>>},
};
const FpForm* fp_form(NativeOp op) {
    for (const FpForm& f : kFpForms)
        if (f.op == op) return &f;
    return nullptr;
}
constexpr uint8_t kPrefixDouble = 0xf2, kPrefixSingle = 0xf3, kPrefixUcomisd = 0x66;
constexpr uint8_t kSseLoad = 0x10, kSseStore = 0x11, kSseUcomis = 0x2e;

// fmovd, fnegd, fabsd: the sign bit kept, flipped or cleared.
struct FpMoveForm {
    NativeOp op;
    Alu alu;
    uint64_t mask;
};
constexpr FpMoveForm kFpMoveForms[] = {
    {NativeOp::FMovD, Alu::Or, 0},
    {NativeOp::FNegD, Alu::Xor, uint64_t(1) << 63},
    {NativeOp::FAbsD, Alu::And, ~(uint64_t(1) << 63)},
};
const FpMoveForm* fp_move_form(NativeOp op) {
    for (const FpMoveForm& f : kFpMoveForms)
        if (f.op == op) return &f;
    return nullptr;
}

struct ShiftForm {
    NativeOp op;
    Shift shift;
    bool wide; // 64-bit count and operand; else a 5-bit count
};
constexpr ShiftForm kShiftForms[] = {
    {NativeOp::Sll, Shift::Shl, false}, {NativeOp::Srl, Shift::Shr, false},
    {NativeOp::Sra, Shift::Sar, false}, {NativeOp::SllX, Shift::Shl, true},
    {NativeOp::SrlX, Shift::Shr, true}, {NativeOp::SraX, Shift::Sar, true},
};
const ShiftForm* shift_form(NativeOp op) {
    for (const ShiftForm& f : kShiftForms)
        if (f.op == op) return &f;
    return nullptr;
}

// BPr's rcond (1-3, 5-7; 0 and 4 are reserved and never decoded): the x86
// condition under which the branch is NOT taken, after `test r, r`.
constexpr Cond kRcondNotTaken[8] = {kNZ, kNZ /* == 0 */, kG /* <= 0 */, kGE /* < 0 */,
                                    kNZ, kZ /* != 0 */,  kLE /* > 0 */, kL /* >= 0 */};

// Where the interpreter resumes when a block leaves, and the instructions
// completed. PC and nPC are fixed, or come from a JMPL's target, which the
// JMPL leaves in the core's nPC: in its delay slot nPC is the target (PC is
// fixed), after the slot PC = target. After a handler the core holds them
// already (AsIs), or at a trap, the trapping instruction's (Trapped).
struct ExitState {
    enum class Kind : uint8_t { Fixed, InJumpSlot, AtJumpTarget, AsIs, Trapped };
    Kind kind = Kind::Fixed;
    uint64_t pc = 0, npc = 0; // for Fixed, and pc for InJumpSlot
    uint32_t count = 0;
    bool operator==(const ExitState& o) const {
        return kind == o.kind && pc == o.pc && npc == o.npc && count == o.count;
    }
    // Sequential flow: a handler run here goes on to the next instruction.
    bool sequential() const { return kind == Kind::Fixed && npc == pc + 4; }
};
ExitState fixed(uint64_t pc, uint64_t npc, uint32_t count) {
    return {ExitState::Kind::Fixed, pc, npc, count};
}
ExitState as_is(uint32_t count) {
    return {ExitState::Kind::AsIs, 0, 0, count};
}

// What a block has checked of the FP unit, in order: enabled, and with
// exceptions recorded lazily (TEM = 0).
enum class FpCheck : uint8_t { None, Enabled, Lazy };

// Blocks are leaf functions that touch no stack: the core's address stays in
// the argument register, and everything else is caller-saved scratch.
constexpr jit::Reg kCore = RDI;

} // namespace

class BlockCompiler::Translation {
public:
    Translation(SparcCore& core, std::deque<Insn>& insns) : core_(core), insns_(insns) {
        off_r_ = offset(&core.r[0]);
        off_pc_ = offset(&core.pc);
        off_npc_ = offset(&core.npc);
        off_stop_ = offset(&core.stop_);
        off_cut_ = offset(&core.chain_cut_);
        off_chain_length_ = offset(&core.chain_length_);
        off_chain_budget_ = offset(&core.chain_budget_);
        off_f_ = offset(&core.f[0]);
        off_fsr_ = offset(&core.fsr);
        off_fprs_ = offset(&core.fprs);
        off_pstate_ = offset(&core.pstate);
        off_fp_exact_ = offset(&core.fp_exact_);
        off_fp_pending_ = offset(&core.fp_pending_);
        off_record_fn_ = offset(&core.last_fp_.exceptions);
        off_record_a_ = offset(&core.last_fp_.a);
        off_record_b_ = offset(&core.last_fp_.b);
        off_ccr_ = offset(&core.ccr);
        off_rtlb_ = offset(&core.read_tlb_[0]);
        off_wtlb_ = offset(&core.write_tlb_[0]);
        off_bank_ = offset(core.counters.current_bank());
        off_block_log_ = offset(&core.block_log_next_);
    }

    // Emits the block from `pc`; false if it would hold no native instruction.
    bool translate(uint64_t pc) {
        uint32_t count = 0;
        bool native = false;
        uint64_t p = pc;
        while (count + 2 <= kMaxInstructions) {
            Decoded d;
            if (!decode_at(p, d)) break;
            words_.push_back(d.insn.raw);
            if (is_transfer(d.op)) {
                transfer(d, p, count);
                finish_exits();
                return true;
            }
            const ExitState before = fixed(p, p + 4, count);
            if (d.op == NativeOp::None) {
                call(d, before);
                go_on_if_sequential(before);
            } else {
                emit_simple(d, before);
                native = true;
            }
            ++count;
            p += 4;
            if ((p & kPageMask) == 0) break;
        }
        if (!native) return false;
        exit(fixed(p, p + 4, count));
        finish_exits();
        return true;
    }
    std::vector<uint8_t>& code() { return e_.bytes(); }
    uint32_t max() const { return max_; }
    bool warmable() const { return warmable_; }
    const std::vector<uint32_t>& words() const { return words_; }

private:
    int32_t offset(const void* field) const {
        return int32_t(reinterpret_cast<const char*>(field) -
                       reinterpret_cast<const char*>(&core_));
    }
    int32_t reg(unsigned n) const { return off_r_ + int32_t(8 * n); }

    bool decode_at(uint64_t p, Decoded& d) {
        uint32_t word = 0;
        if (!core_.fetch_word(p, word)) return false;
        const IsaRow* row = find_row(word);
        if (!row) return false;
        d.insn = decode(word, p);
        if (d.insn.exec == exec_illegal) return false; // a reserved field: its handler traps
        d.op = row->native;
        return true;
    }

    // ---- exits ----
    void exit(const ExitState& s) {
        using Kind = ExitState::Kind;
        if (s.kind == Kind::AtJumpTarget) { // nPC holds the target
            e_.mov_load(RCX, kCore, off_npc_);
            e_.mov_store(kCore, off_pc_, RCX);
            e_.alu_imm(Alu::Add, RCX, 4);
            e_.mov_store(kCore, off_npc_, RCX);
        } else if (s.kind == Kind::Fixed || s.kind == Kind::InJumpSlot) {
            store_pc(s);
        }
        e_.mov_imm(RAX, s.count | (s.kind == Kind::Trapped ? kBlockTrapped : 0));
        e_.ret();
        if (s.count > max_) max_ = s.count;
    }
    void store_pc(const ExitState& s) { // and nPC, unless a JMPL left it there
        e_.mov_imm(RCX, s.pc);
        e_.mov_store(kCore, off_pc_, RCX);
        if (s.kind == ExitState::Kind::Fixed) {
            e_.mov_imm(RCX, s.npc);
            e_.mov_store(kCore, off_npc_, RCX);
        }
    }
    // A jump (its end, as jcc() returns) to an exit.
    void leave_if(Cond c, const ExitState& s) { exits_.push_back({e_.jcc(c), s}); }
    // A jump to the instruction's handler, out of line, from where the block
    // resumes after it (`resume` set once the fast path is emitted).
    void call_if(Cond c, const Decoded& d, const ExitState& before) {
        slow_.push_back({e_.jcc(c), d, before, 0});
    }
    void finish_exits() {
        for (size_t i = 0; i < slow_.size(); ++i) { // the handler calls add exits
            const SlowPath s = slow_[i];
            e_.bind(s.jump);
            stored_pc_ = kNothingStored;
            call(s.decoded, s.before, true);
            go_on_if_sequential(s.before);
            e_.bind(e_.jmp(), s.resume);
        }
        slow_.clear();
        std::vector<std::pair<ExitState, size_t>> emitted; // exits with one state share code
        for (const auto& [jump, exit_state] : exits_) {
            const ExitState& state = exit_state; // a lambda cannot capture a binding in C++17
            auto same = std::find_if(emitted.begin(), emitted.end(),
                                     [&](const auto& x) { return x.first == state; });
            if (same != emitted.end()) {
                e_.bind(jump, same->second);
                continue;
            }
            emitted.push_back({state, e_.size()});
            e_.bind(jump);
            exit(state);
        }
        exits_.clear();
    }

    // ---- handlers ----
    // Runs an instruction through its handler as the interpreter would: PC,
    // nPC and retired() as the interpreter has them (a chain of one). A trap
    // leaves the block with it pending.
    // `slow_path`: out of line, for a load or store the block could not do
    // (its access is logged as the native one would be).
    void call(const Decoded& d, const ExitState& before, bool slow_path = false) {
        if (!slow_path && !warms_in_block(d.insn.raw)) warmable_ = false;
        if (!(before.sequential() && before.pc == stored_pc_)) store_pc(before);
        fp_checked_ = FpCheck::None; // the handler may change FPRS, PSTATE or the FSR
        e_.store_imm(kCore, off_chain_length_, int32_t(before.count + 1));
        e_.store_imm(kCore, off_chain_budget_, 1);
        insns_.push_back(d.insn);
        e_.mov_imm(RSI, reinterpret_cast<uint64_t>(&insns_.back()));
        e_.mov_imm(RAX, reinterpret_cast<uint64_t>(d.insn.exec));
        e_.push(kCore); // kept across the call, and the stack aligned for it
        e_.call(RAX);
        e_.pop(kCore);
        e_.test_byte(RAX);
        leave_if(kZ, {ExitState::Kind::Trapped, 0, 0, before.count});
    }
    // After a handler: the block goes on only if the handler went on to the
    // next instruction and ended no chain (no stop, event, or code dropped).
    // In a delay slot it leaves.
    void go_on_if_sequential(const ExitState& before) {
        const ExitState after = as_is(before.count + 1);
        if (!before.sequential()) {
            exit(after);
            return;
        }
        e_.cmp_byte_zero(kCore, off_stop_);
        leave_if(kNZ, after);
        e_.cmp_byte_zero(kCore, off_cut_);
        leave_if(kNZ, after);
        e_.mov_imm(RCX, before.pc + 4);
        e_.mov_load(RDX, kCore, off_pc_);
        e_.alu(Alu::Cmp, RDX, RCX);
        leave_if(kNZ, after);
        e_.alu_imm(Alu::Add, RCX, 4);
        e_.mov_load(RDX, kCore, off_npc_);
        e_.alu(Alu::Cmp, RDX, RCX);
        leave_if(kNZ, after);
        stored_pc_ = before.pc + 4; // the core holds the next instruction's PC and nPC
    }

    // ---- operands ----
    static bool has_imm(const Insn& in) { return (in.raw >> 13) & 1; }
    void load_operand2(jit::Reg dst, const Insn& in) {
        if (has_imm(in))
            e_.mov_imm(dst, uint64_t(in.imm));
        else
            e_.mov_load(dst, kCore, reg(in.rs2));
    }
    // rs1 + (rs2 | simm13) into dst (RCX is free to use).
    void address(jit::Reg dst, const Insn& in) {
        e_.mov_load(dst, kCore, reg(in.rs1));
        if (has_imm(in)) {
            if (in.imm) e_.alu_imm(Alu::Add, dst, int32_t(in.imm));
        } else {
            e_.mov_load(RCX, kCore, reg(in.rs2));
            e_.alu(Alu::Add, dst, RCX);
        }
    }

    // ---- instructions without control transfer ----
    void emit_simple(const Decoded& d, const ExitState& before) {
        const Insn& in = d.insn;
        bool cc = false;
        stored_pc_ = kNothingStored; // native code leaves PC and nPC behind
        const size_t first_slow = slow_.size();
        if (d.op == NativeOp::Sethi) {
            e_.mov_imm(RAX, uint64_t(in.imm));
            e_.mov_store(kCore, reg(in.rd), RAX);
        } else if (d.op == NativeOp::MulX) {
            e_.mov_load(RAX, kCore, reg(in.rs1));
            load_operand2(RCX, in);
            e_.imul(RAX, RCX);
            e_.mov_store(kCore, reg(in.rd), RAX);
        } else if (const AluForm* f = alu_form(d.op, cc)) {
            alu(*f, cc, in);
        } else if (const ShiftForm* s = shift_form(d.op)) {
            shift(*s, in);
        } else if (const MemoryForm* m = memory_form(d.op)) {
            memory(*m, d, before);
        } else if (const FpForm* f = fp_form(d.op)) {
            fp_operate(*f, d, before);
        } else if (const FpMoveForm* f = fp_move_form(d.op)) {
            fp_move(*f, d, before);
        } else if (d.op == NativeOp::FCmpD || d.op == NativeOp::FCmpS) {
            fp_compare(d.op == NativeOp::FCmpD, d, before);
        } else {
            throw std::logic_error("block compiler: no form for a native instruction");
        }
        for (size_t i = first_slow; i < slow_.size(); ++i) // their handlers resume after it
            slow_[i].resume = e_.size();
    }

    void alu(const AluForm& f, bool cc, const Insn& in) {
        e_.mov_load(RAX, kCore, reg(in.rs1));
        load_operand2(RCX, in);
        if (f.invert_b) e_.not_(RCX);
        if (!cc) {
            e_.alu(f.alu, RAX, RCX);
            if (f.invert_result) e_.not_(RAX);
            e_.mov_store(kCore, reg(in.rd), RAX);
            return;
        }
        // xcc from the 64-bit operation, icc from the 32-bit one.
        e_.mov(RDX, RAX);
        e_.alu(f.alu, RDX, RCX);
        if (f.invert_result) e_.not_(RDX);
        if (!f.arithmetic) e_.test(RDX, RDX);
        nzvc(R8);
        e_.mov(RSI, RAX);
        e_.alu(f.alu, RSI, RCX, false);
        if (f.invert_result) e_.not_(RSI);
        if (!f.arithmetic) e_.test(RSI, RSI, false);
        nzvc(R9);
        e_.mov_store(kCore, reg(in.rd), RDX);
        e_.shift_imm(Shift::Shl, R8, 4);
        e_.alu(Alu::Or, R8, R9);
        e_.store_byte(kCore, off_ccr_, R8);
    }
    // SPARC's N Z V C (bits 3-0) into `out` from the x86 flags SF, ZF, OF and
    // CF (SUB's CF is the borrow, as SPARC's C); R10, R11 and RSI are scratch.
    // Registers, not PUSHF: the flags never go through memory.
    void nzvc(jit::Reg out) {
        constexpr std::pair<Cond, uint8_t> kFlags[] = {{kO, 1}, {kZ, 2}, {kS, 3}};
        const jit::Reg scratch[] = {R10, R11, RSI};
        e_.setcc(kC, out); // every SETcc first: the ANDs below change the flags
        for (size_t i = 0; i < std::size(kFlags); ++i)
            e_.setcc(kFlags[i].first, scratch[i]);
        e_.alu_imm(Alu::And, out, 1, false); // SETcc writes a byte; clear the rest
        for (size_t i = 0; i < std::size(kFlags); ++i) {
            e_.alu_imm(Alu::And, scratch[i], 1, false);
            e_.shift_imm(Shift::Shl, scratch[i], kFlags[i].second, false);
            e_.alu(Alu::Or, out, scratch[i], false);
        }
    }

    void shift(const ShiftForm& s, const Insn& in) {
        e_.mov_load(RAX, kCore, reg(in.rs1));
        const unsigned mask = s.wide ? 63 : 31;
        if (s.shift == Shift::Shr && !s.wide) e_.mov32(RAX, RAX);
        if (has_imm(in)) {
            const uint8_t n = uint8_t(in.imm & mask);
            if (s.shift == Shift::Sar && !s.wide) {
                e_.shift_imm(Shift::Sar, RAX, n, false);
                e_.movsxd(RAX, RAX);
            } else {
                e_.shift_imm(s.shift, RAX, n);
            }
        } else {
            e_.mov_load(RCX, kCore, reg(in.rs2));
            if (s.shift == Shift::Sar && !s.wide) {
                e_.shift_cl(Shift::Sar, RAX, false); // a 32-bit shift counts mod 32
                e_.movsxd(RAX, RAX);
            } else {
                if (!s.wide) e_.alu_imm(Alu::And, RCX, 31);
                e_.shift_cl(s.shift, RAX);
            }
        }
        e_.mov_store(kCore, reg(in.rd), RAX);
    }

    // [rs1 + rs2|simm13] through the software TLB; leaves the block before
    // the instruction when it is misaligned or its page is not there.
    void memory(const MemoryForm& m, const Decoded& d, const ExitState& before) {
        const Insn& in = d.insn;
        if (m.fp) fp_checks(FpCheck::Enabled, before);
        address(RAX, in);
        // The entry: (va >> 13) % entries, times sizeof(TlbEntry) = 3 << 3.
        // Its tag has the low bits clear, so a misaligned address misses too.
        static_assert(sizeof(SparcCore::TlbEntry) == 24);
        e_.mov(RCX, RAX);
        e_.shift_imm(Shift::Shr, RCX, kPageBits);
        e_.alu_imm(Alu::And, RCX, SparcCore::kTlbEntries - 1);
        e_.lea(RCX, RCX, RCX, 1);
        e_.mov(RDX, RAX);
        e_.alu_imm(Alu::And, RDX, int32_t(~kPageMask | (m.size - 1)));
        const int32_t table = m.store ? off_wtlb_ : off_rtlb_;
        e_.cmp_load(RDX, kCore, table + int32_t(offsetof(SparcCore::TlbEntry, tag)), RCX, 3);
        call_if(kNZ, d, before);
        log_to_block(m, table, before);
        e_.mov_load(RSI, kCore, table + int32_t(offsetof(SparcCore::TlbEntry, host)), RCX, 3);
        e_.alu_imm(Alu::And, RAX, int32_t(kPageMask));
        if (m.store) {
            if (!m.fp)
                e_.mov_load(RDX, kCore, reg(in.rd & 31)); // %g0 (the sink) stores zero
            else if (m.size == 8)
                e_.mov_load(RDX, kCore, freg(in.rd, true));
            else
                e_.load32(RDX, kCore, freg(in.rd, false));
            if (m.size == 8) e_.bswap(RDX, true);
            if (m.size == 4) e_.bswap(RDX, false);
            if (m.size == 2) {
                e_.bswap(RDX, false);
                e_.shift_imm(Shift::Shr, RDX, 16, false);
            }
            e_.store_sized(RSI, RAX, RDX, m.size);
        } else {
            if (m.size == 8) {
                e_.mov_load(RAX, RSI, 0, RAX);
                e_.bswap(RAX, true);
            } else if (m.size == 1) {
                e_.load_ext(RAX, RSI, RAX, 1, m.sign);
            } else {
                e_.load_ext(RAX, RSI, RAX, m.size, false);
                e_.bswap(RAX, false);
                if (m.size == 2) e_.shift_imm(m.sign ? Shift::Sar : Shift::Shr, RAX, 16, false);
                if (m.sign) e_.movsxd(RAX, RAX);
            }
            if (!m.fp) {
                e_.mov_store(kCore, reg(in.rd), RAX);
            } else {
                if (m.size == 8)
                    e_.mov_store(kCore, freg(in.rd, true), RAX);
                else
                    e_.store32(kCore, freg(in.rd, false), RAX);
                fp_dirty(in.rd, m.size == 8);
            }
        }
        e_.mov_load(RCX, kCore, off_bank_);
        e_.inc_mem(RCX, int32_t(8 * unsigned(m.store ? Event::DcWr : Event::DcRd)));
    }

    // While warming runs the block (SparcCore::warm_block), the access goes
    // to the core's block log, as the handler's log_access would put it: the
    // VA (RAX), the PA from the TLB entry (RCX: its index times 3), and the
    // instruction's index in the block with the kind and size.
    void log_to_block(const MemoryForm& m, int32_t table, const ExitState& before) {
        using cache::RequestKind;
        static_assert(sizeof(SparcCore::BlockAccess) == 24);
        e_.mov_load(R8, kCore, off_block_log_);
        e_.test(R8, R8);
        const size_t off = e_.jcc(kZ);
        e_.mov_store(R8, int32_t(offsetof(SparcCore::BlockAccess, va)), RAX);
        e_.mov_load(R9, kCore, table + int32_t(offsetof(SparcCore::TlbEntry, pa)), RCX, 3);
        e_.mov(R10, RAX);
        e_.alu_imm(Alu::And, R10, int32_t(kPageMask));
        e_.alu(Alu::Or, R9, R10);
        e_.mov_store(R8, int32_t(offsetof(SparcCore::BlockAccess, pa)), R9);
        const RequestKind kind = m.store ? RequestKind::Store : RequestKind::Load;
        // index, kind and size, then zeros (fcn, io): one 8-byte store
        e_.store_imm(R8, int32_t(offsetof(SparcCore::BlockAccess, index)),
                     int32_t(before.count | unsigned(kind) << 16 | m.size << 24));
        e_.alu_imm(Alu::Add, R8, int32_t(sizeof(SparcCore::BlockAccess)));
        e_.mov_store(kCore, off_block_log_, R8);
        e_.bind(off);
    }

    // ---- floating point ----
    // An FP register's place in the core: double n is f[n]; single n the high
    // (even n) or low half of f[n / 2].
    int32_t freg(unsigned n, bool dbl) const {
        if (dbl) return off_f_ + int32_t(8 * n);
        return off_f_ + int32_t(8 * (n >> 1)) + ((n & 1) ? 0 : 4);
    }
    void fp_dirty(unsigned n, bool dbl) { // FPRS.DL or DU, as set_fd and set_fs
        e_.or_byte_imm(kCore, off_fprs_, dbl && n >= 16 ? SparcCore::kFprsDu : SparcCore::kFprsDl);
    }
    // The FP unit enabled (FPRS.FEF and PSTATE.PEF), and for FPops TEM = 0
    // (exceptions recorded lazily): else the block leaves, and the
    // interpreter traps or keeps exact exceptions. Checked again only after
    // a handler call, the one thing in a block that may change them.
    void fp_checks(FpCheck level, const ExitState& before) {
        if (fp_checked_ < FpCheck::Enabled) {
            e_.test_byte_imm(kCore, off_fprs_, 4);
            leave_if(kZ, before);
            static_assert(kPstatePef < 0x100, "tested in PSTATE's low byte");
            e_.test_byte_imm(kCore, off_pstate_, uint8_t(kPstatePef));
            leave_if(kZ, before);
        }
        if (level == FpCheck::Lazy && fp_checked_ < FpCheck::Lazy) {
            e_.cmp_byte_zero(kCore, off_fp_exact_);
            leave_if(kNZ, before);
        }
        fp_checked_ = std::max(fp_checked_, level);
    }
    // What SparcCore::record_fp keeps: cexc's function and the raw operands
    // (kNone: zero, as for unary operations and compares).
    static constexpr unsigned kNone = ~0u;
    void record(CexcFn cexc, unsigned a, unsigned b, bool dbl) {
        e_.mov_imm(RAX, reinterpret_cast<uint64_t>(cexc));
        e_.mov_store(kCore, off_record_fn_, RAX);
        const std::pair<unsigned, int32_t> operands[] = {{a, off_record_a_}, {b, off_record_b_}};
        for (const auto& [n, field] : operands) {
            if (n == kNone) {
                e_.store_imm(kCore, field, 0);
                continue;
            }
            if (dbl)
                e_.mov_load(RAX, kCore, freg(n, true));
            else
                e_.load32(RAX, kCore, freg(n, false));
            e_.mov_store(kCore, field, RAX);
        }
        e_.store_byte_imm(kCore, off_fp_pending_, 1);
    }
    void fp_operate(const FpForm& f, const Decoded& d, const ExitState& before) {
        const Insn& in = d.insn;
        fp_checks(FpCheck::Lazy, before);
        const uint8_t prefix = f.dbl ? kPrefixDouble : kPrefixSingle;
        if (!f.unary) e_.sse_load(prefix, kSseLoad, 0, kCore, freg(in.rs1, f.dbl));
        e_.sse_load(prefix, f.sse, 0, kCore, freg(in.rs2, f.dbl));
        e_.sse_rr(f.dbl ? kPrefixUcomisd : 0, kSseUcomis, 0, 0);
        call_if(kP, d, before); // a NaN: SPARC's NaN rules differ from x86's, in the handler
        record(f.cexc, f.unary ? kNone : in.rs1, in.rs2, f.dbl);
        e_.sse_load(prefix, kSseStore, 0, kCore, freg(in.rd, f.dbl));
        fp_dirty(in.rd, f.dbl);
    }
    void fp_move(const FpMoveForm& f, const Decoded& d, const ExitState& before) {
        const Insn& in = d.insn;
        fp_checks(FpCheck::Lazy, before);
        record(stored_exceptions, kNone, kNone, true); // no exceptions: cexc clears
        e_.mov_load(RDX, kCore, freg(in.rs2, true));
        if (f.op != NativeOp::FMovD) {
            e_.mov_imm(RCX, f.mask);
            e_.alu(f.alu, RDX, RCX);
        }
        e_.mov_store(kCore, freg(in.rd, true), RDX);
        fp_dirty(in.rd, true);
    }
    // fcmp/fcmpe into fcc rd: 0 =, 1 <, 2 >; unordered (3, and invalid for
    // fcmpe or a signaling NaN) is left to the handler.
    void fp_compare(bool dbl, const Decoded& d, const ExitState& before) {
        const Insn& in = d.insn;
        fp_checks(FpCheck::Lazy, before);
        record(stored_exceptions, kNone, kNone, dbl);
        e_.sse_load(dbl ? kPrefixDouble : kPrefixSingle, kSseLoad, 0, kCore, freg(in.rs1, dbl));
        e_.sse_load(dbl ? kPrefixUcomisd : 0, kSseUcomis, 0, kCore, freg(in.rs2, dbl));
        call_if(kP, d, before);
        e_.setcc(kA, RAX); // greater: 2
        e_.setcc(kC, RCX); // less: 1
        e_.alu_imm(Alu::And, RAX, 1, false);
        e_.alu_imm(Alu::And, RCX, 1, false);
        e_.alu(Alu::Add, RAX, RAX, false);
        e_.alu(Alu::Or, RAX, RCX, false);
        const unsigned shift = fcc_shift(in.rd);
        e_.mov_load(RDX, kCore, off_fsr_);
        e_.mov_imm(RCX, ~(uint64_t(3) << shift));
        e_.alu(Alu::And, RDX, RCX);
        e_.shift_imm(Shift::Shl, RAX, uint8_t(shift));
        e_.alu(Alu::Or, RDX, RAX);
        e_.mov_store(kCore, off_fsr_, RDX);
    }
    static unsigned fcc_shift(unsigned n) { return n == 0 ? 10 : 32 + 2 * (n - 1); }

    // ---- control transfers: the transfer, its delay slot, and the exits ----
    void transfer(const Decoded& d, uint64_t p, uint32_t count) {
        const Insn& in = d.insn;
        if (d.op == NativeOp::FBranch) fp_checks(FpCheck::Enabled, fixed(p, p + 4, count));
        const FpCheck checked = fp_checked_;
        Decoded slot;
        const bool has_slot = ((p + 4) & kPageMask) != 0 && decode_at(p + 4, slot);
        if (has_slot) words_.push_back(slot.insn.raw);
        // Runs the delay slot and leaves for `to` (or the JMPL's target); a
        // slot without a native form runs through its handler, and one on the
        // next page is left to the interpreter.
        auto through_slot = [&](uint64_t to, bool to_target) {
            const ExitState at_slot =
                to_target ? ExitState{ExitState::Kind::InJumpSlot, p + 4, 0, count + 1}
                          : fixed(p + 4, to, count + 1);
            stored_pc_ = kNothingStored; // each path out of the transfer stores its own
            fp_checked_ = checked;
            if (!has_slot) {
                exit(at_slot);
            } else if (slot.op == NativeOp::None || is_transfer(slot.op)) {
                call(slot, at_slot);
                exit(as_is(count + 2));
            } else {
                emit_simple(slot, at_slot);
                exit(to_target ? ExitState{ExitState::Kind::AtJumpTarget, 0, 0, count + 2}
                               : fixed(to, to + 4, count + 2));
            }
        };
        const uint64_t target = uint64_t(in.imm);
        if (d.op == NativeOp::Call) {
            e_.mov_imm(RAX, p);
            e_.mov_store(kCore, reg(15), RAX);
            through_slot(target, false);
            return;
        }
        if (d.op == NativeOp::Jmpl) {
            address(RAX, in);
            e_.test_imm(RAX, 3);
            leave_if(kNZ, fixed(p, p + 4, count));
            e_.mov_store(kCore, off_npc_, RAX); // as the interpreter: nPC = target now
            e_.mov_imm(RAX, p);
            e_.mov_store(kCore, reg(in.rd), RAX);
            through_slot(0, true);
            return;
        }
        const bool annul = in.aux & 0x10;
        const unsigned cond = in.aux & 0xf;
        auto not_taken = [&] {
            if (annul)
                exit(fixed(p + 8, p + 12, count + 1));
            else
                through_slot(p + 8, false);
        };
        const bool conditional = d.op == NativeOp::Branch || d.op == NativeOp::FBranch;
        if (conditional && cond == 8) { // always
            if (annul)
                exit(fixed(target, target + 4, count + 1));
            else
                through_slot(target, false);
            return;
        }
        if (conditional && cond == 0) { // never
            not_taken();
            return;
        }
        size_t skip;
        if (d.op == NativeOp::Branch) {
            e_.load_byte(RAX, kCore, off_ccr_);
            if (in.rs2 & 2) e_.shift_imm(Shift::Shr, RAX, 4, false); // xcc
            e_.alu_imm(Alu::And, RAX, 0xf, false);
            e_.mov_imm(RCX, SparcCore::kCondTable[cond]);
            e_.bt_reg(RCX, RAX);
            skip = e_.jcc(kNC);
        } else if (d.op == NativeOp::FBranch) { // fcc number in rs2
            e_.mov_load(RAX, kCore, off_fsr_);
            e_.shift_imm(Shift::Shr, RAX, uint8_t(fcc_shift(in.rs2)));
            e_.alu_imm(Alu::And, RAX, 3, false);
            e_.mov_imm(RCX, SparcCore::kFCondTable[cond]);
            e_.bt_reg(RCX, RAX);
            skip = e_.jcc(kNC);
        } else { // BPr
            e_.mov_load(RAX, kCore, reg(in.rs1));
            e_.test(RAX, RAX);
            skip = e_.jcc(kRcondNotTaken[in.aux & 7]);
        }
        through_slot(target, false);
        e_.bind(skip);
        not_taken();
    }

    struct SlowPath {
        size_t jump;
        Decoded decoded;
        ExitState before;
        size_t resume;
    };
    static constexpr uint64_t kNothingStored = ~uint64_t(0);

    SparcCore& core_;
    std::deque<Insn>& insns_; // the handlers' operands, kept with the code
    Emitter e_;
    std::vector<std::pair<size_t, ExitState>> exits_;
    std::vector<SlowPath> slow_;
    uint64_t stored_pc_ = kNothingStored; // the core holds this PC (and PC + 4 as nPC)
    FpCheck fp_checked_ = FpCheck::None;
    uint32_t max_ = 0;
    int32_t off_r_, off_pc_, off_npc_, off_ccr_, off_rtlb_, off_wtlb_, off_bank_, off_stop_,
        off_cut_, off_chain_length_, off_chain_budget_, off_f_, off_fsr_, off_fprs_, off_pstate_,
        off_fp_exact_, off_fp_pending_, off_record_fn_, off_record_a_, off_record_b_,
        off_block_log_;
    // The instruction words in block order, for warming's replay, and whether
    // warming may run the block: no handler runs in its own flow (one may
    // read the clock, which warming advances only at the replay).
    std::vector<uint32_t> words_;
    bool warmable_ = true;
};

BlockCompiler::BlockCompiler(SparcCore& core) : core_(core) {
#if defined(__x86_64__) // the only host the emitter knows: elsewhere nothing compiles
    void* p = mmap(nullptr, kBufferBytes, PROT_READ | PROT_WRITE | PROT_EXEC,
                   MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (p != MAP_FAILED) {
        buffer_ = static_cast<uint8_t*>(p);
        capacity_ = kBufferBytes;
    }
#endif
}

BlockCompiler::~BlockCompiler() {
    if (buffer_) munmap(buffer_, capacity_);
}

BlockCompiler::Result BlockCompiler::compile(uint64_t pc) {
    Result result;
    const size_t kept = insns_.size();
    Translation t(core_, insns_);
    const bool translated = buffer_ && t.translate(pc);
    const std::vector<uint8_t>& code = t.code();
    // A warmable block's instruction facts follow its code, then its words.
    const size_t count = t.words().size();
    const size_t infos_at = (code.size() + 7) & ~size_t(7);
    const size_t words_at = infos_at + sizeof(InstructionInfo) * count;
    const size_t bytes = t.warmable() ? words_at + 4 * count : code.size();
    if (!translated || bytes > capacity_) {
        insns_.resize(kept);
        return result;
    }
    if (used_ + bytes > capacity_) {
        used_ = 0;
        insns_.erase(insns_.begin(), insns_.begin() + long(kept)); // only this block's stay
        result.emptied = true;
    }
    uint8_t* at = buffer_ + used_;
    std::memcpy(at, code.data(), code.size());
    result.block = CompiledBlock{reinterpret_cast<BlockFn>(at), t.max()};
    if (t.warmable()) {
        auto* infos = reinterpret_cast<InstructionInfo*>(at + infos_at);
        for (size_t i = 0; i < count; ++i)
            new (&infos[i]) InstructionInfo(classify(t.words()[i]));
        std::memcpy(at + words_at, t.words().data(), 4 * count);
        result.block.words = reinterpret_cast<const uint32_t*>(at + words_at);
        result.block.infos = infos;
    }
    used_ += (bytes + 15) & ~size_t(15);
    return result;
}

} // namespace fireplane::sparc
