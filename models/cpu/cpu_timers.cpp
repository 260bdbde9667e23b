#include "cpu_timers.h"

namespace fireplane::sparc {

namespace {
using u128 = unsigned __int128;
}

void CpuTimers::set_stick_rate(uint64_t stick_hz, uint64_t clock_hz) {
    stick_hz_ = stick_hz && clock_hz ? stick_hz : 0;
    clock_hz_ = stick_hz && clock_hz ? clock_hz : 0;
}

void CpuTimers::reset(uint64_t cycles) {
    tick_npt_ = stick_npt_ = true;
    write_tick_cmpr(cycles, kBit63);
    write_stick_cmpr(cycles, kBit63);
}

uint64_t CpuTimers::tick(uint64_t cycles) const {
    return ((cycles + tick_offset_) & kCountMask) | (tick_npt_ ? kBit63 : 0);
}

void CpuTimers::write_tick(uint64_t cycles, uint64_t value) {
    tick_npt_ = value & kBit63;
    tick_offset_ = (value & kCountMask) - cycles;
    arm_tick(cycles);
}

uint64_t CpuTimers::stick_count(uint64_t cycles) const {
    const uint64_t scaled = clock_hz_ ? uint64_t(u128(cycles) * stick_hz_ / clock_hz_) : cycles;
    return (scaled + stick_offset_) & kCountMask;
}

uint64_t CpuTimers::cycle_of_stick(uint64_t count) const {
    const uint64_t scaled = count - stick_offset_; // STICK ticks since cycle 0
    if (!clock_hz_) return scaled;
    return uint64_t((u128(scaled) * clock_hz_ + stick_hz_ - 1) / stick_hz_);
}

uint64_t CpuTimers::stick(uint64_t cycles) const {
    return stick_count(cycles) | (stick_npt_ ? kBit63 : 0);
}

void CpuTimers::write_stick(uint64_t cycles, uint64_t value) {
    stick_npt_ = value & kBit63;
    stick_offset_ = 0;
    stick_offset_ = (value & kCountMask) - stick_count(cycles);
    arm_stick(cycles);
}

void CpuTimers::write_tick_cmpr(uint64_t cycles, uint64_t value) {
    tick_cmpr_ = value;
    arm_tick(cycles);
}

void CpuTimers::write_stick_cmpr(uint64_t cycles, uint64_t value) {
    stick_cmpr_ = value;
    arm_stick(cycles);
}

// A compare matches when the count reaches it: one already passed waits for
// the counter to wrap, 2^63 cycles on, which no run reaches.
void CpuTimers::arm_tick(uint64_t cycles) {
    const uint64_t now = (cycles + tick_offset_) & kCountMask;
    const uint64_t target = tick_cmpr_ & kCountMask;
    tick_at_ = (tick_cmpr_ & kBit63) || target <= now ? kNever : cycles + (target - now);
}

void CpuTimers::arm_stick(uint64_t cycles) {
    const uint64_t target = stick_cmpr_ & kCountMask;
    stick_at_ =
        (stick_cmpr_ & kBit63) || target <= stick_count(cycles) ? kNever : cycle_of_stick(target);
}

uint64_t CpuTimers::take_matches(uint64_t cycles) {
    uint64_t bits = 0;
    if (cycles >= tick_at_) bits |= kTickInt, tick_at_ = kNever;
    if (cycles >= stick_at_) bits |= kStickInt, stick_at_ = kNever;
    return bits;
}

} // namespace fireplane::sparc
