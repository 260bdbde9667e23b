// Control transfer: delay slots and the annul bit, register branches, CALL
// and JMPL links, and the illegal-instruction trap.
#include "sparc_asm.h"
#include "test_cpu.h"

#include <catch2/catch.hpp>

using namespace cpu_test;
using namespace cpu_test::as;

namespace {

// A branch at instruction 1, its delay slot (o1 += 1) at 2, a fall-through
// instruction (o2 += 1) at 3 that jumps past the target, and the target
// (o3 += 1) at 5. %o0 holds `value`; instruction 0 sets the flags from it.
struct Outcome {
    bool delay_slot_ran, fell_through, reached_target;
};

Outcome run_branch(uint32_t branch, uint64_t value) {
    TestCpu cpu({
        alu(kSubcc, g0, o0, g0),
        branch,                // 1: to 5 when taken
        alui(kAdd, o1, o1, 1), // 2: delay slot
        alui(kAdd, o2, o2, 1), // 3: fall-through
        bicc(kA, true, 2),     // 4: ba,a to 6
        alui(kAdd, o3, o3, 1), // 5: target
    });
    cpu.reg(o0) = value;
    REQUIRE(cpu.run() == TestCpu::kStopTrap);
    return {cpu.reg(o1) == 1, cpu.reg(o2) == 1, cpu.reg(o3) == 1};
}

void check(const Outcome& got, const Outcome& want) {
    CHECK(got.delay_slot_ran == want.delay_slot_ran);
    CHECK(got.fell_through == want.fell_through);
    CHECK(got.reached_target == want.reached_target);
}

} // namespace

TEST_CASE("Bicc: the delay slot runs unless annulled", "[control][branch]") {
    SECTION("taken, a = 0") {
        check(run_branch(bicc(kE, false, 4), 0), {true, false, true});
    }
    SECTION("taken, a = 1: conditional branches still run the slot") {
        check(run_branch(bicc(kE, true, 4), 0), {true, false, true});
    }
    SECTION("untaken, a = 0") {
        check(run_branch(bicc(kE, false, 4), 1), {true, true, false});
    }
    SECTION("untaken, a = 1: the slot is annulled") {
        check(run_branch(bicc(kE, true, 4), 1), {false, true, false});
    }
    SECTION("ba,a annuls the slot") {
        check(run_branch(bicc(kA, true, 4), 1), {false, false, true});
    }
    SECTION("ba runs the slot") {
        check(run_branch(bicc(kA, false, 4), 1), {true, false, true});
    }
    SECTION("bn,a annuls the slot") {
        check(run_branch(bicc(kN, true, 4), 0), {false, true, false});
    }
}

TEST_CASE("BPcc selects icc or xcc", "[control][branch]") {
    // o0 = 2^32: icc sees zero, xcc does not.
    check(run_branch(bpcc(kE, false, kIcc, true, 4), 0x100000000), {true, false, true});
    check(run_branch(bpcc(kE, false, kXcc, true, 4), 0x100000000), {true, true, false});
}

TEST_CASE("BPr tests a register against zero, with annul", "[control][branch]") {
    // run_branch's instruction 0 only sets flags; BPr reads o0 itself.
    check(run_branch(bpr(kRz, false, o0, 4), 0), {true, false, true});
    check(run_branch(bpr(kRz, true, o0, 4), 5), {false, true, false});
    check(run_branch(bpr(kRlz, true, o0, 4), 0x8000000000000000), {true, false, true});
    check(run_branch(bpr(kRgz, false, o0, 4), 0x8000000000000000), {true, true, false});
    check(run_branch(bpr(kRnz, false, o0, 4), 0x100000000), {true, false, true});
}

TEST_CASE("Backward branch displacements are sign-extended", "[control][branch]") {
    TestCpu cpu({
        alui(kSubcc, o0, o0, 1), // 0: loop
        bicc(kNe, false, -1),    // 1: back to 0
        alui(kAdd, o1, o1, 1),   // 2: delay slot, runs every iteration
    });
    cpu.reg(o0) = 3;
    REQUIRE(cpu.run() == TestCpu::kStopTrap);
    CHECK(cpu.reg(o0) == 0);
    CHECK(cpu.reg(o1) == 3);
}

