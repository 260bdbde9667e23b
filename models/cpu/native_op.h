#pragma once
// What an ISA table row (isa_table.h) does, for the block compiler
// (jit/block_compiler.h), which emits these natively. Every other
// instruction ends a compiled block and runs in its handler.
#include <cstdint>
#include <type_traits>

namespace fireplane::sparc {

enum class NativeOp : uint8_t {
    None,
    // rd = rs1 op (rs2 | simm13)
    Add,
    And,
    Or,
    Xor,
    Sub,
    AndN,
    OrN,
    XNor,
    MulX,
    // the same, setting icc and xcc
    AddCc,
    AndCc,
    OrCc,
    XorCc,
    SubCc,
    AndNCc,
    OrNCc,
    XNorCc,
    // shifts by rs2 or the count field
    Sll,
    Srl,
    Sra,
    SllX,
    SrlX,
    SraX,
    Sethi,
    // loads and stores through the software TLB, by size and signedness
    LdUB,
    LdSB,
    LdUH,
    LdSH,
    LdUW,
    LdSW,
    LdX,
    StB,
    StH,
    StW,
    StX,
    // FP registers from and to memory: ld, ldd, st, std
    LdF,
    LdDF,
    StF,
    StDF,
    // FPops on the host's SSE unit, double and single
    FAddD,
    FSubD,
    FMulD,
    FDivD,
    FSqrtD,
    FAddS,
    FSubS,
    FMulS,
    FDivS,
    FSqrtS,
    FMovD,
    FNegD,
    FAbsD,
    FCmpD, // fcmpd and fcmped: they differ only on unordered operands
    FCmpS,
    // control transfers, with their delay slot
    Branch,
    BranchReg,
    FBranch,
    Call,
    Jmpl,
};

template <typename T> constexpr NativeOp native_load() {
    constexpr bool s = std::is_signed_v<T>;
    switch (sizeof(T)) {
    case 1: return s ? NativeOp::LdSB : NativeOp::LdUB;
    case 2: return s ? NativeOp::LdSH : NativeOp::LdUH;
    case 4: return s ? NativeOp::LdSW : NativeOp::LdUW;
    default: return NativeOp::LdX;
    }
}
template <typename T> constexpr NativeOp native_store() {
    switch (sizeof(T)) {
    case 1: return NativeOp::StB;
    case 2: return NativeOp::StH;
    case 4: return NativeOp::StW;
    default: return NativeOp::StX;
    }
}

} // namespace fireplane::sparc
