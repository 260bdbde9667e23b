#pragma once
// The UltraSPARC III Cu performance counters: PCR (ASR 16) selects an event
// for each half of PIC (ASR 17), and UT/ST choose user and supervisor mode.
// Every event of the table below is counted all the time, per mode, so the
// host can read any of them at any time without disturbing PIC.
#include "core/checkpoint/state_io.h"

#include <array>
#include <cstdint>
#include <vector>

namespace fireplane::sparc {

enum class Event : uint8_t {
    CycleCnt,
    InstrCnt,
    RstallStoreQ,
    IcRef,
    DcRd,
    DcWr,
    EcRef,
    EcWriteHitRto,
    EcSnoopInv,
    EcRdMiss,
    SiOwned,
    SwCount,
    ReDcMiss,
    ReEcMiss,
    IcMiss,
    DcRdMiss,
    DcWrMiss,
    EcMisses,
    EcWb,
    EcSnoopCb,
    ReRawMiss,
    Dispatch0IcMiss,
    Dispatch0BrTarget,
    Dispatch0Mispred,
    RstallIuUse,
    RstallFpUse,
    IuStatBrCountTaken,
    IuStatBrMissTaken,
    IuStatBrCountUntaken,
    IuStatBrMissUntaken,
    kCount
};
constexpr unsigned kEventCount = unsigned(Event::kCount);

// What an event counts, as profiling tools show it: CPU cycles (shown as
// time) or events; and which instructions cause it, so that a backtracking
// search knows what to look for. Not-program-related events (other agents'
// snoops) have no causing instruction at all.
enum class CounterUnit : uint8_t { Events, Cycles };
enum class MemOp : uint8_t { None, Load, Store, LoadStore, NotProgramRelated };
const char* memop_name(MemOp op); // "", "load", "store", "load-store", "not-program-related"

// One row per PCR encoding: counter register (0 = PIC0 via PCR.SL, 1 = PIC1
// via PCR.SU), its code, and the event it counts.
struct CounterEvent {
    const char* name;
    Event event;
    unsigned pic;
    unsigned code;
    CounterUnit unit;
    MemOp memop;
    const char* description;
};

const std::vector<CounterEvent>& counter_events();
const CounterEvent* find_counter_event(unsigned pic, unsigned code);
const char* event_name(Event event); // the first name the table gives it

// PCR fields.
constexpr uint64_t kPcrPriv = 1 << 0, kPcrSt = 1 << 1, kPcrUt = 1 << 2;
constexpr unsigned kPcrSlShift = 4, kPcrSuShift = 11;

class PerfCounters {
public:
    PerfCounters() { select(); }

    // Counting, on the hot path: into the bank of the current mode.
    void count(Event e, uint64_t n = 1) { bank_[unsigned(e)] += n; }
    // Takes back one count of `e` for an access that is left to be made again
    // (a device access a compiled block refused: SparcCore::block_ahead).
    void uncount(Event e) { --bank_[unsigned(e)]; }
    // Where the current bank's address is kept, for compiled code (jit/) that counts.
    uint64_t* const* current_bank() const { return &bank_; }

    // Cycles and instructions are not counted one by one: the core passes
    // its running totals, and a mode change banks them.
    struct Now {
        uint64_t instructions;
        uint64_t cycles;
    };
    void set_mode(bool privileged, Now now);

    // Total of `e` in the modes given (both: every count), now.
    uint64_t total(Event e, bool user, bool supervisor, Now now) const {
        uint64_t sum =
            (user ? banks_[0][unsigned(e)] : 0) + (supervisor ? banks_[1][unsigned(e)] : 0);
        const bool current = privileged_ ? supervisor : user;
        if (current && e == Event::InstrCnt) sum += now.instructions - mode_start_.instructions;
        if (current && e == Event::CycleCnt) sum += now.cycles - mode_start_.cycles;
        return sum;
    }

    uint64_t pcr() const { return pcr_; }
    void write_pcr(uint64_t value, Now now);
    uint64_t read_pic(Now now) const;
    void write_pic(uint64_t value, Now now);
    bool counting() const { return pcr_ & (kPcrUt | kPcrSt); }
    // The PIC halves (bit 0: PIC0, bit 1: PIC1) that wrapped since the last
    // call, each once (SOFTINT bit 15).
    unsigned take_overflow(Now now) { // checked after every instruction while counting
        unsigned wrapped = 0;
        for (unsigned pic = 0; pic < 2; ++pic)
            if (selection_[pic] && selected(pic, now) >= next_wrap_[pic]) wrapped |= wrap(pic, now);
        return wrapped;
    }
    // The row PCR selects for PIC half `pic`, or null.
    const CounterEvent* selection(unsigned pic) const { return selection_[pic]; }
    // Instructions until a PIC half counting cycles or instructions wraps (or ~0).
    uint64_t instructions_to_overflow(Now now) const;
    void checkpoint(StateIo& io); // core_checkpoint.cpp

private:
    uint64_t selected(unsigned pic, Now now) const { // running total of the selected event
        const CounterEvent* e = selection_[pic];
        return e ? total(e->event, pcr_ & kPcrUt, pcr_ & kPcrSt, now) : 0;
    }
    unsigned wrap(unsigned pic, Now now); // a half has wrapped: its bit, and the next threshold
    void set_next_wrap(unsigned pic);
    uint64_t pic_half(unsigned pic, Now now) const;
    void rebase(Now now);
    void select(); // selection_ from PCR

    std::array<std::array<uint64_t, kEventCount>, 2> banks_{}; // [privileged][event]
    uint64_t* bank_ = banks_[0].data();
    bool privileged_ = false;
    Now mode_start_{0, 0};
    uint64_t pcr_ = 0;
    const CounterEvent* selection_[2] = {}; // the rows PCR.SL and PCR.SU select (null: none)
    uint32_t pic_base_[2] = {0, 0};         // PIC halves when last written ...
    uint64_t pic_origin_[2] = {0, 0};       // ... and the selected totals then
    uint64_t wraps_seen_[2] = {0, 0};
    uint64_t next_wrap_[2] = {0, 0}; // the selected total at which each half wraps next
};

} // namespace fireplane::sparc
