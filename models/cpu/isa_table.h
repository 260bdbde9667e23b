#pragma once
// The SPARC V9 instruction table. One row per instruction: its encoding
// (mask/match), its operand list, and its handlers. The decoder and the
// disassembler are both driven by these rows, so an instruction is described
// in exactly one place: next to its handler in the exec_*.cpp file.
//
// Operand tokens (comma-separated, in assembler order):
//   r1 r2 rd     integer rs1, rs2, rd
//   o2           rs2, or simm13 when i = 1
//   sh           rs2, or the shift count (5 bits, 6 with x = 1) when i = 1
//   a            address [rs1 + o2]
//   aa           alternate-space address [rs1 + o2] with imm_asi, or %asi when i = 1
//   ca           CAS address [rs1] with imm_asi, or %asi when i = 1
//   f1s f1d f1q  floating-point rs1 as single/double/quad; likewise f2*, fd*
//   hi           imm22 << 10 (SETHI)
//   b22 b19 b16 c30   branch/call targets (decoded to absolute addresses)
//   bcc fcc      the cc field of BPcc (%icc/%xcc) and FBPfcc (%fccN)
//   mcc          the cc field of MOVcc / FMOVcc
//   s11 s10      rs2 or simm11 (MOVcc) / simm10 (MOVr)
//   tn           trap number: rs1 + (rs2 or imm7)
//   asr asrd     ancillary state register named by rs1 / rd
//   pr prd       privileged register named by rs1 / rd
//   mm           MEMBAR mask; pf  PREFETCH function (rd)
//   fsr xfsr     %fsr operand
#include "insn.h"
#include "native_op.h"

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

namespace fireplane::sparc {

struct IsaRow {
    const char* name;
    uint32_t mask;
    uint32_t match;
    const char* operands;
    ExecFn exec;     // i = 0, or the only form
    ExecFn exec_imm; // i = 1; nullptr when the row has no i bit
    uint8_t aux = 0; // per-row constant handed to the handler (insn.aux) unless operands set it
    NativeOp native = NativeOp::None; // its form in compiled blocks (jit/block_compiler.h)
};

// Encoding helpers for the rows.
constexpr uint32_t op(uint32_t v) {
    return v << 30;
}
constexpr uint32_t op2(uint32_t v) {
    return v << 22;
}
constexpr uint32_t op3(uint32_t v) {
    return v << 19;
}
constexpr uint32_t opf(uint32_t v) {
    return v << 5;
}
constexpr uint32_t kOpMask = op(3);
constexpr uint32_t kOp2Mask = kOpMask | op2(7);
constexpr uint32_t kOp3Mask = kOpMask | op3(0x3f);
constexpr uint32_t kOpfMask = kOp3Mask | opf(0x1ff);

// Row groups, each defined beside its handlers.
void add_integer_rows(std::vector<IsaRow>& rows);
void add_control_rows(std::vector<IsaRow>& rows);
void add_memory_rows(std::vector<IsaRow>& rows);
void add_fp_rows(std::vector<IsaRow>& rows);
void add_state_register_rows(std::vector<IsaRow>& rows);
void add_vis_rows(std::vector<IsaRow>& rows);
void add_quad_rows(std::vector<IsaRow>& rows);

// Calls fn(token) for each operand token of the row, in order; stops early
// when fn returns false, and returns whether it ran to the end.
template <typename Fn> bool for_each_operand(const IsaRow& row, Fn&& fn) {
    for (const char* p = row.operands; *p;) {
        const char* end = p;
        while (*end && *end != ',')
            ++end;
        if (!fn(std::string_view(p, size_t(end - p)))) return false;
        if (!*end) break;
        p = end + 1;
    }
    return true;
}

// All rows, most specific mask first within each primary opcode.
const std::vector<IsaRow>& isa_rows();
// The row that decodes `word`, or nullptr for an illegal instruction.
const IsaRow* find_row(uint32_t word);
// Where a direct branch or call at `pc` goes (its b22/b19/b16/c30 operand),
// or nothing for any other instruction.
std::optional<uint64_t> direct_target(uint32_t word, uint64_t pc);

} // namespace fireplane::sparc
