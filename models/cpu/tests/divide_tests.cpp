// Division: the 32-bit forms divide %y:rs1 and clamp on overflow; the 64-bit
// forms must survive INT64_MIN / -1 (which traps on an x86 host); every form
// raises division_by_zero for a zero divisor.
#include "sparc_asm.h"
#include "test_cpu.h"

#include <catch2/catch.hpp>

using namespace cpu_test;
using namespace cpu_test::as;
using fireplane::sparc::kCcN;
using fireplane::sparc::kCcV;
using fireplane::sparc::kCcZ;

namespace {

struct DivCase {
    const char* what;
    unsigned op3;
    uint64_t y, a, b, result;
};

void check_div(const DivCase& t) {
    INFO(t.what);
    TestCpu cpu({alu(t.op3, o2, o0, o1)});
    cpu.core.y = t.y;
    cpu.reg(o0) = t.a;
    cpu.reg(o1) = t.b;
    REQUIRE(cpu.run() == TestCpu::kStopTrap);
    CHECK(cpu.reg(o2) == t.result);
}

} // namespace

TEST_CASE("UDIV and SDIV divide the 64-bit %y:rs1 by the low word of rs2", "[divide]") {
    const DivCase cases[] = {
        {"udiv uses %y as the high word", kUdiv, 1, 0, 2, 0x80000000},
        {"udiv ignores the high word of rs1", kUdiv, 0, 0xffffffff00000064, 7, 14},
        {"udiv ignores the high word of rs2", kUdiv, 0, 100, 0x100000007, 14},
        {"sdiv negative dividend from %y", kSdiv, 0xffffffff, 0xffffff9c, 7, uint64_t(-14)},
        {"sdiv negative divisor", kSdiv, 0, 100, 0xfffffff9, uint64_t(-14)},
        {"udiv clamps to 2^32-1", kUdiv, 1, 0, 1, 0xffffffff},
        {"sdiv clamps positive overflow", kSdiv, 0, 0x80000000, 1, 0x7fffffff},
        {"sdiv clamps negative overflow", kSdiv, 0xfffffffe, 0, 1, 0xffffffff80000000},
    };
    for (const DivCase& t : cases)
        check_div(t);
}

// The quotient of -2^63 / -1 is +2^63, which overflows positively: V9 and
// qemu-sparc64 give 0x7fffffff. Host division would trap, so the ISS
// special-cases it.
TEST_CASE("SDIV of INT64_MIN by -1 clamps to INT32_MAX", "[divide]") {
    check_div({"sdiv -2^63 / -1", kSdiv, 0x80000000, 0, 0xffffffff, 0x7fffffff});
}

TEST_CASE("UDIVcc and SDIVcc set V on overflow and never C", "[divide][cc]") {
    TestCpu cpu({alu(kUdivcc, o2, o0, o1), rdasr(kAsrCcr, o3), alu(kSdivcc, o4, o0, o5),
                 rdasr(kAsrCcr, l0)});
    cpu.core.y = 1;
    cpu.reg(o0) = 0;
    cpu.reg(o1) = 1;  // 2^32 / 1 overflows
    cpu.reg(o5) = -4; // 2^32 / -4 = -2^30 fits
    REQUIRE(cpu.run() == TestCpu::kStopTrap);
    CHECK(cpu.reg(o2) == 0xffffffff);
    CHECK(cpu.reg(o3) == (kCcN | kCcV)); // icc: bit 31 set, overflow; xcc: positive
    CHECK(cpu.reg(o4) == uint64_t(-(int64_t(1) << 30)));
    CHECK(cpu.reg(l0) == (kCcN | kCcN << 4));
}

TEST_CASE("UDIVX and SDIVX, including INT64_MIN / -1", "[divide]") {
    const DivCase cases[] = {
        {"udivx", kUdivx, 0, ~0ull, 2, 0x7fffffffffffffff},
        {"sdivx", kSdivx, 0, uint64_t(-100), 7, uint64_t(-14)},
        {"sdivx INT64_MIN / -1 wraps", kSdivx, 0, 0x8000000000000000, ~0ull, 0x8000000000000000},
        {"udivx INT64_MIN / -1 is 0", kUdivx, 0, 0x8000000000000000, ~0ull, 0},
    };
    for (const DivCase& t : cases)
        check_div(t);
}

TEST_CASE("Division by zero raises trap 0x28 and leaves rd alone", "[divide][trap]") {
    for (unsigned op3 : {kUdiv, kSdiv, kUdivcc, kSdivcc, kUdivx, kSdivx}) {
        INFO("op3 " << op3);
        TestCpu cpu({kNop, alu(op3, o2, o0, o1)});
        cpu.reg(o0) = 5;
        cpu.reg(o1) = op3 == kUdivx || op3 == kSdivx ? 0 : 0xffffffff00000000; // low word zero
        cpu.reg(o2) = 77;
        REQUIRE(cpu.run() == 0x28);
        CHECK(cpu.trap_pc() == TestCpu::at(1));
        CHECK(cpu.reg(o2) == 77);
    }
}

TEST_CASE("SDIV with a zero result sets Z", "[divide][cc]") {
    TestCpu cpu({alu(kSdivcc, o2, o0, o1), rdasr(kAsrCcr, o3)});
    cpu.reg(o0) = 3;
    cpu.reg(o1) = 4;
    REQUIRE(cpu.run() == TestCpu::kStopTrap);
    CHECK(cpu.reg(o2) == 0);
    CHECK(cpu.reg(o3) == (kCcZ | kCcZ << 4));
}
