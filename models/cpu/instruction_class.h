#pragma once
// What the pipeline model needs to know about an instruction: its class (which
// execution pipe it uses, how long its result takes) and the registers it
// reads and writes, derived from the instruction word by one table.
#include <cstdint>

namespace fireplane::sparc {

enum class InstructionClass : uint8_t {
    IntAlu,   // A0/A1: add, logic, shifts, sethi, movcc, save/restore
    IntMul,   // mulx, umul, smul, mulscc
    IntDiv,   // udivx, sdivx, udiv, sdiv
    Load,     // integer loads
    Store,    // integer stores
    Atomic,   // casa, casxa, ldstub, swap
    FpLoad,   // ldf, lddf, ldfsr
    FpStore,  // stf, stdf, stfsr
    Prefetch, // prefetch(a)
    Branch,   // bicc, bpcc, bpr, fbfcc
    Call,     // call
    Jump,     // jmpl, return
    FpAdd,    // FGA pipe: add, sub, compare, convert, move, VIS logicals
    FpMul,    // FGM pipe: multiply
    FpDivSingle,
    FpDivDouble,
    FpSqrtSingle,
    FpSqrtDouble,
    Serializing, // rd/wr of state registers, membar, flush, flushw, Tcc, done/retry
    kCount
};

const char* instruction_class_name(InstructionClass c);

// Register operands. Integer registers 0-31 are the visible window's; FP
// registers are numbered 32 + single-register number; 96 and 97 stand for
// %icc/%xcc and the fcc fields (written by cc-setting ops, read by branches
// and conditional moves).
constexpr uint8_t kNoReg = 0xff;
constexpr uint8_t kFpRegBase = 32;
constexpr uint8_t kIntCcReg = 96;
constexpr uint8_t kFpCcReg = 97;
constexpr unsigned kTrackedRegs = 98;

struct InstructionInfo {
    InstructionClass cls;
    uint8_t dst[2]; // up to two results (a double FP register writes two singles)
    uint8_t src[4]; // up to four sources
    // "ba,a"/"fba,a": always taken, delay slot annulled; fetch goes straight to
    // the target even when that is the next word.
    bool skips_delay_slot = false;
};

InstructionInfo classify(uint32_t word);

} // namespace fireplane::sparc
