#pragma once
// What the pipeline model needs to know about an instruction: its class (which
// execution pipe it uses, how long its result takes) and the registers it
// reads and writes, derived from the instruction word by one table.
#include <cstdint>

namespace fireplane::sparc {

enum class InstructionClass : uint8_t {
    IntAlu,        // A0/A1: add, logic, shifts, sethi, save/restore
    IntMul,        // mulx, umul, smul, mulscc
    IntDiv,        // udivx, sdivx, udiv, sdiv
    CondMove,      // movcc, movr (MS and BR pipes)
    Load,          // ldx, lduw, ldd: data forwarded in the C stage
    LoadExtended,  // ldsw, ldsh, ldsb, lduh, ldub: aligned or extended in M
    Store,         // integer stores
    Atomic,        // casa, casxa, ldstub, swap
    FpLoad,        // ldf, lddf, ldfsr
    FpStore,       // stf, stdf, stfsr
    Prefetch,      // prefetch(a)
    Branch,        // bicc, bpcc, bpr, fbfcc
    Call,          // call
    Jump,          // jmpl, return
    FpMove,        // FGA: fmov, fneg, fabs; VIS adds and logicals
    FpCondMove,    // fmovcc (FGA and BR)
    FpRegCondMove, // fmovr (FGA and MS)
    FpAdd,         // FGA: add, subtract, convert
    FpCompare,     // FGA: fcmp, fcmpe
    FpMul,         // FGM: multiply
    FpDivSingle,
    FpDivDouble,
    FpSqrtSingle,
    FpSqrtDouble,
    SingleGroup, // dispatched alone: alignaddr, siam (they write the GSR)
    Serializing, // rd/wr of state registers, membar, flush, flushw, Tcc, done/retry
    kCount
};
constexpr unsigned kInstructionClasses = unsigned(InstructionClass::kCount);

const char* instruction_class_name(InstructionClass c);
// What an instruction of the class does to memory (profiling's backtracking).
bool reads_memory(InstructionClass c);
bool writes_memory(InstructionClass c);

// Register operands. Integer registers 0-31 are the visible window's; FP
// registers are numbered 32 + single-register number; 96 and 97 stand for
// %icc/%xcc and the fcc fields (written by cc-setting ops, read by branches
// and conditional moves).
constexpr uint8_t kNoReg = 0xff;
constexpr uint8_t kFpRegBase = 32;
constexpr uint8_t kIntCcReg = 96;
constexpr uint8_t kFpCcReg = 97;
constexpr unsigned kTrackedRegs = 98;

// What a control transfer is to the fetch unit and the branch predictor,
// decoded once with the rest of the instruction.
enum class TransferKind : uint8_t {
    None,         // not a transfer (nor "branch never": it goes nowhere)
    Conditional,  // Bicc, BPcc, FBfcc with a condition; BPr
    Always,       // "branch always"
    Call,         // call: its return address goes on the return stack
    IndirectCall, // jmpl that writes %o7: the same, but its target is not predicted
    Return,       // return, and jmpl %i7+8 / %o7+8 discarding the link (ret, retl)
    Indirect,     // any other jmpl: its target is known only when it executes
};

// Eight bytes, so a decoded instruction (insn.h) carries its own.
struct InstructionInfo {
    InstructionClass cls = InstructionClass::kCount; // kCount: not classified yet
    TransferKind transfer : 4;
    // "ba,a"/"fba,a": always taken, delay slot annulled; fetch goes straight to
    // the target even when that is the next word.
    bool skips_delay_slot : 1;
    uint8_t store_src : 3; // which src a store writes to memory, or kNoStoreSrc
    uint8_t dst[2] = {kNoReg,
                      kNoReg}; // up to two results (a double FP register writes two singles)
    uint8_t src[4] = {kNoReg, kNoReg, kNoReg, kNoReg}; // up to four sources

    static constexpr uint8_t kNoStoreSrc = 7;
    InstructionInfo()
        : transfer(TransferKind::None), skips_delay_slot(false), store_src(kNoStoreSrc) {}
    bool classified() const { return cls != InstructionClass::kCount; }
    // The register a store writes to memory (its bypass differs), or kNoReg.
    uint8_t store_data() const { return store_src == kNoStoreSrc ? kNoReg : src[store_src]; }
};
static_assert(sizeof(InstructionInfo) == 8);

InstructionInfo classify(uint32_t word);

// What functional warming needs of an instruction the ISS executed, from a
// table lookup or two: classify()'s transfer and skips_delay_slot, and its
// class if it accesses memory (op 3; IntAlu for the rest).
struct TransferFacts {
    InstructionClass memory_class;
    TransferKind transfer;
    bool skips_delay_slot;
};
// Neither a control transfer nor a memory access, from the word alone: the
// arithmetic format (op 2) but for JMPL and RETURN (op3 0x38 and 0x39), and
// SETHI (op 0, op2 4). The most common instructions, so warming decides them
// without a table.
inline bool plain_operate(uint32_t word) {
    const uint32_t op = word >> 30;
    return (op == 2 && ((word >> 19) & 0x3e) != 0x38) || (op == 0 && ((word >> 22) & 7) == 4);
}
void transfer_facts_by_table(uint32_t word, TransferFacts& out);
// (An out-parameter: a small struct returned in a register is stored and
// reloaded whole, which stalls store forwarding on this hot path.)
inline void transfer_facts(uint32_t word, TransferFacts& out) {
    if (plain_operate(word))
        out = {InstructionClass::IntAlu, TransferKind::None, false};
    else
        transfer_facts_by_table(word, out);
}

} // namespace fireplane::sparc
