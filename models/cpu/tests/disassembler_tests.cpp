// The disassembler against GNU objdump. Words and PCs come from gcc-built
// static sparc64 programs (sw/tests/recursion, float_arith, int_arith),
// disassembled with `sparc64-linux-gnu-objdump -d`; objdump's text is in the
// comment where ours differs.
//
// Where ours differs from objdump, by design:
// - no synthetic aliases: mov/clr/cmp/tst/btst/neg/inc/retl/ret/jmp/cas are
//   printed as the instruction they stand for (or, subcc, andcc, jmpl, casa);
// - every immediate is hex except shift counts (decimal), branch targets are
//   absolute "0x..." without a symbol, and BPcc/FBPfcc/BPr always show ,pt/,pn;
// - ASIs are numbers (objdump: #ASI_PNF), MEMBAR masks are numbers
//   (objdump: #StoreStore|#LoadStore), Tcc and FCMP name their cc field;
// - JMPL and RETURN put their address in brackets like a load's.
#include "models/cpu/disassembler.h"

#include <catch2/catch.hpp>

#include <cstdint>

using fireplane::sparc::disassemble;

namespace {

struct Expected {
    uint64_t pc;
    uint32_t word;
    const char* text;
};

const Expected kIntegerAndControl[] = {
    {0x100414, 0xb8100007, "or %g0, %g7, %i4"},    // mov %g7, %i4
    {0x10040c, 0x82102000, "or %g0, 0x0, %g1"},    // clr %g1
    {0x10020c, 0x80a06000, "subcc %g1, 0x0, %g0"}, // cmp %g1, 0
    {0x101dc4, 0x80888001, "andcc %g2, %g1, %g0"}, // btst %g2, %g1
    {0x10049c, 0x90200008, "sub %g0, %o0, %o0"},   // neg %o0
    {0x100bf0, 0x82806001, "addcc %g1, 0x1, %g1"}, // inccc %g1
    {0x100480, 0x9207a75f, "add %fp, 0x75f, %o1"},
    {0x1009d4, 0x9c23a030, "sub %sp, 0x30, %sp"},
    {0x103320, 0x84603fff, "subc %g0, -0x1, %g2"}, // subc %g0, -1, %g2
    {0x100e50, 0x98833fff, "addcc %o4, -0x1, %o4"},
    {0x10298c, 0x82922000, "orcc %o0, 0x0, %g1"},
    {0x100d0c, 0xb00e2008, "and %i0, 0x8, %i0"},
    {0x101e80, 0x82284002, "andn %g1, %g2, %g1"},
    {0x106488, 0xb638001b, "xnor %g0, %i3, %i3"},
    {0x11d8c4, 0x8ca9a03f, "andncc %g6, 0x3f, %g6"},
    {0x100d28, 0x82488001, "mulx %g2, %g1, %g1"},
    {0x1023b4, 0xb86f0010, "udivx %i4, %l0, %i4"},
    {0x100d24, 0x856a0001, "sdivx %o0, %g1, %g2"},
    {0x1001f4, 0x2f0007ff, "sethi %hi(0x1ffc00), %l7"},
    {0x100214, 0x01000000, "nop"},
    {0x100780, 0x832e5001, "sllx %i1, %g1, %g1"},
    {0x100c5c, 0x892e2003, "sll %i0, 3, %g4"},
    {0x1020f8, 0x8332200a, "srl %o0, 10, %g1"}, // srl %o0, 0xa, %g1
    {0x100ac4, 0x833a7003, "srax %o1, 3, %g1"},
    {0x100624, 0x89293020, "sllx %g4, 32, %g4"},     // sllx %g4, 0x20, %g4
    {0x1001f0, 0x9de3bf50, "save %sp, -0xb0, %sp"},  // save %sp, -176, %sp
    {0x100224, 0x81e80000, "restore %g0, %g0, %g0"}, // restore
    {0x1001f8, 0x40000202, "call 0x100a00"},
    {0x100a00, 0x81c3e008, "jmpl [%o7 + 0x8], %g0"},  // retl
    {0x100220, 0x81c7e008, "jmpl [%i7 + 0x8], %g0"},  // ret
    {0x102828, 0x81c04000, "jmpl [%g1], %g0"},        // jmp %g1
    {0x1009a0, 0x81cfe008, "return [%i7 + 0x8]"},     // return %i7 + 8
    {0x10053c, 0x10680004, "ba,pt %xcc, 0x10054c"},   // b %xcc, 10054c
    {0x100a08, 0x30680006, "ba,a,pt %xcc, 0x100a20"}, // b,a %xcc, 100a20
    {0x100420, 0x0260000b, "be,pn %xcc, 0x10044c"},
    {0x102b1c, 0x2240004d, "be,a,pn %icc, 0x102c50"},
    {0x1007d4, 0x326fffdb, "bne,a,pt %xcc, 0x100740"}, // backward: bne,a %xcc, 100740
    {0x100a74, 0x02c04004, "brz,pn %g1, 0x100a84"},
    {0x10cb10, 0x26c4c206, "brlz,a,pn %l3, 0x10d328"},
    {0x10aa44, 0x0ef87f03, "brgez,pt %g1, 0x10a650"}, // brgez %g1, 10a650
    {0x10479c, 0x83644011, "move %icc, %l1, %g1"},
    {0x106d38, 0xaf64d004, "movl %xcc, %g4, %l7"},
    {0x101dc0, 0x83793401, "movrnz %g4, 0x1, %g1"}, // movrne %g4, 1, %g1
    {0x100490, 0x91d0206d, "ta %icc, 0x6d"},        // ta 0x6d
    {0x11d708, 0x8b414000, "rd %pc, %g5"},
    {0x145d98, 0x81408000, "rd %ccr, %g0"},
    {0x11d6b8, 0x878020f0, "wr %g0, 0xf0, %asi"},
    {0x11ec30, 0x8d802004, "wr %g0, 0x4, %fprs"}, // wr %g0, 4, %fprs
    {0x108488, 0x8143e00c, "membar 0xc"},         // membar #StoreStore|#LoadStore
    {0x15cc74, 0x81580000, "flushw"},
    {0x101e90, 0x81dec000, "flush [%i3]"},
};

const Expected kMemory[] = {
    {0x100208, 0xc25dc001, "ldx [%l7 + %g1], %g1"},
    {0x100408, 0xc277a7f7, "stx %g1, [%fp + 0x7f7]"},
    {0x10044c, 0xc207601c, "lduw [%i5 + 0x1c], %g1"}, // ld [ %i5 + 0x1c ], %g1
    {0x100454, 0xc227601c, "stw %g1, [%i5 + 0x1c]"},  // st %g1, [ %i5 + 0x1c ]
    {0x101e0c, 0xd044a1ec, "ldsw [%l2 + 0x1ec], %o0"},
    {0x100b20, 0xc2086238, "ldub [%g1 + 0x238], %g1"},
    {0x102588, 0xc24a8000, "ldsb [%o2], %g1"},
    {0x101dcc, 0xc210e036, "lduh [%g3 + 0x36], %g1"},
    {0x1035a8, 0xea340000, "sth %l5, [%l0]"},
    {0x103318, 0xc02a0019, "stb %g0, [%o0 + %i1]"},  // clrb [ %o0 + %i1 ]
    {0x1004c8, 0xc07760e0, "stx %g0, [%i5 + 0xe0]"}, // clrx [ %i5 + 0xe0 ]
    {0x116a30, 0xc27e0000, "swap [%i0], %g1"},
    {0x100430, 0xc3e6d002, "casa [%i3] 0x80, %g2, %g1"},  // cas [ %i3 ], %g2, %g1
    {0x102664, 0xc5f05008, "casxa [%g1] 0x80, %o0, %g2"}, // casx [ %g1 ], %o0, %g2
    {0x11f6d4, 0xd6da1040, "ldxa [%o0] 0x82, %o3"},       // ldxa [ %o0 ] #ASI_PNF, %o3
    {0x11f7e8, 0xd68a1040, "lduba [%o0] 0x82, %o3"},
    {0x11d6f4, 0xc19a6000, "ldda [%o1] %asi, %f0"},
    {0x11d834, 0xe3ba3fc0, "stda %f48, [%o0 - 0x40] %asi"}, // [ %o0 + -64 ]
    {0x101ce0, 0xd519e100, "ldd [%g7 + 0x100], %f10"},
    {0x101ce8, 0xd53fa7df, "std %f10, [%fp + 0x7df]"},
    {0x10062c, 0xe1184000, "ldd [%g1], %f16"},
    {0x101cc8, 0xc32fa7ef, "stx %fsr, [%fp + 0x7ef]"},
    {0x145edc, 0xc30fa7ef, "ldx [%fp + 0x7ef], %fsr"},
};

const Expected kFloatingPoint[] = {
    {0x11f514, 0x89a00842, "faddd %f0, %f2, %f4"},
    {0x100684, 0x99a208ca, "fsubd %f8, %f10, %f12"},
    {0x11f518, 0x8da00942, "fmuld %f0, %f2, %f6"},
    {0x1006b8, 0x99a209ca, "fdivd %f8, %f10, %f12"},
    {0x1006c4, 0x93a2082a, "fadds %f8, %f10, %f9"},
    {0x100708, 0x91a209aa, "fdivs %f8, %f10, %f8"},
    {0x1007ac, 0x95a00548, "fsqrtd %f8, %f10"},
    {0x1007cc, 0x81a00521, "fsqrts %f1, %f0"},
    {0x1006b4, 0x99a00048, "fmovd %f8, %f12"},
    {0x100bac, 0x91a000c8, "fnegd %f8, %f8"},
    {0x1366c8, 0x99a00148, "fabsd %f8, %f12"},
    {0x101678, 0x91a01a48, "fdtoi %f8, %f8"},
    {0x1019bc, 0x91a01a28, "fstoi %f8, %f8"},
    {0x10178c, 0x99a0190d, "fitod %f13, %f12"},
    {0x1015a8, 0x91a01048, "fdtox %f8, %f8"},
    {0x101774, 0x95a01108, "fxtod %f8, %f10"},
    {0x101794, 0x91a01088, "fxtos %f8, %f8"},
    {0x1007d0, 0x95a01920, "fstod %f0, %f10"},
    {0x1006bc, 0x95a018ca, "fdtos %f10, %f10"},
    {0x1366c0, 0x81aa0a48, "fcmpd %fcc0, %f8, %f8"},   // fcmpd %f8, %f8
    {0x100fa4, 0x81aa0acc, "fcmped %fcc0, %f8, %f12"}, // fcmped %f8, %f12
    {0x1006fc, 0x87aa8a2e, "fcmps %fcc3, %f10, %f14"},
    {0x101460, 0x83a84aa3, "fcmpes %fcc1, %f1, %f3"},
    {0x1020b8, 0x91a8704a, "fmovde %xcc, %f10, %f8"},
    {0x101b6c, 0x0978000a, "fbl,pt %fcc3, 0x101b94"}, // fbl %fcc3, 101b94
    {0x100870, 0x13400206, "fbe,pn %fcc0, 0x101088"},
    {0x100fa8, 0x374fffd8, "fbge,a,pt %fcc0, 0x100f08"}, // fbge,a %fcc0, 100f08
    {0x11d880, 0x81b10906, "faligndata %f4, %f6, %f0"},
    {0x11d868, 0x83b24300, "alignaddr %o1, %g0, %g1"},
};

void check_all(const Expected* begin, const Expected* end) {
    for (const Expected* e = begin; e != end; ++e) {
        INFO("word 0x" << std::hex << e->word << " at 0x" << e->pc);
        CHECK(disassemble(e->word, e->pc) == e->text);
    }
}

} // namespace

