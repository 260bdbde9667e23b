// The MMU registers of ASI 0x50 (I-MMU) and 0x58 (D-MMU), one row each, and
// the loads and stores that reach them.
#include "cheetah_mmu.h"

#include <iterator>

namespace fireplane::mmu {

namespace {
constexpr uint64_t kAll = ~0ull;
constexpr uint64_t kVaWatchMask = ~0x7ull;                      // VA<63:3>
constexpr uint64_t kPaWatchMask = tte::kPhysicalMask & ~0x7ull; // PA<42:3>
constexpr uint64_t kTagAccessExtMask = 0x3full << ctxreg::kPgsz0Shift;
} // namespace

// clang-format off
using M = CheetahMmu;
using R = MmuRegisters;
const M::RegisterInfo M::kImmuRegisters[] = {
//   name                  va                    access       field                   reset write mask                    read hook               write hook               description
    {"tag_target",         kVaTagTarget,         kRead,       nullptr,                0,  0,                            &M::read_i_tag_target,  nullptr,                 "context<60:48> | VA<63:22> of the tag access register"},
    {"sfsr",               kVaSfsr,              kReadWrite,  &R::i_sfsr,             0,  sfsr::kWriteMask,             nullptr,                nullptr,                 "I-MMU synchronous fault status"},
    {"tsb",                kVaTsb,               kReadWrite,  &R::i_tsb,              0,  tsb::kRegisterWriteMask,      nullptr,                nullptr,                 "I-TSB base<63:13>, split<12>, size<2:0>"},
    {"tag_access",         kVaTagAccess,         kReadWrite,  &R::i_tag_access,       0,  kAll,                         nullptr,                nullptr,                 "VA<63:13> | context of the last miss or fault; tag for TLB writes"},
    {"tsb_ext_primary",    kVaTsbExtPrimary,     kReadWrite,  &R::i_tsb_ext_p,        0,  kAll,                         nullptr,                nullptr,                 "I-TSB extension for primary-context fetches (TL = 0)"},
    {"tsb_ext_nucleus",    kVaTsbExtNucleus,     kReadWrite,  &R::i_tsb_ext_n,        0,  kAll,                         nullptr,                nullptr,                 "I-TSB extension for nucleus fetches (TL > 0)"},
};
const M::RegisterInfo M::kDmmuRegisters[] = {
    {"tag_target",         kVaTagTarget,         kRead,       nullptr,                0,  0,                            &M::read_d_tag_target,  nullptr,                 "context<60:48> | VA<63:22> of the tag access register"},
    {"primary_context",    kVaPrimaryContext,    kReadWrite,  &R::primary_context,    0,  ctxreg::kPrimaryWriteMask,    nullptr,                &M::translation_changed, "PContext<12:0>, P_pgsz0/1 <18:16>/<21:19>, N_pgsz0/1 <63:61>/<60:58>"},
    {"secondary_context",  kVaSecondaryContext,  kReadWrite,  &R::secondary_context,  0,  ctxreg::kSecondaryWriteMask,  nullptr,                &M::translation_changed, "SContext<12:0>, S_pgsz0/1 <18:16>/<21:19>"},
    {"sfsr",               kVaSfsr,              kReadWrite,  &R::d_sfsr,             0,  sfsr::kWriteMask,             nullptr,                nullptr,                 "D-MMU synchronous fault status"},
    {"sfar",               kVaSfar,              kReadWrite,  &R::sfar,               0,  kAll,                         nullptr,                nullptr,                 "synchronous fault address"},
    {"tsb",                kVaTsb,               kReadWrite,  &R::d_tsb,              0,  tsb::kRegisterWriteMask,      nullptr,                nullptr,                 "D-TSB base<63:13>, split<12>, size<2:0>"},
    {"tag_access",         kVaTagAccess,         kReadWrite,  &R::d_tag_access,       0,  kAll,                         nullptr,                nullptr,                 "VA<63:13> | context of the last miss or fault; tag for TLB writes"},
    {"va_watchpoint",      kVaVaWatchpoint,      kReadWrite,  &R::va_watchpoint,      0,  kVaWatchMask,                 nullptr,                &M::translation_changed, "VA<63:3> of the watched doubleword"},
    {"pa_watchpoint",      kVaPaWatchpoint,      kReadWrite,  &R::pa_watchpoint,      0,  kPaWatchMask,                 nullptr,                &M::translation_changed, "PA<42:3> of the watched doubleword"},
    {"tsb_ext_primary",    kVaTsbExtPrimary,     kReadWrite,  &R::d_tsb_ext_p,        0,  kAll,                         nullptr,                nullptr,                 "D-TSB extension for primary-context accesses"},
    {"tsb_ext_secondary",  kVaTsbExtSecondary,   kReadWrite,  &R::d_tsb_ext_s,        0,  kAll,                         nullptr,                nullptr,                 "D-TSB extension for secondary-context accesses"},
    {"tsb_ext_nucleus",    kVaTsbExtNucleus,     kReadWrite,  &R::d_tsb_ext_n,        0,  kAll,                         nullptr,                nullptr,                 "D-TSB extension for nucleus accesses"},
    {"tag_access_ext",     kVaTagAccessExt,      kReadWrite,  &R::tag_access_ext,     0,  kTagAccessExtMask,            nullptr,                nullptr,                 "pgsz1<21:19>, pgsz0<18:16> of the missing context: picks the dT512 for data in"},
};
// clang-format on

M::Table CheetahMmu::register_table(Side side) {
    if (side == Side::Instruction) return {kImmuRegisters, std::size(kImmuRegisters)};
    return {kDmmuRegisters, std::size(kDmmuRegisters)};
}

const M::RegisterInfo* CheetahMmu::find_register(Side side, uint64_t va) {
    const Table t = register_table(side);
    for (size_t i = 0; i < t.count; ++i)
        if (t.rows[i].va == va) return &t.rows[i];
    return nullptr;
}

bool CheetahMmu::load_register(Side side, uint64_t va, uint64_t& value) {
    const RegisterInfo* r = find_register(side, va);
    if (!r || !(r->access & kRead)) return false;
    value = r->on_read ? (this->*r->on_read)() : regs_.*(r->field);
    return true;
}

bool CheetahMmu::store_register(Side side, uint64_t va, uint64_t value) {
    const RegisterInfo* r = find_register(side, va);
    if (!r || !(r->access & kWrite)) return false;
    regs_.*(r->field) = value & r->write_mask;
    if (r->on_write) (this->*r->on_write)();
    return true;
}

// Tag target: context<60:48> | VA<63:22>, a view of the tag access register.
static uint64_t tag_target(uint64_t tag_access) {
    return uint64_t(tte::tag_context(tag_access)) << 48 | tag_access >> 22;
}
uint64_t CheetahMmu::read_i_tag_target() const {
    return tag_target(regs_.i_tag_access);
}
uint64_t CheetahMmu::read_d_tag_target() const {
    return tag_target(regs_.d_tag_access);
}

} // namespace fireplane::mmu
