// Integer arithmetic: condition codes of both widths, shifts, conditional
// moves and the user-visible state registers.
#include "sparc_asm.h"
#include "test_cpu.h"

#include <catch2/catch.hpp>

using namespace cpu_test;
using namespace cpu_test::as;
using fireplane::sparc::kCcC;
using fireplane::sparc::kCcN;
using fireplane::sparc::kCcV;
using fireplane::sparc::kCcZ;

namespace {

struct CcCase {
    const char* what;
    unsigned op3;
    uint64_t a, b, result;
    uint8_t icc, xcc;
};

// Runs "op3 %o0, %o1, %o2" with the given carry-in and checks result and flags.
void check_cc(const CcCase& t, bool carry_in = false) {
    INFO(t.what);
    TestCpu cpu({alu(t.op3, o2, o0, o1)});
    cpu.reg(o0) = t.a;
    cpu.reg(o1) = t.b;
    cpu.core.ccr = carry_in ? uint8_t(kCcC | kCcC << 4) : 0;
    REQUIRE(cpu.run() == TestCpu::kStopTrap);
    CHECK(cpu.reg(o2) == t.result);
    CHECK(int(cpu.core.icc()) == int(t.icc));
    CHECK(int(cpu.core.xcc()) == int(t.xcc));
}

} // namespace

TEST_CASE("ADDcc sets icc from bit 31 and xcc from bit 63", "[integer][cc]") {
    const CcCase cases[] = {
        {"32-bit signed overflow only", kAddcc, 0x7fffffff, 1, 0x80000000, kCcN | kCcV, 0},
        {"32-bit carry out only", kAddcc, 0xffffffff, 1, 0x100000000, kCcZ | kCcC, 0},
        {"64-bit wrap to zero", kAddcc, ~0ull, 1, 0, kCcZ | kCcC, kCcZ | kCcC},
        {"64-bit signed overflow", kAddcc, 0x7fffffffffffffff, 1, 0x8000000000000000, kCcZ | kCcC,
         kCcN | kCcV},
        {"negative plus negative overflows both", kAddcc, 0x8000000080000000, 0x8000000080000000,
         0x100000000, kCcZ | kCcC | kCcV, kCcC | kCcV},
        {"no flags", kAddcc, 2, 3, 5, 0, 0},
    };
    for (const CcCase& t : cases)
        check_cc(t);
}

TEST_CASE("SUBcc borrow and overflow for both widths", "[integer][cc]") {
    const CcCase cases[] = {
        {"0 - 1 borrows", kSubcc, 0, 1, ~0ull, kCcN | kCcC, kCcN | kCcC},
        {"equal gives Z", kSubcc, 5, 5, 0, kCcZ, kCcZ},
        {"INT32_MIN - 1 overflows icc", kSubcc, 0x80000000, 1, 0x7fffffff, kCcV, 0},
        {"INT64_MIN - 1 overflows xcc", kSubcc, 0x8000000000000000, 1, 0x7fffffffffffffff,
         kCcN | kCcC, kCcV},
        {"unsigned 32-bit borrow without 64-bit borrow", kSubcc, 0x100000000, 1, 0xffffffff,
         kCcN | kCcC, 0},
    };
    for (const CcCase& t : cases)
        check_cc(t);
}

TEST_CASE("ADDC and SUBC consume icc.C, ADD and SUB leave the flags alone", "[integer][cc]") {
    check_cc({"addccc with carry in", kAddccc, 0xffffffff, 0, 0x100000000, kCcZ | kCcC, 0}, true);
    check_cc({"subc with carry in keeps flags", kSubc, 10, 3, 6, kCcC, kCcC}, true);
    check_cc({"add keeps flags", kAdd, ~0ull, 1, 0, kCcC, kCcC}, true);
    check_cc({"sub keeps flags clear", kSub, 0, 1, ~0ull, 0, 0});
}

TEST_CASE("SLL/SRL/SRA use 5-bit counts, the X forms 6-bit counts", "[integer][shift]") {
    TestCpu cpu({
        shiftr(kSll, false, o2, o0, o1), // count 33 & 31 = 1
        shiftr(kSll, true, o3, o0, o1),  // count 33
        shifti(kSrl, false, o4, o5, 4),  // zero-extends the low word first
        shifti(kSra, false, l0, o5, 4),  // sign-extends the low word first
        shifti(kSra, true, l1, o5, 63),
        shifti(kSll, false, l2, o5, 31), // keeps all 64 bits of the result
    });
    cpu.reg(o0) = 3;
    cpu.reg(o1) = 33;
    cpu.reg(o5) = 0xffffffff80000000;
    REQUIRE(cpu.run() == TestCpu::kStopTrap);
    CHECK(cpu.reg(o2) == 6);
    CHECK(cpu.reg(o3) == 0x600000000);
    CHECK(cpu.reg(o4) == 0x08000000);
    CHECK(cpu.reg(l0) == 0xfffffffff8000000);
    CHECK(cpu.reg(l1) == ~0ull);
    CHECK(cpu.reg(l2) == 0xc000000000000000);
}

