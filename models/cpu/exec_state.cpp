// State registers: RDASR/WRASR (%y, %ccr, %asi, %tick, %pc, %fprs, %pcr, %pic,
// %gsr, ...), RDPR/WRPR (privileged registers), MEMBAR and STBAR.
#include "exec_common.h"
#include "state_registers.h"

namespace fireplane::sparc {

namespace {

bool privileged(const SparcCore& c) {
    return c.pstate & kPstatePriv;
}

bool rdasr(SparcCore& c, const Insn& in) {
    const StateRegister* reg = find_asr(in.rs1);
    if (!reg || !reg->read) return c.raise(kTrapIllegalInstruction);
    if (reg->privileged && !privileged(c)) return c.raise(kTrapPrivilegedOpcode);
    if (!reg->read_allowed(c)) return c.raise(kTrapPrivilegedAction);
    c.r[in.rd] = reg->read(c);
    return next(c);
}

template <bool Imm> bool wrasr(SparcCore& c, const Insn& in) {
    const StateRegister* reg = find_asr(in.rd);
    if (!reg || !reg->write) return c.raise(kTrapIllegalInstruction);
    if ((reg->privileged || reg->write_privileged) && !privileged(c))
        return c.raise(kTrapPrivilegedOpcode);
    reg->write(c, c.r[in.rs1] ^ operand2<Imm>(c, in)); // WR writes rs1 XOR operand2
    return next(c);
}

bool rdpr(SparcCore& c, const Insn& in) {
    if (!privileged(c)) return c.raise(kTrapPrivilegedOpcode);
    const StateRegister* reg = find_privileged_register(in.rs1);
    if (!reg || !reg->read || !reg->read_allowed(c)) return c.raise(kTrapIllegalInstruction);
    c.r[in.rd] = reg->read(c);
    return next(c);
}

template <bool Imm> bool wrpr(SparcCore& c, const Insn& in) {
    if (!privileged(c)) return c.raise(kTrapPrivilegedOpcode);
    const StateRegister* reg = find_privileged_register(in.rd);
    if (!reg || !reg->write || !reg->read_allowed(c)) return c.raise(kTrapIllegalInstruction);
    reg->write(c, c.r[in.rs1] ^ operand2<Imm>(c, in));
    return next(c);
}

// SIR: the software-initiated reset; an illegal instruction outside privileged mode.
bool sir(SparcCore& c, const Insn&) {
    if (!privileged(c)) return c.raise(kTrapIllegalInstruction);
    return c.software_reset() && c.retire();
}

// Memory ordering is sequential in the functional model, so the barriers only advance.
constexpr uint32_t kRdMask = 0x1fu << 25;
constexpr uint32_t kRs1Mask = 0x1fu << 14;
constexpr uint32_t kIMask = 1u << 13;

// MEMBAR #StoreLoad, #MemIssue and #Sync wait for the store buffer to drain:
// a timing model hears of it as a barrier access. STBAR (and the other
// orderings) costs nothing under TSO.
bool barrier(SparcCore& c, const Insn& in) {
    constexpr uint32_t kDrains = 0x02 | 0x20 | 0x40; // mmask StoreLoad, cmask MemIssue, Sync
    if (c.timing_model() && (in.raw & kIMask) && (in.raw & kDrains)) c.log_barrier();
    return next(c);
}

} // namespace

void add_state_register_rows(std::vector<IsaRow>& rows) {
    const IsaRow table[] = {
        {"membar", kOp3Mask | kRdMask | kRs1Mask | kIMask, op(2) | op3(0x28) | (15u << 14) | kIMask,
         "mm", barrier, nullptr},
        {"stbar", kOp3Mask | kRdMask | kRs1Mask | kIMask, op(2) | op3(0x28) | (15u << 14), "",
         barrier, nullptr},
        {"sir", kOp3Mask | kRdMask | kRs1Mask | kIMask, op(2) | op3(0x30) | (15u << 25) | kIMask,
         "", sir, nullptr},
        {"rd", kOp3Mask, op(2) | op3(0x28), "asr,rd", rdasr, nullptr},
        {"wr", kOp3Mask, op(2) | op3(0x30), "r1,o2,asrd", FP_BOTH(wrasr)},
        {"rdpr", kOp3Mask, op(2) | op3(0x2a), "pr,rd", rdpr, nullptr},
        {"wrpr", kOp3Mask, op(2) | op3(0x32), "r1,o2,prd", FP_BOTH(wrpr)},
    };
    rows.insert(rows.end(), std::begin(table), std::end(table));
}

} // namespace fireplane::sparc