TEST_CASE("CALL links %o7, JMPL links rd and returns", "[control][call]") {
    TestCpu cpu({
        call(3),         // 0: to 3, %o7 = at(0)
        movi(o1, 1),     // 1: delay slot
        ta(0x50),        // 2: return here and stop
        movi(o2, 2),     // 3
        jmpl(g0, o7, 8), // 4: retl to 2
        movi(o3, 3),     // 5: delay slot
    });
    REQUIRE(cpu.run() == TestCpu::kStopTrap);
    CHECK(cpu.reg(o7) == TestCpu::at(0));
    CHECK((cpu.reg(o1) == 1 && cpu.reg(o2) == 2 && cpu.reg(o3) == 3));
    CHECK(cpu.trap_pc() == TestCpu::at(2));

    TestCpu link({jmpl(o5, o4, 8), kNop, movi(o1, 1), kNop});
    link.reg(o4) = TestCpu::at(1); // target: instruction 3
    REQUIRE(link.run() == TestCpu::kStopTrap);
    CHECK(link.reg(o5) == TestCpu::at(0));
    CHECK(link.reg(o1) == 0); // skipped
}

TEST_CASE("JMPL to a misaligned target raises 0x34", "[control][trap]") {
    TestCpu cpu({jmpl(o7, o4, 2)});
    cpu.reg(o4) = TestCpu::at(4);
    REQUIRE(cpu.run() == 0x34);
    CHECK(cpu.trap_pc() == TestCpu::at(0));
    CHECK(cpu.core.fault_address == TestCpu::at(4) + 2);
}

TEST_CASE("Illegal instructions raise 0x10 at their own PC", "[control][trap]") {
    for (uint32_t word : {0x00000000u /* illtrap 0 */, 0x80c80000u /* op3 0x19: reserved */}) {
        INFO("word " << std::hex << word);
        TestCpu cpu({kNop, word});
        REQUIRE(cpu.run() == 0x10);
        CHECK(cpu.trap_pc() == TestCpu::at(1));
        CHECK(cpu.core.tl == 1);
        CHECK(cpu.core.trap_stack[1].tt == 0x10);
    }
}

TEST_CASE("Tcc traps only when its condition holds", "[control][trap]") {
    TestCpu cpu({alu(kSubcc, g0, o0, o0), tcc(kNe, 0x20), tcc(kE, 0x21)});
    REQUIRE(cpu.run() == 0x121);
    CHECK(cpu.trap_pc() == TestCpu::at(2));
    CHECK(cpu.traps.size() == 1);
}

TEST_CASE("A trap in a delay slot saves the branch target as TNPC and DONE resumes there",
          "[control][trap]") {
    TestCpu cpu({
        bicc(kA, false, 3), // 0: to 3
        ta(0x51),           // 1: delay slot traps
        movi(o1, 1),        // 2: skipped
        movi(o2, 2),        // 3: target
    });
    cpu.on_trap = [](SparcCore& c, unsigned tt) {
        if (tt != 0x151) return false;
        CHECK(c.trap_stack[c.tl].tpc == TestCpu::at(1));
        CHECK(c.trap_stack[c.tl].tnpc == TestCpu::at(3));
        c.done_trap(); // like a system call returning
        return true;
    };
    REQUIRE(cpu.run() == TestCpu::kStopTrap);
    CHECK(cpu.traps.size() == 2);
    CHECK(cpu.reg(o1) == 0);
    CHECK(cpu.reg(o2) == 2);
    CHECK(cpu.core.tl == 1); // only the stop trap is still open
}

TEST_CASE("power_on_reset: RSTVaddr + 0x20, RED|PEF|PRIV|AG, TL = MAXTL, TT = 1",
          "[control][reset]") {
    TestCpu cpu({});
    cpu.core.set_trap_handler(nullptr);
    cpu.core.power_on_reset();
    CHECK(cpu.core.pc == 0xfffffffff0000020ull);
    CHECK(cpu.core.npc == 0xfffffffff0000024ull);
    CHECK(cpu.core.pstate == 0x35);
    CHECK(cpu.core.tl == 5);
    CHECK(cpu.core.trap_stack[5].tt == 1);
    // Nothing at the reset vector in this test memory: the fetch traps at
    // TL = MAXTL, which halts the core (error_state).
    cpu.core.run(10);
    CHECK(cpu.core.halted());
    CHECK(cpu.core.error_state_tt == 0x008);
}