TEST_CASE("SETHI and OR build a 32-bit constant, %g0 stays zero", "[integer]") {
    TestCpu cpu(
        {sethi(o0, 0xdeadb000), alui(kOr, o0, o0, 0xeef), movi(g0, 7), alu(kAdd, o1, g0, g0)});
    REQUIRE(cpu.run() == TestCpu::kStopTrap);
    CHECK(cpu.reg(o0) == 0xdeadbeef);
    CHECK(cpu.reg(o1) == 0);
}

TEST_CASE("MOVcc tests icc or xcc as selected", "[integer][movcc]") {
    // After 0x100000000 - 1: icc has N and C (low word borrowed), xcc is clear.
    TestCpu cpu({
        alu(kSubcc, g0, o0, o1), movcc(kMovIcc, kCs, o2, 11), // taken
        movcc(kMovXcc, kCs, o3, 12),                          // not taken
        movcc(kMovXcc, kGu, o4, -5),                          // taken, simm11 sign-extends
        movcc(kMovIcc, kNeg, o5, 1),                          // taken
    });
    cpu.reg(o0) = 0x100000000;
    cpu.reg(o1) = 1;
    cpu.reg(o3) = 99;
    REQUIRE(cpu.run() == TestCpu::kStopTrap);
    CHECK(cpu.reg(o2) == 11);
    CHECK(cpu.reg(o3) == 99);
    CHECK(cpu.reg(o4) == uint64_t(-5));
    CHECK(cpu.reg(o5) == 1);
}

TEST_CASE("MOVr tests the whole 64-bit register", "[integer][movr]") {
    TestCpu cpu({
        movr(kRz, o1, o0, 1),   // o0 = 0x100000000 is not zero
        movr(kRnz, o2, o0, 2),  // taken
        movr(kRlz, o3, o4, -3), // o4 negative: taken
        movr(kRgez, o5, o4, 4), // not taken
        movr(kRlez, l0, g0, 5), // zero: taken
        movr(kRgz, l1, g0, 6),  // zero: not taken
    });
    cpu.reg(o0) = 0x100000000;
    cpu.reg(o4) = 0x8000000000000000;
    REQUIRE(cpu.run() == TestCpu::kStopTrap);
    CHECK(cpu.reg(o1) == 0);
    CHECK(cpu.reg(o2) == 2);
    CHECK(cpu.reg(o3) == uint64_t(-3));
    CHECK(cpu.reg(o5) == 0);
    CHECK(cpu.reg(l0) == 5);
    CHECK(cpu.reg(l1) == 0);
}

TEST_CASE("RD %pc, RD %ccr and WR/RD %y", "[integer][asr]") {
    TestCpu cpu({
        kNop,
        rdasr(kAsrPc, o0),       // instruction 1
        alu(kSubcc, g0, g0, o1), // 0 - 1: N and C in both
        rdasr(kAsrCcr, o2),
        wrasri(kAsrY, o3, 0x0ff), // y = o3 ^ 0xff
        rdasr(kAsrY, o4),
    });
    cpu.reg(o1) = 1;
    cpu.reg(o3) = 0x1200;
    REQUIRE(cpu.run() == TestCpu::kStopTrap);
    CHECK(cpu.reg(o0) == TestCpu::at(1));
    CHECK(cpu.reg(o2) == 0x99);
    CHECK(cpu.reg(o4) == 0x12ff);
    CHECK(cpu.core.y == 0x12ff);
}

TEST_CASE("UMUL and SMUL put the high word in %y", "[integer][mul]") {
    TestCpu cpu(
        {alu(kUmul, o2, o0, o1), rdasr(kAsrY, o3), alu(kSmul, o4, o0, o1), rdasr(kAsrY, o5)});
    cpu.reg(o0) = 0xffffffff; // 4294967295 unsigned, -1 signed
    cpu.reg(o1) = 2;
    REQUIRE(cpu.run() == TestCpu::kStopTrap);
    CHECK(cpu.reg(o2) == 0x1fffffffe);
    CHECK(cpu.reg(o3) == 1);
    CHECK(cpu.reg(o4) == uint64_t(-2));
    CHECK(cpu.reg(o5) == 0xffffffff);
}
