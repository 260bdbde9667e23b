#pragma once
// A tiny SPARC V9 encoder for the unit tests. The tests build instruction
// words from the architecture manual's field layout here, independently of
// the ISS's own decoder tables, so a wrong table row shows up as a failure
// instead of being mirrored by the test.
#include <cstdint>

namespace cpu_test::as {

// The tables below read better in rows.
// clang-format off
// Integer registers as the 5-bit rs/rd field encodes them.
enum Reg : unsigned {
    g0, g1, g2, g3, g4, g5, g6, g7,
    o0, o1, o2, o3, o4, o5, sp, o7,
    l0, l1, l2, l3, l4, l5, l6, l7,
    i0, i1, i2, i3, i4, i5, fp, i7,
};

// Integer branch / Tcc / MOVcc conditions (Bicc "cond" field).
enum Cond : unsigned {
    kN = 0, kE = 1, kLe = 2, kL = 3, kLeu = 4, kCs = 5, kNeg = 6, kVs = 7,
    kA = 8, kNe = 9, kG = 10, kGe = 11, kGu = 12, kCc = 13, kPos = 14, kVc = 15,
};

// Floating-point branch conditions (FBfcc "cond" field).
enum FCond : unsigned { kFbU = 7, kFbA = 8, kFbE = 9, kFbL = 4, kFbG = 6 };

// Register conditions of BPr / MOVr.
enum RCond : unsigned { kRz = 1, kRlez = 2, kRlz = 3, kRnz = 5, kRgz = 6, kRgez = 7 };

// The cc selector of BPcc (bits 21:20) and of MOVcc (cc2:cc1:cc0).
enum : unsigned { kIcc = 0, kXcc = 2 };
enum : unsigned { kMovFcc0 = 0, kMovIcc = 4, kMovXcc = 6 };

// op3 values of format-3 arithmetic (op = 2).
enum Op3 : unsigned {
    kAdd = 0x00, kAnd = 0x01, kOr = 0x02, kXor = 0x03, kSub = 0x04, kAddc = 0x08,
    kUmul = 0x0a, kSmul = 0x0b, kSubc = 0x0c, kUdivx = 0x0d, kUdiv = 0x0e, kSdiv = 0x0f,
    kAddcc = 0x10, kOrcc = 0x12, kSubcc = 0x14, kAddccc = 0x18, kUdivcc = 0x1e, kSdivcc = 0x1f,
    kSll = 0x25, kSrl = 0x26, kSra = 0x27, kRdasr = 0x28, kMovcc = 0x2c, kSdivx = 0x2d,
    kMovr = 0x2f, kWrasr = 0x30, kFpop1 = 0x34, kFpop2 = 0x35, kJmpl = 0x38, kReturn = 0x39,
    kTcc = 0x3a,
    kSave = 0x3c, kRestore = 0x3d,
};

// op3 values of loads and stores (op = 3).
enum MemOp3 : unsigned {
    kLduw = 0x00, kLdub = 0x01, kStw = 0x04, kStb = 0x05, kLdsw = 0x08, kLdx = 0x0b,
    kLdstub = 0x0d, kStx = 0x0e, kSwap = 0x0f, kLduwa = 0x10, kLdxa = 0x1b, kStxa = 0x1e,
    kCasa = 0x3c, kCasxa = 0x3e,
};

// opf values of the FP operates used by the tests.
enum Opf : unsigned {
    kFaddd = 0x042, kFdivd = 0x04e, kFsqrtd = 0x02a, kFdtoi = 0x0d2, kFcmpd = 0x052,
    kFcmped = 0x056,
};

// Ancillary state registers (rs1 of RDASR, rd of WRASR).
enum Asr : unsigned { kAsrY = 0, kAsrCcr = 2, kAsrAsi = 3, kAsrPc = 5 };
// clang-format on

constexpr uint32_t kNop = 0x01000000; // sethi 0, %g0

constexpr uint32_t field(uint32_t v, unsigned width, unsigned shift) {
    return (v & ((1u << width) - 1)) << shift;
}

// ---- format 3: op rd op3 rs1 i (rs2 | simm13) ----
constexpr uint32_t f3(unsigned op, unsigned rd, unsigned op3, unsigned rs1, unsigned rs2) {
    return field(op, 2, 30) | field(rd, 5, 25) | field(op3, 6, 19) | field(rs1, 5, 14) |
           field(rs2, 5, 0);
}
constexpr uint32_t f3i(unsigned op, unsigned rd, unsigned op3, unsigned rs1, int simm13) {
    return field(op, 2, 30) | field(rd, 5, 25) | field(op3, 6, 19) | field(rs1, 5, 14) |
           (1u << 13) | field(uint32_t(simm13), 13, 0);
}

constexpr uint32_t alu(unsigned op3, unsigned rd, unsigned rs1, unsigned rs2) {
    return f3(2, rd, op3, rs1, rs2);
}
constexpr uint32_t alui(unsigned op3, unsigned rd, unsigned rs1, int imm) {
    return f3i(2, rd, op3, rs1, imm);
}
// mov imm, rd (or %g0, imm, rd)
constexpr uint32_t movi(unsigned rd, int imm) {
    return alui(kOr, rd, g0, imm);
}

// Shifts: x selects the 64-bit form (and a 6-bit count).
constexpr uint32_t shifti(unsigned op3, bool x, unsigned rd, unsigned rs1, unsigned count) {
    return f3(2, rd, op3, rs1, 0) | (1u << 13) | (x ? 1u << 12 : 0) | field(count, x ? 6 : 5, 0);
}
constexpr uint32_t shiftr(unsigned op3, bool x, unsigned rd, unsigned rs1, unsigned rs2) {
    return f3(2, rd, op3, rs1, rs2) | (x ? 1u << 12 : 0);
}

// sethi %hi(value), rd
constexpr uint32_t sethi(unsigned rd, uint32_t value) {
    return field(rd, 5, 25) | field(4, 3, 22) | (value >> 10);
}

// ---- control transfer; displacements count instructions from the branch ----
constexpr uint32_t bicc(unsigned cond, bool annul, int disp) {
    return (annul ? 1u << 29 : 0) | field(cond, 4, 25) | field(2, 3, 22) |
           field(uint32_t(disp), 22, 0);
}
constexpr uint32_t bpcc(unsigned cond, bool annul, unsigned cc, bool pt, int disp) {
    return (annul ? 1u << 29 : 0) | field(cond, 4, 25) | field(1, 3, 22) | field(cc, 2, 20) |
           (pt ? 1u << 19 : 0) | field(uint32_t(disp), 19, 0);
}
constexpr uint32_t bpr(unsigned rcond, bool annul, unsigned rs1, int disp) {
    return (annul ? 1u << 29 : 0) | field(rcond, 3, 25) | field(3, 3, 22) |
           field(uint32_t(disp) >> 14, 2, 20) | field(rs1, 5, 14) | field(uint32_t(disp), 14, 0);
}
constexpr uint32_t fbfcc(unsigned cond, bool annul, int disp) {
    return (annul ? 1u << 29 : 0) | field(cond, 4, 25) | field(6, 3, 22) |
           field(uint32_t(disp), 22, 0);
}
constexpr uint32_t call(int disp) {
    return (1u << 30) | field(uint32_t(disp), 30, 0);
}
constexpr uint32_t jmpl(unsigned rd, unsigned rs1, int imm) {
    return alui(kJmpl, rd, rs1, imm);
}
// t<cond> %icc, %g0 + n
constexpr uint32_t tcc(unsigned cond, unsigned n) {
    return field(2, 2, 30) | field(cond, 4, 25) | field(kTcc, 6, 19) | (1u << 13) | field(n, 7, 0);
}
constexpr uint32_t ta(unsigned n) {
    return tcc(kA, n);
}
// return rs1 + imm (restores the caller's window, then jumps after the delay slot)
constexpr uint32_t return_(unsigned rs1, int imm) {
    return alui(kReturn, 0, rs1, imm);
}
constexpr uint32_t save(unsigned rd, unsigned rs1, int imm) {
    return alui(kSave, rd, rs1, imm);
}
constexpr uint32_t restore(unsigned rd, unsigned rs1, int imm) {
    return alui(kRestore, rd, rs1, imm);
}

// ---- conditional moves ----
// mov<cond> <cc>, simm11, rd; cc is kMovFcc0..kMovXcc (cc2:cc1:cc0).
constexpr uint32_t movcc(unsigned cc, unsigned cond, unsigned rd, int simm11) {
    return f3(2, rd, kMovcc, 0, 0) | field(cc >> 2, 1, 18) | field(cond, 4, 14) | (1u << 13) |
           field(cc, 2, 11) | field(uint32_t(simm11), 11, 0);
}
// movr<rcond> rs1, simm10, rd
constexpr uint32_t movr(unsigned rcond, unsigned rd, unsigned rs1, int simm10) {
    return f3(2, rd, kMovr, rs1, 0) | (1u << 13) | field(rcond, 3, 10) |
           field(uint32_t(simm10), 10, 0);
}

// ---- memory ----
constexpr uint32_t mem(unsigned op3, unsigned rd, unsigned rs1, int imm) {
    return f3i(3, rd, op3, rs1, imm);
}
// Alternate space with an immediate ASI: [rs1 + rs2] asi
constexpr uint32_t mema(unsigned op3, unsigned rd, unsigned rs1, unsigned rs2, unsigned asi) {
    return f3(3, rd, op3, rs1, rs2) | field(asi, 8, 5);
}

// ---- floating point; double registers %f0..%f30 encode as themselves ----
constexpr uint32_t fpop1(unsigned opf, unsigned rd, unsigned rs1, unsigned rs2) {
    return f3(2, rd, kFpop1, rs1, rs2) | field(opf, 9, 5);
}
// fcmp{e}d %fccN, rs1, rs2: the fcc number sits in rd<1:0>.
constexpr uint32_t fcmp(unsigned opf, unsigned fcc, unsigned rs1, unsigned rs2) {
    return f3(2, fcc, kFpop2, rs1, rs2) | field(opf, 9, 5);
}

// ---- state registers ----
constexpr uint32_t rdasr(unsigned asr, unsigned rd) {
    return f3(2, rd, kRdasr, asr, 0);
}
// wr rs1, imm, asr (writes rs1 XOR imm)
constexpr uint32_t wrasri(unsigned asr, unsigned rs1, int imm) {
    return f3i(2, asr, kWrasr, rs1, imm);
}

} // namespace cpu_test::as
