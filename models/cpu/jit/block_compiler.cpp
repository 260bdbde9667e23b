#include "block_compiler.h"

#include "../decoder.h"
#include "../isa_table.h"
#include "../sparc_core.h"
#include "x86_emitter.h"

#include <sys/mman.h>

#include <cstring>
#include <iterator>
#include <stdexcept>
#include <utility>
#include <vector>

namespace fireplane::sparc {

using namespace jit;

namespace {

constexpr size_t kBufferBytes = size_t(8) << 20;

bool is_transfer(NativeOp op) {
    return op == NativeOp::Branch || op == NativeOp::BranchReg || op == NativeOp::Call ||
           op == NativeOp::Jmpl;
}

struct Decoded {
    Insn insn{};
    NativeOp op = NativeOp::None;
};

// Load and store forms: bytes moved and whether a load sign-extends.
struct MemoryForm {
    NativeOp op;
    unsigned size;
    bool sign, store;
};
constexpr MemoryForm kMemoryForms[] = {
    {NativeOp::LdUB, 1, false, false}, {NativeOp::LdSB, 1, true, false},
    {NativeOp::LdUH, 2, false, false}, {NativeOp::LdSH, 2, true, false},
    {NativeOp::LdUW, 4, false, false}, {NativeOp::LdSW, 4, true, false},
    {NativeOp::LdX, 8, false, false},  {NativeOp::StB, 1, false, true},
    {NativeOp::StH, 2, false, true},   {NativeOp::StW, 4, false, true},
    {NativeOp::StX, 8, false, true},
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
// fixed), after the slot PC = target.
struct ExitState {
    enum class Kind : uint8_t { Fixed, InJumpSlot, AtJumpTarget } kind = Kind::Fixed;
    uint64_t pc = 0, npc = 0; // for Fixed, and pc for InJumpSlot
    uint32_t count = 0;
};
ExitState fixed(uint64_t pc, uint64_t npc, uint32_t count) {
    return {ExitState::Kind::Fixed, pc, npc, count};
}

// Blocks are leaf functions that touch no stack: the core's address stays in
// the argument register, and everything else is caller-saved scratch.
constexpr Reg kCore = RDI;

} // namespace

class BlockCompiler::Translation {
public:
    explicit Translation(SparcCore& core) : core_(core) {
        off_r_ = offset(&core.r[0]);
        off_pc_ = offset(&core.pc);
        off_npc_ = offset(&core.npc);
        off_ccr_ = offset(&core.ccr);
        off_rtlb_ = offset(&core.read_tlb_[0]);
        off_wtlb_ = offset(&core.write_tlb_[0]);
        off_bank_ = offset(core.counters.current_bank());
    }

    // Emits the block from `pc`; false if its first instruction is not native.
    bool translate(uint64_t pc) {
        uint32_t count = 0;
        uint64_t p = pc;
        while (count + 2 <= kMaxInstructions) {
            Decoded d;
            if (!decode_at(p, d)) break;
            if (is_transfer(d.op)) {
                transfer(d, p, count);
                finish_exits();
                return true;
            }
            emit_simple(d, fixed(p, p + 4, count));
            ++count;
            p += 4;
            if ((p & kPageMask) == 0) break;
        }
        if (count == 0) return false;
        exit(fixed(p, p + 4, count));
        finish_exits();
        return true;
    }
    std::vector<uint8_t>& code() { return e_.bytes(); }
    uint32_t max() const { return max_; }

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
        if (!row || row->native == NativeOp::None) return false;
        d.insn = decode(word, p);
        if (d.insn.exec == exec_illegal) return false; // a reserved field: its handler traps
        d.op = row->native;
        return true;
    }

    // ---- exits ----
    void exit(const ExitState& s) {
        if (s.kind == ExitState::Kind::AtJumpTarget) { // nPC holds the target
            e_.mov_load(RCX, kCore, off_npc_);
            e_.mov_store(kCore, off_pc_, RCX);
            e_.alu_imm(Alu::Add, RCX, 4);
            e_.mov_store(kCore, off_npc_, RCX);
        } else {
            e_.mov_imm(RCX, s.pc);
            e_.mov_store(kCore, off_pc_, RCX);
            if (s.kind == ExitState::Kind::Fixed) {
                e_.mov_imm(RCX, s.npc);
                e_.mov_store(kCore, off_npc_, RCX);
            }
        }
        e_.mov_imm(RAX, s.count);
        e_.ret();
        if (s.count > max_) max_ = s.count;
    }
    // A jump (its end, as jcc() returns) to an exit before an instruction.
    void leave_if(Cond c, const ExitState& s) { pending_.push_back({e_.jcc(c), s}); }
    void finish_exits() {
        for (const auto& [jump, state] : pending_) {
            e_.bind(jump);
            exit(state);
        }
        pending_.clear();
    }

