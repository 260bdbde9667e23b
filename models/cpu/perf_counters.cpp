#include "perf_counters.h"

#include <algorithm>

namespace fireplane::sparc {

namespace {

// The UltraSPARC III Cu event encodings (the part's user's manual); events
// the model cannot produce yet simply stay at zero.
constexpr CounterUnit E = CounterUnit::Events, C = CounterUnit::Cycles;
constexpr MemOp None = MemOp::None, Ld = MemOp::Load, St = MemOp::Store, LdSt = MemOp::LoadStore,
                Npr = MemOp::NotProgramRelated;
const std::vector<CounterEvent> kEvents = {
    {"Cycle_cnt", Event::CycleCnt, 0, 0x00, C, None, "CPU cycles"},
    {"Instr_cnt", Event::InstrCnt, 0, 0x01, E, None, "instructions completed"},
    {"Dispatch0_IC_miss", Event::Dispatch0IcMiss, 0, 0x02, C, None,
     "cycles the instruction buffer was empty after an I-cache miss"},
    {"Dispatch0_br_target", Event::Dispatch0BrTarget, 0, 0x03, C, None,
     "cycles the instruction queue was empty after a taken branch (its target being fetched)"},
    {"Rstall_storeQ", Event::RstallStoreQ, 0, 0x05, C, St, "cycles stalled on a full store queue"},
    {"Rstall_IU_use", Event::RstallIuUse, 0, 0x06, C, None,
     "cycles dispatch waited for an integer result (loads, multi-cycle operations)"},
    {"IC_ref", Event::IcRef, 0, 0x08, E, None, "I-cache references"},
    {"DC_rd", Event::DcRd, 0, 0x09, E, Ld, "D-cache read references"},
    {"DC_wr", Event::DcWr, 0, 0x0a, E, St, "D-cache write references"},
    {"EC_ref", Event::EcRef, 0, 0x0c, E, LdSt, "E-cache references"},
    {"EC_write_hit_RTO", Event::EcWriteHitRto, 0, 0x0d, E, St,
     "E-cache writes hitting a shared line (RTO)"},
    {"EC_snoop_inv", Event::EcSnoopInv, 0, 0x0e, E, Npr, "E-cache lines invalidated by snoops"},
    {"EC_rd_miss", Event::EcRdMiss, 0, 0x0f, E, Ld, "E-cache read misses"},
    {"SI_owned", Event::SiOwned, 0, 0x13, E, LdSt, "snoops that found the line owned here"},
    {"SW_count_0", Event::SwCount, 0, 0x14, E, None,
     "executions of the sethi %hi(0xfc000), %g0 marker"},
    {"IU_Stat_Br_miss_taken", Event::IuStatBrMissTaken, 0, 0x15, E, None,
     "conditional branches taken and mispredicted"},
    {"IU_Stat_Br_count_taken", Event::IuStatBrCountTaken, 0, 0x16, E, None,
     "conditional branches taken"},
    {"Cycle_cnt", Event::CycleCnt, 1, 0x00, C, None, "CPU cycles"},
    {"Instr_cnt", Event::InstrCnt, 1, 0x01, E, None, "instructions completed"},
    {"Dispatch0_mispred", Event::Dispatch0Mispred, 1, 0x02, C, None,
     "cycles the instruction queue was empty after a mispredicted branch"},
    {"Re_DC_miss", Event::ReDcMiss, 1, 0x06, C, Ld, "cycles stalled on D-cache misses"},
    {"Re_EC_miss", Event::ReEcMiss, 1, 0x07, C, Ld, "cycles stalled on E-cache misses"},
    {"IC_miss", Event::IcMiss, 1, 0x08, E, None, "I-cache misses"},
    {"DC_rd_miss", Event::DcRdMiss, 1, 0x09, E, Ld, "D-cache read misses"},
    {"DC_wr_miss", Event::DcWrMiss, 1, 0x0a, E, St, "D-cache write misses"},
    {"Rstall_FP_use", Event::RstallFpUse, 1, 0x0b, C, None,
     "cycles dispatch waited for an FP result"},
    {"EC_misses", Event::EcMisses, 1, 0x0c, E, LdSt, "E-cache misses"},
    {"EC_wb", Event::EcWb, 1, 0x0d, E, LdSt, "E-cache writebacks"},
    {"EC_snoop_cb", Event::EcSnoopCb, 1, 0x0e, E, Npr,
     "E-cache lines copied back to another cache"},
    {"SW_count_1", Event::SwCount, 1, 0x1c, E, None,
     "executions of the sethi %hi(0xfc000), %g0 marker"},
    {"IU_Stat_Br_miss_untaken", Event::IuStatBrMissUntaken, 1, 0x1d, E, None,
     "conditional branches not taken and mispredicted"},
    {"IU_Stat_Br_count_untaken", Event::IuStatBrCountUntaken, 1, 0x1e, E, None,
     "conditional branches not taken"},
    {"Re_RAW_miss", Event::ReRawMiss, 1, 0x26, C, Ld, "cycles stalled on read-after-write hazards"},
};

constexpr uint64_t kNever = ~uint64_t(0);

} // namespace

const std::vector<CounterEvent>& counter_events() {
    return kEvents;
}

const CounterEvent* find_counter_event(unsigned pic, unsigned code) {
    for (const CounterEvent& e : kEvents)
        if (e.pic == pic && e.code == code) return &e;
    return nullptr;
}

const char* memop_name(MemOp op) {
    static const char* const kNames[] = {"", "load", "store", "load-store", "not-program-related"};
    return kNames[unsigned(op)];
}

const char* event_name(Event event) {
    for (const CounterEvent& e : kEvents)
        if (e.event == event) return e.name;
    return "?";
}

void PerfCounters::set_mode(bool privileged, Now now) {
    if (privileged == privileged_) return;
    auto& bank = banks_[privileged_];
    bank[unsigned(Event::InstrCnt)] += now.instructions - mode_start_.instructions;
    bank[unsigned(Event::CycleCnt)] += now.cycles - mode_start_.cycles;
    mode_start_ = now;
    privileged_ = privileged;
    bank_ = banks_[privileged].data();
}

uint64_t PerfCounters::pic_half(unsigned pic, Now now) const {
    return uint64_t(pic_base_[pic]) + (selected(pic, now) - pic_origin_[pic]);
}

void PerfCounters::rebase(Now now) {
    for (unsigned pic = 0; pic < 2; ++pic) {
        pic_origin_[pic] = selected(pic, now);
        wraps_seen_[pic] = 0;
        set_next_wrap(pic);
    }
}

uint64_t PerfCounters::read_pic(Now now) const {
    return (uint64_t(uint32_t(pic_half(1, now))) << 32) | uint32_t(pic_half(0, now));
}

void PerfCounters::write_pic(uint64_t value, Now now) {
    pic_base_[0] = uint32_t(value);
    pic_base_[1] = uint32_t(value >> 32);
    rebase(now);
}

// The counters keep their values; from now on they count the new selection.
void PerfCounters::write_pcr(uint64_t value, Now now) {
    for (unsigned pic = 0; pic < 2; ++pic)
        pic_base_[pic] = uint32_t(pic_half(pic, now));
    pcr_ = value;
    select();
    rebase(now);
}

void PerfCounters::select() {
    selection_[0] = find_counter_event(0, unsigned(pcr_ >> kPcrSlShift) & 0x3f);
    selection_[1] = find_counter_event(1, unsigned(pcr_ >> kPcrSuShift) & 0x3f);
}

unsigned PerfCounters::wrap(unsigned pic, Now now) {
    wraps_seen_[pic] = pic_half(pic, now) >> 32;
    set_next_wrap(pic);
    return 1u << pic;
}

void PerfCounters::set_next_wrap(unsigned pic) {
    next_wrap_[pic] = pic_origin_[pic] + ((wraps_seen_[pic] + 1) << 32) - pic_base_[pic];
}

uint64_t PerfCounters::instructions_to_overflow(Now now) const {
    uint64_t limit = kNever;
    for (unsigned pic = 0; pic < 2; ++pic) {
        const CounterEvent* e = selection_[pic];
        if (!e || (e->event != Event::InstrCnt && e->event != Event::CycleCnt)) continue;
        const uint64_t left = ((wraps_seen_[pic] + 1) << 32) - pic_half(pic, now);
        // Up to four instructions retire a cycle, so a cycle counter can wrap 4x sooner.
        limit = std::min(limit, e->event == Event::InstrCnt ? left : left / 4 + 1);
    }
    return limit;
}

} // namespace fireplane::sparc
