// The MMU's ASIs, one row each, and what their loads and stores do: register
// access, TSB pointers, TLB data in / data access / tag read, and demap.
#include "cheetah_mmu.h"

namespace fireplane::mmu {

// clang-format off
using M = CheetahMmu;
const M::AsiInfo M::kAsis[] = {
//   asi                    name                       side               load                   store
    {kAsiImmu,              "ASI_IMMU",                Side::Instruction, &M::load_register,     &M::store_register},
    {kAsiImmuTsb8kPtr,      "ASI_IMMU_TSB_8KB_PTR",    Side::Instruction, &M::load_tsb_8k,       nullptr},
    {kAsiImmuTsb64kPtr,     "ASI_IMMU_TSB_64KB_PTR",   Side::Instruction, &M::load_tsb_64k,      nullptr},
    {kAsiItlbDataIn,        "ASI_ITLB_DATA_IN",        Side::Instruction, nullptr,               &M::store_data_in},
    {kAsiItlbDataAccess,    "ASI_ITLB_DATA_ACCESS",    Side::Instruction, &M::load_data_access,  &M::store_data_access},
    {kAsiItlbTagRead,       "ASI_ITLB_TAG_READ",       Side::Instruction, &M::load_tag_read,     nullptr},
    {kAsiImmuDemap,         "ASI_IMMU_DEMAP",          Side::Instruction, nullptr,               &M::store_demap},
    {kAsiDmmu,              "ASI_DMMU",                Side::Data,        &M::load_register,     &M::store_register},
    {kAsiDmmuTsb8kPtr,      "ASI_DMMU_TSB_8KB_PTR",    Side::Data,        &M::load_tsb_8k,       nullptr},
    {kAsiDmmuTsb64kPtr,     "ASI_DMMU_TSB_64KB_PTR",   Side::Data,        &M::load_tsb_64k,      nullptr},
    {kAsiDmmuTsbDirectPtr,  "ASI_DMMU_TSB_DIRECT_PTR", Side::Data,        &M::load_tsb_direct,   nullptr},
    {kAsiDtlbDataIn,        "ASI_DTLB_DATA_IN",        Side::Data,        nullptr,               &M::store_data_in},
    {kAsiDtlbDataAccess,    "ASI_DTLB_DATA_ACCESS",    Side::Data,        &M::load_data_access,  &M::store_data_access},
    {kAsiDtlbTagRead,       "ASI_DTLB_TAG_READ",       Side::Data,        &M::load_tag_read,     nullptr},
    {kAsiDmmuDemap,         "ASI_DMMU_DEMAP",          Side::Data,        nullptr,               &M::store_demap},
};
// clang-format on

const M::AsiInfo* CheetahMmu::find_asi(unsigned asi) {
    if (asi < kAsiImmu || asi > kAsiDmmuDemap) return nullptr;
    for (const AsiInfo& a : kAsis)
        if (a.asi == asi) return &a;
    return nullptr;
}

bool CheetahMmu::is_mmu_asi(unsigned asi) {
    return find_asi(asi) != nullptr;
}

bool CheetahMmu::load(unsigned asi, uint64_t va, uint64_t& value, unsigned size) {
    const AsiInfo* a = find_asi(asi);
    if (a && a->load && size == 8 && (this->*a->load)(a->side, va, value)) return true;
    return illegal_asi(asi, va, AccessKind::Read);
}

bool CheetahMmu::store(unsigned asi, uint64_t va, uint64_t value, unsigned size) {
    const AsiInfo* a = find_asi(asi);
    if (a && a->store && size == 8 && (this->*a->store)(a->side, va, value)) return true;
    return illegal_asi(asi, va, AccessKind::Write);
}

// A refused MMU ASI access: data_access_exception, recorded with FT = illegal ASI.
bool CheetahMmu::illegal_asi(unsigned asi, uint64_t va, AccessKind kind) {
    MmuRequest r;
    r.va = va;
    r.kind = kind;
    r.privileged = true;
    r.asi = uint8_t(asi);
    report_data_fault(r, kTrapDataAccessException, ft::kIllegalAsi);
    return false;
}

// --- TSB pointers: computed from the tag access register of the last miss.

uint64_t CheetahMmu::tsb_extension(Side side) const {
    if (side == Side::Instruction)
        return i_fault_context_ == ContextSel::Nucleus ? regs_.i_tsb_ext_n : regs_.i_tsb_ext_p;
    switch (d_fault_context_) {
    case ContextSel::Secondary: return regs_.d_tsb_ext_s;
    case ContextSel::Nucleus: return regs_.d_tsb_ext_n;
    default: return regs_.d_tsb_ext_p;
    }
}

uint64_t CheetahMmu::tsb_ptr(Side side, TsbPage page) const {
    const bool i = side == Side::Instruction;
    return tsb_pointer(i ? regs_.i_tsb : regs_.d_tsb, tsb_extension(side),
                       i ? regs_.i_tag_access : regs_.d_tag_access, page);
}

bool CheetahMmu::load_tsb_8k(Side side, uint64_t, uint64_t& value) {
    value = tsb_ptr(side, TsbPage::Size8K);
    return true;
}
bool CheetahMmu::load_tsb_64k(Side side, uint64_t, uint64_t& value) {
    value = tsb_ptr(side, TsbPage::Size64K);
    return true;
}
// The direct pointer follows the page size of the TTE behind the last
// protection fault (64K or else 8K); after a miss it is the 8K pointer.
bool CheetahMmu::load_tsb_direct(Side side, uint64_t, uint64_t& value) {
    value = tsb_ptr(side, d_fault_64k_ ? TsbPage::Size64K : TsbPage::Size8K);
    return true;
}

// --- TLB writes.

// Data access / tag read address: TLB number in VA<17:16>, entry in VA<11:3>
// (T16: VA<6:3>; dT512: way VA<11>, set VA<10:3>; iT128: way VA<9>, set VA<8:3>).
bool CheetahMmu::direct_slot(Side side, uint64_t va, uint8_t& tlb, unsigned& index) const {
    tlb = uint8_t((va >> 16) & 3);
    const unsigned entry = unsigned(va >> 3) & 0x1ff;
    if (tlb == kTlbT16) {
        index = entry & (FullyAssociativeTlb::kEntries - 1);
        return true;
    }
    if (side == Side::Instruction) {
        index = entry & (i_t128_.size() - 1);
        return tlb == kTlbIT128;
    }
    index = entry & (d_t512_0_.size() - 1);
    return tlb == kTlbT512_0 || tlb == kTlbT512_1;
}

void CheetahMmu::write_entry(Side side, uint8_t tlb, unsigned index, uint64_t tag, uint64_t data) {
    data &= side == Side::Instruction ? tte::kStoredMaskI : tte::kStoredMask;
    if (tlb != kTlbT16) data &= ~tte::kLock; // only T16 implements the lock bit
    TlbEntry& e = entry_ref(side, tlb, index);
    if (e.valid()) ++stats.evictions;
    e.tag = tag;
    e.data = data;
    e.used = true;
    changed();
}

// Data in: the hardware picks the TLB from the TTE and, on the D side, the
// page sizes the tag access extension register captured at the miss:
// locked -> T16; size == pgsz0 -> dT512_0; size == pgsz1 -> dT512_1; an
// unlocked 8K page -> iT128 on the I side; anything else -> T16.
bool CheetahMmu::store_data_in(Side side, uint64_t, uint64_t value) {
    const bool i = side == Side::Instruction;
    const uint64_t tag = i ? regs_.i_tag_access : regs_.d_tag_access;
    const unsigned size = tte::size_code(value);
    uint8_t tlb = kTlbT16;
    unsigned index = 0;
    if (!(value & tte::kLock)) {
        const unsigned pgsz0 = unsigned(regs_.tag_access_ext >> ctxreg::kPgsz0Shift) & 7;
        const unsigned pgsz1 = unsigned(regs_.tag_access_ext >> ctxreg::kPgsz1Shift) & 7;
        if (i && size == 0) {
            tlb = kTlbIT128;
            index = i_t128_.replacement_index(tag, 0, i_lfsr_);
        } else if (!i && size == pgsz0) {
            tlb = kTlbT512_0;
            index = d_t512_0_.replacement_index(tag, size, d_lfsr_);
        } else if (!i && size == pgsz1) {
            tlb = kTlbT512_1;
            index = d_t512_1_.replacement_index(tag, size, d_lfsr_);
        }
    }
    if (tlb == kTlbT16) index = (i ? i_t16_ : d_t16_).replacement_index();
    write_entry(side, tlb, index, tag, value);
    ++stats.data_in_writes;
    return true;
}

// A Spitfire-sized index past the T16's 16 entries (Config::spitfire_t16_indexes).
bool CheetahMmu::beyond_t16(uint64_t va) const {
    return config_.spitfire_t16_indexes && ((va >> 16) & 3) == kTlbT16 &&
           ((va >> 3) & 0x1ff) >= FullyAssociativeTlb::kEntries;
}

bool CheetahMmu::store_data_access(Side side, uint64_t va, uint64_t value) {
    uint8_t tlb;
    unsigned index;
    if (beyond_t16(va)) return true;
    if (!direct_slot(side, va, tlb, index)) return false;
    write_entry(side, tlb, index,
                side == Side::Instruction ? regs_.i_tag_access : regs_.d_tag_access, value);
    ++stats.data_access_writes;
    return true;
}

bool CheetahMmu::load_data_access(Side side, uint64_t va, uint64_t& value) {
    uint8_t tlb;
    unsigned index;
    value = 0;
    if (beyond_t16(va)) return true;
    if (!direct_slot(side, va, tlb, index)) return false;
    value = tlb_entry(side, tlb, index).data;
    return true;
}

bool CheetahMmu::load_tag_read(Side side, uint64_t va, uint64_t& value) {
    uint8_t tlb;
    unsigned index;
    value = 0;
    if (beyond_t16(va)) return true;
    if (!direct_slot(side, va, tlb, index)) return false;
    value = tlb_entry(side, tlb, index).tag;
    return true;
}

// --- Demap: VA<63:13> | type<7:6> | context<5:4>.
bool CheetahMmu::store_demap(Side side, uint64_t va, uint64_t) {
    const unsigned type = unsigned(va >> 6) & 3;
    const unsigned ctx = unsigned(va >> 4) & 3;
    // Reserved types and context selectors do nothing.
    if (type == 3 || (type != 2 && ctx == 3)) return true;
    demap(side, type, ContextSel(ctx), va);
    return true;
}

} // namespace fireplane::mmu