    // ---- operands ----
    static bool has_imm(const Insn& in) { return (in.raw >> 13) & 1; }
    void load_operand2(Reg dst, const Insn& in) {
        if (has_imm(in))
            e_.mov_imm(dst, uint64_t(in.imm));
        else
            e_.mov_load(dst, kCore, reg(in.rs2));
    }
    // rs1 + (rs2 | simm13) into dst (RCX is free to use).
    void address(Reg dst, const Insn& in) {
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
            memory(*m, in, before);
        } else {
            throw std::logic_error("block compiler: no form for a native instruction");
        }
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
    void nzvc(Reg out) {
        constexpr std::pair<Cond, uint8_t> kFlags[] = {{kO, 1}, {kZ, 2}, {kS, 3}};
        const Reg scratch[] = {R10, R11, RSI};
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
    void memory(const MemoryForm& m, const Insn& in, const ExitState& before) {
        address(RAX, in);
        if (m.size > 1) {
            e_.test_imm(RAX, int32_t(m.size - 1));
            leave_if(kNZ, before);
        }
        // The entry: index * sizeof(TlbEntry).
        static_assert(sizeof(SparcCore::TlbEntry) == 24);
        e_.mov(RCX, RAX);
        e_.shift_imm(Shift::Shr, RCX, kPageBits);
        e_.alu_imm(Alu::And, RCX, SparcCore::kTlbEntries - 1);
        e_.mov(RDX, RCX);
        e_.alu(Alu::Add, RCX, RDX);
        e_.alu(Alu::Add, RCX, RDX);
        e_.shift_imm(Shift::Shl, RCX, 3);
        const int32_t table = m.store ? off_wtlb_ : off_rtlb_;
        e_.mov(RDX, RAX);
        e_.alu_imm(Alu::And, RDX, int32_t(~kPageMask));
        e_.mov_load(RSI, kCore, table + int32_t(offsetof(SparcCore::TlbEntry, tag)), RCX);
        e_.alu(Alu::Cmp, RDX, RSI);
        leave_if(kNZ, before);
        e_.mov_load(RSI, kCore, table + int32_t(offsetof(SparcCore::TlbEntry, host)), RCX);
        e_.alu_imm(Alu::And, RAX, int32_t(kPageMask));
        if (m.store) {
            e_.mov_load(RDX, kCore, reg(in.rd & 31)); // %g0 (the sink) stores zero
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
            e_.mov_store(kCore, reg(in.rd), RAX);
        }
        e_.mov_load(RCX, kCore, off_bank_);
        e_.inc_mem(RCX, int32_t(8 * unsigned(m.store ? Event::DcWr : Event::DcRd)));
    }

    // ---- control transfers: the transfer, its delay slot, and the exits ----
    void transfer(const Decoded& d, uint64_t p, uint32_t count) {
        const Insn& in = d.insn;
        Decoded slot;
        const bool slot_native =
            ((p + 4) & kPageMask) != 0 && decode_at(p + 4, slot) && !is_transfer(slot.op);
        // Runs the delay slot and leaves for `pc`/`npc`; or, when the slot is
        // not native, leaves with PC at the slot.
        auto through_slot = [&](uint64_t to, bool to_target) {
            const ExitState at_slot =
                to_target ? ExitState{ExitState::Kind::InJumpSlot, p + 4, 0, count + 1}
                          : fixed(p + 4, to, count + 1);
            if (!slot_native) {
                exit(at_slot);
                return;
            }
            emit_simple(slot, at_slot);
            exit(to_target ? ExitState{ExitState::Kind::AtJumpTarget, 0, 0, count + 2}
                           : fixed(to, to + 4, count + 2));
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
        if (d.op == NativeOp::Branch && cond == 8) { // always
            if (annul)
                exit(fixed(target, target + 4, count + 1));
            else
                through_slot(target, false);
            return;
        }
        if (d.op == NativeOp::Branch && cond == 0) { // never
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
        } else { // BPr
            e_.mov_load(RAX, kCore, reg(in.rs1));
            e_.test(RAX, RAX);
            skip = e_.jcc(kRcondNotTaken[in.aux & 7]);
        }
        through_slot(target, false);
        e_.bind(skip);
        not_taken();
    }

    SparcCore& core_;
    Emitter e_;
    std::vector<std::pair<size_t, ExitState>> pending_;
    uint32_t max_ = 0;
    int32_t off_r_, off_pc_, off_npc_, off_ccr_, off_rtlb_, off_wtlb_, off_bank_;
};

BlockCompiler::BlockCompiler(SparcCore& core) : core_(core) {
    void* p = mmap(nullptr, kBufferBytes, PROT_READ | PROT_WRITE | PROT_EXEC,
                   MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (p != MAP_FAILED) {
        buffer_ = static_cast<uint8_t*>(p);
        capacity_ = kBufferBytes;
    }
}

BlockCompiler::~BlockCompiler() {
    if (buffer_) munmap(buffer_, capacity_);
}

BlockCompiler::Result BlockCompiler::compile(uint64_t pc) {
    Result result;
    Translation t(core_);
    if (!buffer_ || !t.translate(pc)) return result;
    const std::vector<uint8_t>& code = t.code();
    if (code.size() > capacity_) return result;
    if (used_ + code.size() > capacity_) {
        used_ = 0;
        result.emptied = true;
    }
    uint8_t* at = buffer_ + used_;
    std::memcpy(at, code.data(), code.size());
    used_ += (code.size() + 15) & ~size_t(15);
    result.block = CompiledBlock{reinterpret_cast<BlockFn>(at), t.max()};
    return result;
}

} // namespace fireplane::sparc