TEST_CASE("Disassembly of integer and control-transfer instructions", "[disassembler]") {
    check_all(std::begin(kIntegerAndControl), std::end(kIntegerAndControl));
}

TEST_CASE("Disassembly of loads, stores, atomics and alternate spaces", "[disassembler]") {
    check_all(std::begin(kMemory), std::end(kMemory));
}

TEST_CASE("Disassembly of floating-point and VIS instructions", "[disassembler]") {
    check_all(std::begin(kFloatingPoint), std::end(kFloatingPoint));
}

TEST_CASE("Unknown encodings disassemble as illegal with the word", "[disassembler]") {
    CHECK(disassemble(0x00000f00, 0x1005b4) == "illegal 0xf00"); // objdump: illtrap 0xf00
    CHECK(disassemble(0x80c80000, 0) == "illegal 0x80c80000");   // op3 0x19 is reserved
}

TEST_CASE("Register names: %sp and %fp aliases", "[disassembler]") {
    CHECK(fireplane::sparc::int_reg_name(0) == "%g0");
    CHECK(fireplane::sparc::int_reg_name(14) == "%sp");
    CHECK(fireplane::sparc::int_reg_name(15) == "%o7");
    CHECK(fireplane::sparc::int_reg_name(30) == "%fp");
    CHECK(fireplane::sparc::int_reg_name(31) == "%i7");
}

// fsrc2 (objdump: "fsrc2d %f0, %f2") reads only rs2; the rs1 field is zero
// and should not be printed as an operand.
TEST_CASE("VIS fsrc2 shows only its source and destination", "[disassembler]") {
    CHECK(disassemble(0x85b00f00, 0x11d860) == "fsrc2 %f0, %f2");
}
