#include "state_registers.h"

#include "sparc_core.h"

namespace fireplane::sparc {

namespace {

bool pic_user_readable(const SparcCore& c) {
    return (c.pstate & kPstatePriv) || !(c.counters.pcr() & kPcrPriv);
}
bool has_trap_level(const SparcCore& c) {
    return c.tl > 0 || c.trap_registers_at_tl0;
}
// TICK.NPT and STICK.NPT: set at reset, so user code may read them only once firmware allows.
bool tick_user_readable(const SparcCore& c) {
    return (c.pstate & kPstatePriv) || !c.timers.tick_npt();
}
bool stick_user_readable(const SparcCore& c) {
    return (c.pstate & kPstatePriv) || !c.timers.stick_npt();
}

// Writes that may let an interrupt in, or move a timer.
void write_softint(SparcCore& c, uint64_t v) {
    c.softint = v & 0x1ffff;
    c.update_interrupts();
}
void write_tick(SparcCore& c, uint64_t v) {
    c.timers.write_tick(c.cycles(), v);
    c.update_interrupts();
}

// A write to PCR or PIC takes effect once the writing instruction has retired,
// so the first instruction it counts is the next one.
PerfCounters::Now after_this(const SparcCore& c) {
    PerfCounters::Now now = c.counter_now();
    return {now.instructions + 1, now.cycles + 1};
}

void write_cwp(SparcCore& c, uint64_t v) {
    c.set_cwp(unsigned(v % kNumWindows));
}

const StateRegister kAsrs[] = {
    {0, "%y", false, [](const SparcCore& c) { return c.y; },
     [](SparcCore& c, uint64_t v) { c.y = uint32_t(v); }},
    {2, "%ccr", false, [](const SparcCore& c) { return uint64_t(c.ccr); },
     [](SparcCore& c, uint64_t v) { c.ccr = uint8_t(v); }},
    {3, "%asi", false, [](const SparcCore& c) { return uint64_t(c.asi); },
     [](SparcCore& c, uint64_t v) { c.asi = uint8_t(v); }},
    {4, "%tick", false, [](const SparcCore& c) { return c.tick(); }, nullptr, tick_user_readable},
    {5, "%pc", false, [](const SparcCore& c) { return c.pc; }, nullptr},
    {6, "%fprs", false, [](const SparcCore& c) { return uint64_t(c.fprs); },
     [](SparcCore& c, uint64_t v) { c.fprs = uint8_t(v & 7); }},
    // User code may program the counters directly: there is no kernel in user mode.
    {16, "%pcr", false, [](const SparcCore& c) { return c.counters.pcr(); },
     [](SparcCore& c, uint64_t v) { c.counters.write_pcr(v, after_this(c)); }},
    {17, "%pic", false, [](const SparcCore& c) { return c.counters.read_pic(c.counter_now()); },
     [](SparcCore& c, uint64_t v) { c.counters.write_pic(v, after_this(c)); }, pic_user_readable},
    {18, "%dcr", true, [](const SparcCore& c) { return c.dispatch_control; },
     [](SparcCore& c, uint64_t v) { c.dispatch_control = v; }},
    {19, "%gsr", false, [](const SparcCore& c) { return c.gsr; },
     [](SparcCore& c, uint64_t v) { c.write_gsr(v); }},
    {20, "%set_softint", true, nullptr,
     [](SparcCore& c, uint64_t v) { write_softint(c, c.softint | v); }},
    {21, "%clear_softint", true, nullptr,
     [](SparcCore& c, uint64_t v) { write_softint(c, c.softint & ~v); }},
    {22, "%softint", true, [](const SparcCore& c) { return c.softint; }, write_softint},
    {23, "%tick_cmpr", true, [](const SparcCore& c) { return c.timers.tick_cmpr(); },
     [](SparcCore& c, uint64_t v) {
         c.timers.write_tick_cmpr(c.cycles(), v);
         c.update_interrupts();
     }},
    {24, "%stick", false, [](const SparcCore& c) { return c.stick(); },
     [](SparcCore& c, uint64_t v) {
         c.timers.write_stick(c.cycles(), v);
         c.update_interrupts();
     },
     stick_user_readable, true},
    {25, "%stick_cmpr", true, [](const SparcCore& c) { return c.timers.stick_cmpr(); },
     [](SparcCore& c, uint64_t v) {
         c.timers.write_stick_cmpr(c.cycles(), v);
         c.update_interrupts();
     }},
};

const StateRegister kPrivileged[] = {
    {0, "%tpc", true, [](const SparcCore& c) { return c.trap_stack[c.tl].tpc; },
     [](SparcCore& c, uint64_t v) { c.trap_stack[c.tl].tpc = v; }, has_trap_level},
    {1, "%tnpc", true, [](const SparcCore& c) { return c.trap_stack[c.tl].tnpc; },
     [](SparcCore& c, uint64_t v) { c.trap_stack[c.tl].tnpc = v; }, has_trap_level},
    {2, "%tstate", true, [](const SparcCore& c) { return c.trap_stack[c.tl].tstate; },
     [](SparcCore& c, uint64_t v) { c.trap_stack[c.tl].tstate = v; }, has_trap_level},
    {3, "%tt", true, [](const SparcCore& c) { return uint64_t(c.trap_stack[c.tl].tt); },
     [](SparcCore& c, uint64_t v) { c.trap_stack[c.tl].tt = uint16_t(v & 0x1ff); }, has_trap_level},
    {4, "%tick", true, [](const SparcCore& c) { return c.tick(); }, write_tick},
    {5, "%tba", true, [](const SparcCore& c) { return c.tba; },
     [](SparcCore& c, uint64_t v) { c.tba = v & ~uint64_t(0x7fff); }},
    {6, "%pstate", true, [](const SparcCore& c) { return uint64_t(c.pstate); },
     [](SparcCore& c, uint64_t v) { c.set_pstate(uint16_t(v & 0xfff)); }},
    {7, "%tl", true, [](const SparcCore& c) { return uint64_t(c.tl); },
     [](SparcCore& c, uint64_t v) {
         c.tl = unsigned(v > kMaxTl ? kMaxTl : v);
         c.check_regime();
     }},
    {8, "%pil", true, [](const SparcCore& c) { return uint64_t(c.pil); },
     [](SparcCore& c, uint64_t v) {
         c.pil = unsigned(v & 0xf);
         c.update_interrupts();
     }},
    {9, "%cwp", true, [](const SparcCore& c) { return uint64_t(c.cwp); }, write_cwp},
    {10, "%cansave", true, [](const SparcCore& c) { return uint64_t(c.cansave); },
     [](SparcCore& c, uint64_t v) { c.cansave = unsigned(v % kNumWindows); }},
    {11, "%canrestore", true, [](const SparcCore& c) { return uint64_t(c.canrestore); },
     [](SparcCore& c, uint64_t v) { c.canrestore = unsigned(v % kNumWindows); }},
    {12, "%cleanwin", true, [](const SparcCore& c) { return uint64_t(c.cleanwin); },
     [](SparcCore& c, uint64_t v) { c.cleanwin = unsigned(v % kNumWindows); }},
    {13, "%otherwin", true, [](const SparcCore& c) { return uint64_t(c.otherwin); },
     [](SparcCore& c, uint64_t v) { c.otherwin = unsigned(v % kNumWindows); }},
    {14, "%wstate", true, [](const SparcCore& c) { return uint64_t(c.wstate); },
     [](SparcCore& c, uint64_t v) { c.wstate = unsigned(v & 0x3f); }},
    {31, "%ver", true, [](const SparcCore&) { return kVersionRegister; }, nullptr},
};

template <size_t N> const StateRegister* find_in(const StateRegister (&table)[N], unsigned number) {
    for (const StateRegister& r : table)
        if (r.number == number) return &r;
    return nullptr;
}

} // namespace

const StateRegister* find_asr(unsigned number) {
    return find_in(kAsrs, number);
}
const StateRegister* find_privileged_register(unsigned number) {
    return find_in(kPrivileged, number);
}

} // namespace fireplane::sparc
