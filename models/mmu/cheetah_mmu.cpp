#include "cheetah_mmu.h"

#include "fault_policy.h"

#include <cstdio>
#include <cstdlib>

namespace fireplane::mmu {

namespace {

[[noreturn]] void model_bug(const char* what, unsigned value) {
    std::fprintf(stderr, "CheetahMmu: %s 0x%x (model bug)\n", what, value);
    std::abort();
}

Translation hit_result(const TlbEntry& e, uint64_t va) {
    Translation t;
    t.pa = tte::physical_address(e.data, va);
    t.page_shift = uint8_t(tte::page_shift(tte::size_code(e.data)));
    t.cacheable = e.data & tte::kCp;
    t.virtually_cacheable = e.data & tte::kCv;
    t.side_effect = e.data & tte::kE;
    t.invert_endian = e.data & tte::kIe;
    t.no_fault_only = e.data & tte::kNfo;
    t.writable = e.data & tte::kW;
    return t;
}

// MMU off: the low 43 bits are the physical address.
Translation bypass(uint64_t va) {
    Translation t;
    t.pa = va & tte::kPhysicalMask;
    t.cacheable = t.virtually_cacheable = t.writable = true;
    return t;
}

} // namespace

CheetahMmu::CheetahMmu() : CheetahMmu(Config{}) {}

CheetahMmu::CheetahMmu(const Config& config) : config_(config) {
    if (config_.va_bits < 32 || config_.va_bits > 64) model_bug("va_bits", config_.va_bits);
    reset();
}

void CheetahMmu::reset() {
    regs_ = {};
    for (Side side : {Side::Instruction, Side::Data}) {
        const Table t = register_table(side);
        for (size_t i = 0; i < t.count; ++i)
            if (t.rows[i].field) regs_.*(t.rows[i].field) = t.rows[i].reset;
    }
    i_t16_.clear();
    d_t16_.clear();
    i_t128_.clear();
    d_t512_0_.clear();
    d_t512_1_.clear();
    i_lfsr_.reset();
    d_lfsr_.reset();
    immu_on_ = dmmu_on_ = false;
    i_fault_context_ = d_fault_context_ = ContextSel::Primary;
    d_fault_64k_ = false;
    changed();
}

void CheetahMmu::set_enabled(bool immu, bool dmmu) {
    if (immu == immu_on_ && dmmu == dmmu_on_) return;
    immu_on_ = immu;
    dmmu_on_ = dmmu;
    changed();
}

unsigned CheetahMmu::context_value(ContextSel sel) const {
    switch (sel) {
    case ContextSel::Primary: return tte::tag_context(regs_.primary_context);
    case ContextSel::Secondary: return tte::tag_context(regs_.secondary_context);
    default: return 0;
    }
}

// The page sizes of dT512_0 and dT512_1 for the context of an access.
CheetahMmu::PageSizes CheetahMmu::page_sizes(ContextSel sel) const {
    using namespace ctxreg;
    const uint64_t p = regs_.primary_context;
    switch (sel) {
    case ContextSel::Primary:
        return {unsigned(p >> kPgsz0Shift) & 7, unsigned(p >> kPgsz1Shift) & 7};
    case ContextSel::Secondary: {
        const uint64_t s = regs_.secondary_context;
        return {unsigned(s >> kPgsz0Shift) & 7, unsigned(s >> kPgsz1Shift) & 7};
    }
    default: return {unsigned(p >> kNucPgsz0Shift) & 7, unsigned(p >> kNucPgsz1Shift) & 7};
    }
}

bool CheetahMmu::va_in_range(uint64_t va) const {
    if (config_.va_bits >= 64) return true;
    const unsigned unused = 64 - config_.va_bits;
    return uint64_t(int64_t(va << unused) >> unused) == va;
}

CheetahMmu::Hit CheetahMmu::lookup(Side side, uint64_t va, ContextSel sel) const {
    const unsigned ctx = context_value(sel);
    auto find_t16 = [&](const FullyAssociativeTlb& t16) -> Hit {
        for (unsigned i = 0; i < FullyAssociativeTlb::kEntries; ++i)
            if (t16.entry(i).matches(va, ctx)) return {&t16.entry(i), kTlbT16, i};
        return {};
    };
    auto find_set = [&](const SetAssociativeTlb& t, uint8_t id, unsigned size) -> Hit {
        const unsigned set = t.set_of(va, size);
        for (unsigned way = 0; way < SetAssociativeTlb::kWays; ++way) {
            const unsigned index = way * t.sets() + set;
            if (t.entry(index).matches(va, ctx)) return {&t.entry(index), id, index};
        }
        return {};
    };
    if (side == Side::Instruction) {
        Hit h = find_t16(i_t16_);
        return h.entry ? h : find_set(i_t128_, kTlbIT128, 0);
    }
    Hit h = find_t16(d_t16_);
    if (h.entry) return h;
    const PageSizes ps = page_sizes(sel);
    h = find_set(d_t512_0_, kTlbT512_0, ps.pgsz0);
    return h.entry ? h : find_set(d_t512_1_, kTlbT512_1, ps.pgsz1);
}

template <class Self>
auto& CheetahMmu::entry_of(Self& self, Side side, uint8_t tlb, unsigned index) {
    if (side == Side::Instruction)
        return tlb == kTlbT16 ? self.i_t16_.entry(index) : self.i_t128_.entry(index);
    if (tlb == kTlbT16) return self.d_t16_.entry(index);
    return tlb == kTlbT512_0 ? self.d_t512_0_.entry(index) : self.d_t512_1_.entry(index);
}

TlbEntry& CheetahMmu::entry_ref(Side side, uint8_t tlb, unsigned index) {
    return entry_of(*this, side, tlb, index);
}

const TlbEntry& CheetahMmu::tlb_entry(Side side, uint8_t tlb, unsigned index) const {
    return entry_of(*this, side, tlb, index);
}

void CheetahMmu::count_hit(Side side, uint8_t tlb) {
    if (side == Side::Instruction)
        ++(tlb == kTlbT16 ? stats.i_t16_hits : stats.i_t128_hits);
    else if (tlb == kTlbT16)
        ++stats.d_t16_hits;
    else
        ++(tlb == kTlbT512_0 ? stats.d_t512_0_hits : stats.d_t512_1_hits);
}

Translation CheetahMmu::translate(const MmuRequest& request) {
    const bool fetch = request.kind == AccessKind::Fetch;
    const Side side = fetch ? Side::Instruction : Side::Data;
    if (!(fetch ? immu_on_ : dmmu_on_)) return bypass(request.va);
    const uint16_t exception = fetch ? kTrapInstructionAccessException : kTrapDataAccessException;
    if (!va_in_range(request.va)) return fault(request, exception, ft::kVaRange, nullptr);

    const Hit hit = lookup(side, request.va, request.context);
    if (!hit.entry)
        return fault(request,
                     fetch ? kTrapFastInstructionAccessMmuMiss : kTrapFastDataAccessMmuMiss, 0,
                     nullptr);
    const uint64_t d = hit.entry->data;
    uint8_t causes = (d & tte::kP) && !request.privileged ? ft::kPrivilege : 0;
    if (!fetch) {
        if ((d & tte::kNfo) && !request.no_fault) causes |= ft::kNfo;
        if ((d & tte::kE) && request.no_fault) causes |= ft::kSideEffectNf;
        if (!(d & tte::kCp) && request.atomic) causes |= ft::kAtomicNc;
    }
    if (causes) return fault(request, exception, causes, hit.entry);
    if (request.kind == AccessKind::Write && !(d & tte::kW))
        return fault(request, kTrapFastDataAccessProtection, 0, hit.entry);

    count_hit(side, hit.tlb);
    if (hit.tlb == kTlbT16) entry_ref(side, kTlbT16, hit.index).used = true;
    return hit_result(*hit.entry, request.va);
}

Translation CheetahMmu::probe(uint64_t va, Side side, ContextSel context) const {
    const bool fetch = side == Side::Instruction;
    if (!(fetch ? immu_on_ : dmmu_on_)) return bypass(va);
    const Hit hit = lookup(side, va, context);
    if (hit.entry) return hit_result(*hit.entry, va);
    Translation t;
    t.trap = fetch ? kTrapFastInstructionAccessMmuMiss : kTrapFastDataAccessMmuMiss;
    return t;
}

Translation CheetahMmu::fault(const MmuRequest& request, uint16_t trap, uint8_t fault_type,
                              const TlbEntry* entry) {
    switch (trap) {
    case kTrapFastInstructionAccessMmuMiss: ++stats.i_misses; break;
    case kTrapFastDataAccessMmuMiss: ++stats.d_misses; break;
    case kTrapFastDataAccessProtection: ++stats.protection_faults; break;
    case kTrapDataAccessException: ++stats.data_access_exceptions; break;
    default: ++stats.instruction_access_exceptions; break;
    }
    record_fault(request, trap, fault_type, entry && (entry->data & tte::kE), true);
    if (trap == kTrapFastDataAccessProtection) d_fault_64k_ = tte::size_code(entry->data) == 1;
    Translation t;
    t.trap = trap;
    return t;
}

void CheetahMmu::record_fault(const MmuRequest& request, uint16_t trap, uint8_t fault_type,
                              bool side_effect_page, bool from_translation) {
    const FaultPolicy* p = find_fault_policy(trap);
    if (!p) model_bug("the MMU does not record trap", trap);
    const bool i = p->side == Side::Instruction;
    uint64_t status = uint64_t(request.asi) << sfsr::kAsiShift |
                      uint64_t(fault_type & 0x7f) << sfsr::kFtShift |
                      uint64_t(request.context) << sfsr::kCtShift;
    if (request.privileged) status |= sfsr::kPr;
    if (request.kind == AccessKind::Write) status |= sfsr::kW;
    if (side_effect_page) status |= sfsr::kE;
    if (request.no_fault) status |= sfsr::kNf;
    if (p->miss) status |= sfsr::kTm;
    uint64_t& reg = i ? regs_.i_sfsr : regs_.d_sfsr;
    if (p->fault)
        reg = status | sfsr::kFv | (reg & sfsr::kFv ? sfsr::kOw : 0);
    else if (!(reg & sfsr::kFv))
        reg = status;
    if (p->sfar) regs_.sfar = request.va;
    if (!p->tag_access || !from_translation) return;
    const uint64_t tag = tte::make_tag(request.va, context_value(request.context));
    if (i) {
        regs_.i_tag_access = tag;
        i_fault_context_ = request.context;
        return;
    }
    regs_.d_tag_access = tag;
    d_fault_context_ = request.context;
    d_fault_64k_ = false;
    const PageSizes ps = page_sizes(request.context);
    regs_.tag_access_ext = uint64_t(ps.pgsz0) << ctxreg::kPgsz0Shift | uint64_t(ps.pgsz1)
                                                                           << ctxreg::kPgsz1Shift;
}

void CheetahMmu::report_data_fault(const MmuRequest& request, uint16_t trap, uint8_t fault_type) {
    record_fault(request, trap, fault_type, false, false);
}

// Demap page removes what a lookup of VA in the selected context would hit,
// in every TLB, locked or not (global entries match any context). Demap
// context removes the context's non-global entries, locked or not. Demap all
// removes every entry but the locked ones.
void CheetahMmu::demap(Side side, unsigned type, ContextSel sel, uint64_t va) {
    const unsigned ctx = context_value(sel);
    auto kill = [](TlbEntry& e) {
        e.data = 0;
        e.used = false;
    };
    auto each = [&](auto&& fn) {
        FullyAssociativeTlb& t16 = side == Side::Instruction ? i_t16_ : d_t16_;
        for (unsigned i = 0; i < t16.size(); ++i)
            fn(t16.entry(i));
        SetAssociativeTlb* const sets[2] = {side == Side::Instruction ? &i_t128_ : &d_t512_0_,
                                            side == Side::Instruction ? nullptr : &d_t512_1_};
        for (SetAssociativeTlb* t : sets)
            for (unsigned i = 0; t && i < t->size(); ++i)
                fn(t->entry(i));
    };
    if (type == 0) {
        ++stats.demap_page;
        FullyAssociativeTlb& t16 = side == Side::Instruction ? i_t16_ : d_t16_;
        for (unsigned i = 0; i < t16.size(); ++i)
            if (t16.entry(i).matches(va, ctx)) kill(t16.entry(i));
        auto in_set = [&](SetAssociativeTlb& t, unsigned size) {
            const unsigned set = t.set_of(va, size);
            for (unsigned way = 0; way < SetAssociativeTlb::kWays; ++way) {
                TlbEntry& e = t.entry(way * t.sets() + set);
                if (e.matches(va, ctx)) kill(e);
            }
        };
        if (side == Side::Instruction) {
            in_set(i_t128_, 0);
        } else {
            const PageSizes ps = page_sizes(sel);
            in_set(d_t512_0_, ps.pgsz0);
            in_set(d_t512_1_, ps.pgsz1);
        }
    } else if (type == 1) {
        ++stats.demap_context;
        each([&](TlbEntry& e) {
            if (e.valid() && !e.global() && tte::tag_context(e.tag) == ctx) kill(e);
        });
    } else {
        ++stats.demap_all;
        each([&](TlbEntry& e) {
            if (e.valid() && !e.locked()) kill(e);
        });
    }
    changed();
}

std::vector<TlbEntryView> CheetahMmu::valid_entries() const {
    std::vector<TlbEntryView> out;
    auto add = [&](Side side, uint8_t tlb, unsigned count) {
        for (unsigned i = 0; i < count; ++i) {
            const TlbEntry& e = tlb_entry(side, tlb, i);
            if (e.valid()) out.push_back({side, tlb, i, e.tag, e.data});
        }
    };
    add(Side::Instruction, kTlbT16, i_t16_.size());
    add(Side::Instruction, kTlbIT128, i_t128_.size());
    add(Side::Data, kTlbT16, d_t16_.size());
    add(Side::Data, kTlbT512_0, d_t512_0_.size());
    add(Side::Data, kTlbT512_1, d_t512_1_.size());
    return out;
}

} // namespace fireplane::mmu
