// VA and PA data watchpoints: enables and byte masks from the DCU control
// register, read versus write, priority, and what a hit records.
#include "mmu_test_support.h"

using namespace fireplane::mmu;
using namespace fireplane::mmu::test;

namespace {
uint64_t va_watch(uint64_t enables, unsigned mask) {
    return enables | uint64_t(mask) << dcu::kVmShift;
}
uint64_t pa_watch(uint64_t enables, unsigned mask) {
    return enables | uint64_t(mask) << dcu::kPmShift;
}
} // namespace

TEST_CASE("the VA watchpoint traps accesses touching a watched byte") {
    CheetahMmu m;
    write_reg(m, Side::Data, kVaVaWatchpoint, 0xfffff80000001000);
    const uint64_t dw = 0xfffff80000001000;
    const uint64_t all = va_watch(dcu::kVr | dcu::kVw, 0xff);
    CHECK(m.watch_hit(dw + 4, 0, 4, false, all) == kTrapVaWatchpoint);
    CHECK(m.watch_hit(dw - 8, 0, 8, true, all) == kNoTrap);
    CHECK(m.watch_hit(dw + 8, 0, 8, true, all) == kNoTrap);
    CHECK(m.watch_hit(dw - 64 + 8, 0, 64, false, all) == kTrapVaWatchpoint); // a block load
    // Bytes 0-3 watched: the upper word is free, a straddling access is not.
    const uint64_t low = va_watch(dcu::kVr | dcu::kVw, 0x0f);
    CHECK(m.watch_hit(dw + 4, 0, 4, false, low) == kNoTrap);
    CHECK(m.watch_hit(dw + 2, 0, 4, false, low) == kTrapVaWatchpoint);
    CHECK(m.watch_hit(dw + 3, 0, 1, false, low) == kTrapVaWatchpoint);
    // Enables per direction; a zero mask watches nothing.
    CHECK(m.watch_hit(dw, 0, 8, false, va_watch(dcu::kVw, 0xff)) == kNoTrap);
    CHECK(m.watch_hit(dw, 0, 8, true, va_watch(dcu::kVw, 0xff)) == kTrapVaWatchpoint);
    CHECK(m.watch_hit(dw, 0, 8, true, va_watch(dcu::kVr, 0xff)) == kNoTrap);
    CHECK(m.watch_hit(dw, 0, 8, true, va_watch(dcu::kVr | dcu::kVw, 0)) == kNoTrap);
}

TEST_CASE("the PA watchpoint compares PA<42:3>, and the VA watchpoint comes first") {
    CheetahMmu m;
    write_reg(m, Side::Data, kVaPaWatchpoint, 0x7ff00000040);
    write_reg(m, Side::Data, kVaVaWatchpoint, 0x2040);
    const uint64_t pa_only = pa_watch(dcu::kPr | dcu::kPw, 0xff);
    CHECK(m.watch_hit(0x9999, 0x7ff00000044, 2, false, pa_only) == kTrapPaWatchpoint);
    CHECK(m.watch_hit(0x9999, 0x7ff00000048, 2, false, pa_only) == kNoTrap);
    CHECK(m.watch_hit(0x9999, 0x7ff00000044, 2, true, pa_watch(dcu::kPr, 0xff)) == kNoTrap);
    const uint64_t both = pa_only | va_watch(dcu::kVr | dcu::kVw, 0xff);
    CHECK(m.watch_hit(0x2040, 0x7ff00000040, 8, true, both) == kTrapVaWatchpoint);
}

TEST_CASE("a watchpoint hit records D-SFSR and SFAR, a check alone records nothing") {
    CheetahMmu m;
    write_reg(m, Side::Data, kVaVaWatchpoint, 0x4000);
    const uint64_t dcu_value = va_watch(dcu::kVw, 0xff);
    MmuRequest r = request(0x4004, AccessKind::Write);
    CHECK(m.watch_hit(r.va, 0, 4, true, dcu_value) == kTrapVaWatchpoint);
    CHECK(read_reg(m, Side::Data, kVaSfsr) == 0);
    CHECK(m.watchpoint(r, 0x4004, 4, dcu_value) == kTrapVaWatchpoint);
    const uint64_t s = read_reg(m, Side::Data, kVaSfsr);
    CHECK((s & sfsr::kFv) != 0);
    CHECK((s & sfsr::kW) != 0);
    CHECK(read_reg(m, Side::Data, kVaSfar) == 0x4004);
    // An access outside the watched doubleword does not trap.
    CHECK(m.watchpoint(request(0x4010, AccessKind::Write), 0x4010, 4, dcu_value) == kNoTrap);
}
