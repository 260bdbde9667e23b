#pragma once
// TICK and STICK with their compare registers (SPARC JPS1, "TICK_COMPARE"
// and "STICK_COMPARE"). TICK counts CPU cycles; STICK counts the system
// clock, so it keeps time when the CPU's clock changes. Both are 63-bit
// counters under a bit 63 (NPT: non-privileged reads trap). A compare
// register matches when its counter reaches its value and bit 63 (INT_DIS)
// is clear; the match sets a SOFTINT bit, TICK_INT (0) or STICK_INT (16),
// which interrupts at level 14.
//
// Everything is kept in CPU cycles: a counter is an offset from the core's
// cycle count, and a compare is the cycle at which it will match, so the
// core checks one number per chain of instructions.
#include "core/checkpoint/state_io.h"

#include <cstdint>

namespace fireplane::sparc {

class CpuTimers {
public:
    static constexpr uint64_t kBit63 = uint64_t(1) << 63; // NPT, INT_DIS
    static constexpr uint64_t kCountMask = kBit63 - 1;
    static constexpr uint64_t kTickInt = 1; // SOFTINT bits
    static constexpr uint64_t kStickInt = uint64_t(1) << 16;
    static constexpr uint64_t kNever = ~uint64_t(0);

    // STICK advances stick_hz / clock_hz per CPU cycle; 0 for either: as TICK.
    void set_stick_rate(uint64_t stick_hz, uint64_t clock_hz);
    // The power-on reset: NPT set in both, both compares disabled.
    void reset(uint64_t cycles);

    uint64_t tick(uint64_t cycles) const;
    void write_tick(uint64_t cycles, uint64_t value);
    uint64_t stick(uint64_t cycles) const;
    void write_stick(uint64_t cycles, uint64_t value);
    uint64_t tick_cmpr() const { return tick_cmpr_; }
    void write_tick_cmpr(uint64_t cycles, uint64_t value);
    uint64_t stick_cmpr() const { return stick_cmpr_; }
    void write_stick_cmpr(uint64_t cycles, uint64_t value);
    bool tick_npt() const { return tick_npt_; }
    bool stick_npt() const { return stick_npt_; }

    // The first cycle at which a compare will match; kNever for none.
    uint64_t next_match() const { return tick_at_ < stick_at_ ? tick_at_ : stick_at_; }
    // SOFTINT bits of the compares that have matched by `cycles`; each match is taken once.
    uint64_t take_matches(uint64_t cycles);
    void checkpoint(StateIo& io); // core_checkpoint.cpp

private:
    uint64_t stick_count(uint64_t cycles) const;   // the 63-bit STICK count
    uint64_t cycle_of_stick(uint64_t count) const; // first cycle STICK reaches `count`
    void arm_tick(uint64_t cycles);
    void arm_stick(uint64_t cycles);

    uint64_t tick_offset_ = 0;  // TICK count = cycles + offset
    uint64_t stick_offset_ = 0; // STICK count = cycles * rate + offset
    uint64_t stick_hz_ = 0, clock_hz_ = 0;
    bool tick_npt_ = false, stick_npt_ = false; // user mode reads them (Linux's default)
    uint64_t tick_cmpr_ = kBit63, stick_cmpr_ = kBit63;
    uint64_t tick_at_ = kNever, stick_at_ = kNever; // the cycles the compares match at
};

} // namespace fireplane::sparc
