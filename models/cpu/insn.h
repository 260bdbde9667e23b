#pragma once
// A decoded instruction. Each guest instruction is decoded once, on its first
// execution, into this form and cached per code page (see code_cache.h).
#include "instruction_class.h"

#include <cstdint>

namespace fireplane::sparc {

class SparcCore;
struct Insn;

// Executes one instruction. Returns false when it raised a trap (the core
// then enters the trap with pc/npc still pointing at this instruction).
using ExecFn = bool (*)(SparcCore& core, const Insn& insn);

// Register index used for writes to %g0: a scratch slot that is never read,
// so handlers need no special case for rd == 0.
constexpr uint8_t kSinkReg = 32;

struct Insn {
    ExecFn exec;
    uint32_t raw; // the instruction word, for the disassembler and traps
    uint8_t rd;   // destination (kSinkReg for %g0 integer writes)
    uint8_t rs1;
    uint8_t rs2;
    uint8_t aux; // condition, ASI, shift count, ... per instruction
    int64_t imm; // sign-extended immediate, or absolute branch target
    // What the pipeline model needs (instruction_class.h), classified when a
    // timing model first retires it: functional runs never pay for it.
    mutable InstructionInfo info{};
};
static_assert(sizeof(Insn) == 32);

} // namespace fireplane::sparc
