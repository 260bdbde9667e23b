#include "decoder.h"

#include "insn_fields.h"
#include "isa_table.h"
#include "sparc_core.h"

#include <cstring>
#include <string>

namespace fireplane::sparc {

using namespace field;

bool exec_illegal(SparcCore& core, const Insn&) {
    return core.raise(kTrapIllegalInstruction);
}

namespace {

uint8_t int_rd(uint32_t w) {
    return rd(w) == 0 ? kSinkReg : uint8_t(rd(w));
}

// Register index of a floating-point operand: single registers index fs(),
// double and quad registers index f[] (a quad is f[n], f[n+1]).
uint8_t fp_index(unsigned encoded, char precision) {
    if (precision == 's') return uint8_t(encoded);
    return uint8_t(freg_double(encoded) >> 1);
}

// Applies one operand token to the decoded instruction. Returns false when
// the encoding is reserved (an illegal instruction).
bool apply_token(std::string_view t, uint32_t w, uint64_t pc, Insn& in) {
    const bool imm = i(w);
    if (t == "r1")
        in.rs1 = uint8_t(rs1(w));
    else if (t == "r2")
        in.rs2 = uint8_t(rs2(w));
    else if (t == "rd")
        in.rd = int_rd(w);
    else if (t == "o2" || t == "a") {
        in.rs2 = uint8_t(rs2(w));
        if (imm) in.imm = simm13(w);
        if (t == "a") in.rs1 = uint8_t(rs1(w));
    } else if (t == "aa" || t == "ca") {
        in.rs1 = uint8_t(rs1(w));
        in.rs2 = uint8_t(rs2(w));
        if (imm && t == "aa") in.imm = simm13(w);
        if (!imm) in.aux = uint8_t(imm_asi(w));
    } else if (t == "sh") {
        in.rs2 = uint8_t(rs2(w));
        if (imm) in.imm = x(w) ? bits(w, 5, 0) : bits(w, 4, 0);
    } else if (t.size() == 3 && t[0] == 'f' && (t[1] == '1' || t[1] == '2' || t[1] == 'd')) {
        unsigned enc = t[1] == '1' ? rs1(w) : t[1] == '2' ? rs2(w) : rd(w);
        if (t[2] == 'q' && (freg_double(enc) & 2)) return false; // misaligned quad register
        uint8_t idx = fp_index(enc, t[2]);
        if (t[1] == '1')
            in.rs1 = idx;
        else if (t[1] == '2')
            in.rs2 = idx;
        else
            in.rd = idx;
    } else if (t == "hi") {
        in.imm = int64_t(uint64_t(bits(w, 21, 0)) << 10);
        in.rd = int_rd(w);
    } else if (t == "b22") {
        in.imm = int64_t(pc + disp22(w));
        in.aux = uint8_t(cond(w) | (annul(w) << 4));
    } else if (t == "b19") {
        in.imm = int64_t(pc + disp19(w));
        in.aux = uint8_t(cond(w) | (annul(w) << 4));
    } else if (t == "b16") {
        in.imm = int64_t(pc + disp16(w));
        in.rs1 = uint8_t(rs1(w));
        in.aux = uint8_t(bits(w, 27, 25) | (annul(w) << 4));
        if ((bits(w, 27, 25) & 3) == 0) return false; // reserved rcond
    } else if (t == "c30") {
        in.imm = int64_t(pc + disp30(w));
    } else if (t == "bcc") {
        in.rs2 = uint8_t(bits(w, 21, 20));
        if (in.rs2 & 1) return false; // cc 01 and 11 are reserved
    } else if (t == "fcc") {
        in.rs2 = uint8_t(bits(w, 21, 20));
    } else if (t == "mcc") {
        unsigned cc = (bits(w, 18, 18) << 2) | bits(w, 12, 11);
        if (bits(w, 31, 30) == 2 && bits(w, 24, 19) == 0x35) cc = bits(w, 13, 11); // FMOVcc opf_cc
        if (cc == 5 || cc == 7) return false;
        in.rs1 = uint8_t(cc);
        in.aux = uint8_t(bits(w, 17, 14));
    } else if (t == "s11") {
        in.rs2 = uint8_t(rs2(w));
        if (imm) in.imm = simm11(w);
    } else if (t == "s10") {
        in.rs2 = uint8_t(rs2(w));
        if (imm) in.imm = simm10(w);
    } else if (t == "rc") {
        in.aux = uint8_t(bits(w, 12, 10));
        if ((in.aux & 3) == 0) return false;
    } else if (t == "tn") {
        in.rs1 = uint8_t(rs1(w));
        in.rs2 = uint8_t(rs2(w));
        if (imm) in.imm = bits(w, 6, 0);
        in.rd = uint8_t(bits(w, 12, 11));
        in.aux = uint8_t(cond(w));
        if (in.rd & 1) return false;
    } else if (t == "asr" || t == "pr") {
        in.rs1 = uint8_t(rs1(w));
    } else if (t == "asrd" || t == "prd" || t == "pf") {
        in.rd = uint8_t(rd(w));
    } else if (t == "mm") {
        in.imm = bits(w, 6, 0);
    } else if (t == "fcc_rd") {
        in.rd = uint8_t(bits(w, 26, 25));
    } else if (t == "fsr" || t == "xfsr") {
        // implicit operand
    } else {
        return false; // an unknown token is a table bug; treat as illegal
    }
    return true;
}

} // namespace

Insn decode(uint32_t word, uint64_t pc) {
    Insn in{exec_illegal, word, 0, 0, 0, 0, 0};
    const IsaRow* row = find_row(word);
    if (!row) return in;
    in.aux = row->aux;
    if (!for_each_operand(*row, [&](std::string_view t) { return apply_token(t, word, pc, in); }))
        return Insn{exec_illegal, word, 0, 0, 0, 0, 0};
    in.exec = (row->exec_imm && i(word)) ? row->exec_imm : row->exec;
    return in;
}

} // namespace fireplane::sparc
