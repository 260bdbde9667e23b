#pragma once
// Helpers shared by the instruction handlers (exec_*.cpp).
#include "insn.h"
#include "isa_table.h"
#include "sparc_core.h"

namespace fireplane::sparc {

// Normal sequential flow: PC <- nPC, nPC <- nPC + 4.
inline bool next(SparcCore& c) {
    c.pc = c.npc;
    c.npc += 4;
    return c.retire();
}

// Second operand: rs2, or the immediate for the i = 1 form.
template <bool Imm> inline uint64_t operand2(const SparcCore& c, const Insn& in) {
    if constexpr (Imm)
        return uint64_t(in.imm);
    else
        return c.r[in.rs2];
}

// Effective address [rs1 + rs2|simm13].
template <bool Imm> inline uint64_t address(const SparcCore& c, const Insn& in) {
    return c.r[in.rs1] + operand2<Imm>(c, in);
}

// The condition codes a BPcc/MOVcc/Tcc selector names: 0 icc, 2 xcc (4/6 for MOVcc).
inline uint8_t selected_cc(const SparcCore& c, unsigned selector) {
    return (selector & 2) ? c.xcc() : c.icc();
}

// Register-condition test of BPr/MOVr/FMOVr.
inline bool eval_rcond(unsigned rcond, uint64_t v) {
    int64_t s = int64_t(v);
    switch (rcond) {
    case 1: return s == 0;
    case 2: return s <= 0;
    case 3: return s < 0;
    case 5: return s != 0;
    case 6: return s > 0;
    case 7: return s >= 0;
    default: return false;
    }
}

// Builds the two handlers of a row with an i bit from one template.
#define FP_BOTH(fn) fn<false>, fn<true>

} // namespace fireplane::sparc
