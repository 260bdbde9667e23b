// Register windows: SAVE/RESTORE overlap, and the spill/fill traps when the
// window counters say the next window is not available.
#include "sparc_asm.h"
#include "test_cpu.h"

#include <catch2/catch.hpp>

using namespace cpu_test;
using namespace cpu_test::as;
using fireplane::sparc::kNumWindows;

TEST_CASE("SAVE: the caller's outs are the callee's ins", "[window]") {
    TestCpu cpu({
        movi(o0, 5), movi(l0, 40), save(sp, sp, -176),
        ta(0x51), // stop inside the new window
    });
    const uint64_t old_sp = cpu.reg(sp);
    REQUIRE(cpu.run() == 0x151);
    CHECK(cpu.core.cwp == 1);
    CHECK(cpu.core.cansave == kNumWindows - 3);
    CHECK(cpu.core.canrestore == 1);
    CHECK(cpu.reg(i0) == 5);
    CHECK(cpu.reg(fp) == old_sp);       // the old %sp is now %i6
    CHECK(cpu.reg(sp) == old_sp - 176); // SAVE's rd is written in the new window
    CHECK(cpu.reg(l0) == 0);            // fresh locals, not the caller's
}

TEST_CASE("RESTORE: results go to the caller's window, its registers survive", "[window]") {
    TestCpu cpu({
        movi(o0, 5), movi(l0, 40), save(sp, sp, -176), alui(kAdd, l0, i0, 1), // callee l0 = 6
        movi(o0, 9),          // callee's own out, not the caller's o0
        movi(i1, 7),          // callee i1 is the caller's o1
        restore(o2, l0, 100), // caller o2 = callee l0 + 100
    });
    REQUIRE(cpu.run() == TestCpu::kStopTrap);
    CHECK(cpu.core.cwp == 0);
    CHECK(cpu.core.cansave == kNumWindows - 2);
    CHECK(cpu.core.canrestore == 0);
    CHECK(cpu.reg(o0) == 5);
    CHECK(cpu.reg(o1) == 7);
    CHECK(cpu.reg(o2) == 106);
    CHECK(cpu.reg(l0) == 40);
}

TEST_CASE("SAVE with CANSAVE = 0 raises spill_0_normal (0x80)", "[window][trap]") {
    TestCpu cpu({kNop, save(sp, sp, -176)});
    cpu.core.cansave = 0;
    cpu.core.canrestore = kNumWindows - 2;
    REQUIRE(cpu.run() == 0x80);
    CHECK(cpu.trap_pc() == TestCpu::at(1));
    // The trap makes the window to spill current: CWP + CANSAVE + 2.
    CHECK(cpu.core.cwp == 2);
    CHECK(cpu.core.trap_stack[1].tstate % 32 == 0); // the CWP to return to
}

TEST_CASE("Spill trap number follows WSTATE and OTHERWIN", "[window][trap]") {
    TestCpu normal({save(sp, sp, -176)});
    normal.core.cansave = 0;
    normal.core.canrestore = kNumWindows - 2;
    normal.core.wstate = 1; // normal = 1
    CHECK(normal.run() == 0x84);

    TestCpu other({save(sp, sp, -176)});
    other.core.cansave = 0;
    other.core.canrestore = kNumWindows - 3;
    other.core.otherwin = 1;
    other.core.wstate = 2 << 3; // other = 2
    CHECK(other.run() == 0xa8);
}

TEST_CASE("A handler that spills (SAVED) and retries lets SAVE complete", "[window][trap]") {
    TestCpu cpu({movi(o0, 3), save(sp, sp, -176), alui(kAdd, o1, i0, 1)});
    cpu.core.cansave = 0;
    cpu.core.canrestore = kNumWindows - 2;
    cpu.on_trap = [](SparcCore& c, unsigned tt) {
        if (tt != 0x80) return false;
        c.cansave++; // what SAVED does, after the handler stored the window
        c.canrestore--;
        c.retry_trap();
        return true;
    };
    REQUIRE(cpu.run() == TestCpu::kStopTrap);
    REQUIRE(cpu.traps.size() == 2);
    CHECK(cpu.traps[0].tt == 0x80);
    CHECK(cpu.core.cwp == 1);
    CHECK(cpu.reg(o1) == 4); // the save's window sees the caller's o0 as i0
}

TEST_CASE("RESTORE with CANRESTORE = 0 raises fill_0_normal (0xc0)", "[window][trap]") {
    TestCpu cpu({kNop, restore(g0, g0, 0)});
    cpu.core.cwp = 3;
    REQUIRE(cpu.run() == 0xc0);
    CHECK(cpu.trap_pc() == TestCpu::at(1));
    CHECK(cpu.core.cwp == 2); // the window to fill: CWP - 1
    CHECK(cpu.core.trap_stack[1].tstate % 32 == 3);
}

TEST_CASE("RETURN restores the caller's window and jumps after its delay slot", "[window]") {
    TestCpu cpu({
        call(3),               // 0: %o7 = at(0)
        kNop,                  // 1
        ta(0x50),              // 2: return lands here
        save(sp, sp, -176),    // 3
        movi(l0, 7),           // 4
        return_(i7, 8),        // 5: to at(2), back in window 0
        alui(kAdd, o1, o0, 1), // 6: delay slot runs in the caller's window
    });
    cpu.reg(o0) = 41;
    REQUIRE(cpu.run() == TestCpu::kStopTrap);
    CHECK(cpu.trap_pc() == TestCpu::at(2));
    CHECK(cpu.core.cwp == 0);
    CHECK(cpu.core.canrestore == 0);
    CHECK(cpu.reg(o1) == 42);
    CHECK(cpu.reg(l0) == 0);
}
