#include "disassembler.h"

#include "core/text/hex_text.h"
#include "insn_fields.h"
#include "isa_table.h"
#include "state_registers.h"

#include <cstdio>
#include <cstring>
#include <string>

namespace fireplane::sparc {

using namespace field;

namespace {

const char* const kIntConds[16] = {"n", "e",  "le", "l",  "leu", "cs", "neg", "vs",
                                   "a", "ne", "g",  "ge", "gu",  "cc", "pos", "vc"};
const char* const kFpConds[16] = {"n", "ne", "lg", "ul", "l",   "ug", "g",   "u",
                                  "a", "e",  "ue", "ge", "uge", "le", "ule", "o"};
const char* const kRegConds[8] = {"?", "z", "lez", "lz", "?", "nz", "gz", "gez"};
const char* const kCcNames[8] = {"%fcc0", "%fcc1", "%fcc2", "%fcc3", "%icc", "?", "%xcc", "?"};

std::string simm(int64_t v) {
    return v < 0 ? "-" + hex(uint64_t(-v)) : hex(uint64_t(v));
}

std::string freg(unsigned encoded, char precision) {
    unsigned n = precision == 's' ? encoded : freg_double(encoded);
    return "%f" + std::to_string(n);
}

std::string address(uint32_t w) {
    std::string s = "[" + int_reg_name(rs1(w));
    if (i(w)) {
        int64_t v = simm13(w);
        if (v > 0)
            s += " + " + hex(uint64_t(v));
        else if (v < 0)
            s += " - " + hex(uint64_t(-v));
    } else if (rs2(w) != 0) {
        s += " + " + int_reg_name(rs2(w));
    }
    return s + "]";
}

std::string asi_suffix(uint32_t w) {
    return i(w) ? " %asi" : " " + hex(imm_asi(w));
}

std::string reg_or_imm(uint32_t w, int64_t imm) {
    return i(w) ? simm(imm) : int_reg_name(rs2(w));
}

// The mnemonic, with the condition folded in where the assembler does so.
std::string mnemonic(const IsaRow& row, uint32_t w) {
    const std::string name = row.name;
    const unsigned c = cond(w);
    if (name == "b" || name == "bp" || name == "fb" || name == "fbp") {
        bool fp = name[0] == 'f';
        std::string m = (fp ? "fb" : "b") + std::string(fp ? kFpConds[c] : kIntConds[c]);
        if (annul(w)) m += ",a";
        if (name.back() == 'p') m += bits(w, 19, 19) ? ",pt" : ",pn";
        return m;
    }
    if (name == "br")
        return "br" + std::string(kRegConds[bits(w, 27, 25)]) + (annul(w) ? ",a" : "") +
               (bits(w, 19, 19) ? ",pt" : ",pn");
    if (name == "t") return "t" + std::string(kIntConds[c]);
    if (name == "movcc") {
        unsigned cc = (bits(w, 18, 18) << 2) | bits(w, 12, 11);
        return "mov" + std::string(cc < 4 ? kFpConds[bits(w, 17, 14)] : kIntConds[bits(w, 17, 14)]);
    }
    if (field::op3(w) == 0x35 && (name == "fmovs" || name == "fmovd")) {
        unsigned cc = bits(w, 13, 11);
        return name + (cc < 4 ? kFpConds[bits(w, 17, 14)] : kIntConds[bits(w, 17, 14)]);
    }
    if (name == "movr" || name == "fmovrs" || name == "fmovrd")
        return name + kRegConds[bits(w, 12, 10)];
    return name;
}

std::string operand(std::string_view t, uint32_t w, uint64_t pc) {
    if (t == "r1") return int_reg_name(rs1(w));
    if (t == "r2") return int_reg_name(rs2(w));
    if (t == "rd") return int_reg_name(rd(w));
    if (t == "o2") return reg_or_imm(w, simm13(w));
    if (t == "sh")
        return i(w) ? std::to_string(x(w) ? bits(w, 5, 0) : bits(w, 4, 0)) : int_reg_name(rs2(w));
    if (t == "a") return address(w);
    if (t == "aa") return address(w) + asi_suffix(w);
    if (t == "ca") return "[" + int_reg_name(rs1(w)) + "]" + asi_suffix(w);
    if (t.size() == 3 && t[0] == 'f' && (t[1] == '1' || t[1] == '2' || t[1] == 'd'))
        return freg(t[1] == '1' ? rs1(w) : t[1] == '2' ? rs2(w) : rd(w), t[2]);
    if (t == "hi")
        return "%hi(" + hex(uint64_t(bits(w, 21, 0)) << 10) + "), " + int_reg_name(rd(w));
    if (t == "b22") return hex(pc + disp22(w));
    if (t == "b19") return hex(pc + disp19(w));
    if (t == "b16") return hex(pc + disp16(w));
    if (t == "c30") return hex(pc + disp30(w));
    if (t == "bcc") return bits(w, 21, 20) == 2 ? "%xcc" : "%icc";
    if (t == "fcc") return kCcNames[bits(w, 21, 20)];
    if (t == "fcc_rd") return kCcNames[bits(w, 26, 25)];
    if (t == "mcc") {
        unsigned cc =
            field::op3(w) == 0x35 ? bits(w, 13, 11) : (bits(w, 18, 18) << 2) | bits(w, 12, 11);
        return kCcNames[cc];
    }
    if (t == "s11") return reg_or_imm(w, simm11(w));
    if (t == "s10") return reg_or_imm(w, simm10(w));
    if (t == "tn") {
        std::string s = std::string(bits(w, 12, 11) == 2 ? "%xcc" : "%icc") + ", ";
        if (rs1(w) != 0) s += int_reg_name(rs1(w)) + " + ";
        return s + (i(w) ? hex(bits(w, 6, 0)) : int_reg_name(rs2(w)));
    }
    if (t == "asr" || t == "asrd") {
        unsigned n = t == "asr" ? rs1(w) : rd(w);
        const StateRegister* r = find_asr(n);
        return r ? r->name : "%asr" + std::to_string(n);
    }
    if (t == "pr" || t == "prd") {
        unsigned n = t == "pr" ? rs1(w) : rd(w);
        const StateRegister* r = find_privileged_register(n);
        return r ? r->name : "%pr" + std::to_string(n);
    }
    if (t == "mm") return hex(bits(w, 6, 0));
    if (t == "pf") return std::to_string(rd(w));
    if (t == "fsr" || t == "xfsr") return "%fsr";
    return "?";
}

} // namespace

std::string int_reg_name(unsigned reg) {
    static const char kBanks[4] = {'g', 'o', 'l', 'i'};
    if (reg == 14) return "%sp";
    if (reg == 30) return "%fp";
    return std::string("%") + kBanks[(reg >> 3) & 3] + char('0' + (reg & 7));
}

std::string disassemble(uint32_t word, uint64_t pc) {
    if (word == 0x01000000) return "nop";
    const IsaRow* row = find_row(word);
    if (!row) return "illegal " + hex(word);
    std::string text = mnemonic(*row, word);
    std::string ops;
    // SAVED/RESTORED/DONE/RETRY carry their function in rd and have no operands.
    const bool function_only =
        field::op(word) == 2 && (field::op3(word) == 0x31 || field::op3(word) == 0x3e);
    for_each_operand(*row, [&](std::string_view token) {
        if (token != "rc" && !function_only) {
            std::string o = operand(token, word, pc);
            if (!o.empty()) ops += (ops.empty() ? "" : ", ") + o;
        }
        return true;
    });
    if (!ops.empty()) text += " " + ops;
    return text;
}

} // namespace fireplane::sparc
