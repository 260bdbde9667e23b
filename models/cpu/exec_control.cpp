// Control transfer: branches, CALL, JMPL, RETURN, SAVE/RESTORE, Tcc, window
// management and the privileged DONE/RETRY/SAVED/RESTORED.
#include "exec_common.h"

namespace fireplane::sparc {

namespace {

// Shared tail of every conditional branch: delay slot and annul bit.
inline bool branch(SparcCore& c, const Insn& in, bool taken) {
    const bool annul = in.aux & 0x10;
    if (taken) {
        if (annul && (in.aux & 0xf) == 8) { // "ba,a": the delay slot is annulled
            c.pc = uint64_t(in.imm);
            c.npc = c.pc + 4;
            return c.retire();
        }
        c.pc = c.npc;
        c.npc = uint64_t(in.imm);
        return c.retire();
    }
    if (annul) {
        c.pc = c.npc + 4;
        c.npc = c.pc + 4;
        return c.retire();
    }
    return next(c);
}

bool bicc(SparcCore& c, const Insn& in) {
    return branch(c, in, SparcCore::eval_cond(in.aux & 0xf, selected_cc(c, in.rs2)));
}

bool fbfcc(SparcCore& c, const Insn& in) {
    if (!c.fp_enabled()) return c.raise(kTrapFpDisabled);
    return branch(c, in, SparcCore::eval_fcond(in.aux & 0xf, c.fcc(in.rs2)));
}

bool bpr(SparcCore& c, const Insn& in) {
    return branch(c, in, eval_rcond(in.aux & 7, c.r[in.rs1]));
}

bool call(SparcCore& c, const Insn& in) {
    c.r[15] = c.pc;
    c.pc = c.npc;
    c.npc = uint64_t(in.imm);
    return c.retire();
}

template <bool Imm> bool jmpl(SparcCore& c, const Insn& in) {
    uint64_t target = address<Imm>(c, in);
    if (target & 3) return c.raise_at(kTrapMemAddressNotAligned, target);
    c.r[in.rd] = c.pc;
    c.pc = c.npc;
    c.npc = target;
    return c.retire();
}

unsigned spill_trap(const SparcCore& c) {
    return c.otherwin ? kTrapSpill0Other + 4 * ((c.wstate >> 3) & 7)
                      : kTrapSpill0Normal + 4 * (c.wstate & 7);
}
unsigned fill_trap(const SparcCore& c) {
    return c.otherwin ? kTrapFill0Other + 4 * ((c.wstate >> 3) & 7)
                      : kTrapFill0Normal + 4 * (c.wstate & 7);
}

void rotate_window(SparcCore& c, int delta) {
    c.set_cwp(c.cwp + kNumWindows + unsigned(delta));
}

template <bool Imm> bool save(SparcCore& c, const Insn& in) {
    if (c.cansave == 0) return c.raise(spill_trap(c));
    if (c.cleanwin == c.canrestore) return c.raise(kTrapCleanWindow);
    uint64_t value = address<Imm>(c, in); // rs1 + operand2 in the old window
    rotate_window(c, +1);
    c.cansave--;
    c.canrestore++;
    c.r[in.rd] = value;
    return next(c);
}

template <bool Imm> bool restore(SparcCore& c, const Insn& in) {
    if (c.canrestore == 0) return c.raise(fill_trap(c));
    uint64_t value = address<Imm>(c, in);
    rotate_window(c, -1);
    c.cansave++;
    c.canrestore--;
    c.r[in.rd] = value;
    return next(c);
}

template <bool Imm> bool return_insn(SparcCore& c, const Insn& in) {
    uint64_t target = address<Imm>(c, in);
    if (target & 3) return c.raise_at(kTrapMemAddressNotAligned, target);
    if (c.canrestore == 0) return c.raise(fill_trap(c));
    rotate_window(c, -1);
    c.cansave++;
    c.canrestore--;
    c.pc = c.npc;
    c.npc = target;
    return c.retire();
}

bool flushw(SparcCore& c, const Insn&) {
    if (c.cansave != kNumWindows - 2 - c.otherwin) return c.raise(spill_trap(c));
    return next(c);
}

// Tcc: rd holds the cc selector, aux the condition.
template <bool Imm> bool tcc(SparcCore& c, const Insn& in) {
    if (!SparcCore::eval_cond(in.aux, selected_cc(c, in.rd))) return next(c);
    unsigned mask = (c.pstate & kPstatePriv) ? 0xff : 0x7f;
    return c.raise(kTrapInstruction + ((c.r[in.rs1] + operand2<Imm>(c, in)) & mask));
}

template <bool Imm> bool flush(SparcCore& c, const Insn& in) {
    c.code_cache().invalidate(address<Imm>(c, in) & ~uint64_t(7), 8);
    return next(c);
}

bool privileged(const SparcCore& c) {
    return c.pstate & kPstatePriv;
}

bool saved_restored(SparcCore& c, const Insn& in) {
    if (!privileged(c)) return c.raise(kTrapPrivilegedOpcode);
    if (in.rd == 0)
        c.saved();
    else if (in.rd == 1)
        c.restored();
    else
        return c.raise(kTrapIllegalInstruction);
    return next(c);
}

bool done_retry(SparcCore& c, const Insn& in) {
    if (!privileged(c)) return c.raise(kTrapPrivilegedOpcode);
    if (c.tl == 0 || in.rd > 1) return c.raise(kTrapIllegalInstruction);
    if (in.rd == 0)
        c.done_trap();
    else
        c.retry_trap();
    return c.retire();
}

constexpr uint32_t kRdMask = 0x1fu << 25;

} // namespace

void add_control_rows(std::vector<IsaRow>& rows) {
    const IsaRow table[] = {
        {"b", kOp2Mask, op(0) | op2(2), "b22", bicc, nullptr, 0, NativeOp::Branch},
        {"bp", kOp2Mask, op(0) | op2(1), "bcc,b19", bicc, nullptr, 0, NativeOp::Branch},
        {"br", kOp2Mask | (1u << 28), op(0) | op2(3), "r1,b16", bpr, nullptr, 0,
         NativeOp::BranchReg},
        {"fb", kOp2Mask, op(0) | op2(6), "b22", fbfcc, nullptr, 0, NativeOp::FBranch},
        {"fbp", kOp2Mask, op(0) | op2(5), "fcc,b19", fbfcc, nullptr, 0, NativeOp::FBranch},
        {"call", kOpMask, op(1), "c30", call, nullptr, 0, NativeOp::Call},
        {"jmpl", kOp3Mask, op(2) | op3(0x38), "a,rd", FP_BOTH(jmpl), 0, NativeOp::Jmpl},
        {"return", kOp3Mask | kRdMask, op(2) | op3(0x39), "a", FP_BOTH(return_insn)},
        {"save", kOp3Mask, op(2) | op3(0x3c), "r1,o2,rd", FP_BOTH(save)},
        {"restore", kOp3Mask, op(2) | op3(0x3d), "r1,o2,rd", FP_BOTH(restore)},
        {"t", kOp3Mask | (1u << 29), op(2) | op3(0x3a), "tn", FP_BOTH(tcc)},
        {"flushw", kOp3Mask | kRdMask | (0x1fu << 14) | (1u << 13), op(2) | op3(0x2b), "", flushw,
         nullptr},
        {"flush", kOp3Mask | kRdMask, op(2) | op3(0x3b), "a", FP_BOTH(flush)},
        {"saved", kOp3Mask | kRdMask, op(2) | op3(0x31) | (0u << 25), "prd", saved_restored,
         nullptr},
        {"restored", kOp3Mask | kRdMask, op(2) | op3(0x31) | (1u << 25), "prd", saved_restored,
         nullptr},
        {"done", kOp3Mask | kRdMask, op(2) | op3(0x3e) | (0u << 25), "prd", done_retry, nullptr},
        {"retry", kOp3Mask | kRdMask, op(2) | op3(0x3e) | (1u << 25), "prd", done_retry, nullptr},
    };
    rows.insert(rows.end(), std::begin(table), std::end(table));
}

} // namespace fireplane::sparc
