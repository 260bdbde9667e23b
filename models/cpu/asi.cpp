#include "asi.h"

#include <array>
#include <string_view>

namespace fireplane::sparc {

namespace {
struct AsiRow {
    uint8_t asi;
    AsiInfo info;
};
constexpr auto kPhys = AsiKind::Physical;
constexpr auto kReg = AsiKind::Register;
constexpr auto kMem = AsiKind::Memory;
// The user-mode core has one address space, so primary, secondary, nucleus and
// as-if-user ASIs all reach it; they differ in endianness and fault behaviour.
// The internal registers behind the Register ASIs are the CPU's (sparc_cpu.h).
constexpr AsiRow kAsis[] = {
    {0x04, {true, false, false, "ASI_NUCLEUS"}},
    {0x0c, {true, true, false, "ASI_NUCLEUS_LITTLE"}},
    {0x10, {true, false, false, "ASI_AS_IF_USER_PRIMARY"}},
    {0x11, {true, false, false, "ASI_AS_IF_USER_SECONDARY"}},
    {0x14, {true, false, false, "ASI_PHYS_USE_EC", false, kPhys}},
    {0x15, {true, false, false, "ASI_PHYS_BYPASS_EC_WITH_EBIT", false, kPhys}},
    {0x18, {true, true, false, "ASI_AS_IF_USER_PRIMARY_LITTLE"}},
    {0x19, {true, true, false, "ASI_AS_IF_USER_SECONDARY_LITTLE"}},
    {0x1c, {true, true, false, "ASI_PHYS_USE_EC_LITTLE", false, kPhys}},
    {0x1d, {true, true, false, "ASI_PHYS_BYPASS_EC_WITH_EBIT_LITTLE", false, kPhys}},
    {0x24, {true, false, false, "ASI_NUCLEUS_QUAD_LDD", false, kMem, true}},
    {0x2c, {true, true, false, "ASI_NUCLEUS_QUAD_LDD_LITTLE", false, kMem, true}},
    {0x34, {true, false, false, "ASI_QUAD_LDD_PHYS", false, kPhys, true}},
    {0x3c, {true, true, false, "ASI_QUAD_LDD_PHYS_LITTLE", false, kPhys, true}},
    {0x42, {true, false, false, "ASI_DCACHE_INVALIDATE", false, kReg}},
    {0x45, {true, false, false, "ASI_DCU_CONTROL_REG", false, kReg}},
    {0x48, {true, false, false, "ASI_INTR_DISPATCH_STATUS", false, kReg}},
    {0x49, {true, false, false, "ASI_INTR_RECEIVE", false, kReg}},
    {0x4a, {true, false, false, "ASI_FIREPLANE_CONFIG_REG", false, kReg}},
    {0x50, {true, false, false, "ASI_IMMU", false, kReg}},
    {0x51, {true, false, false, "ASI_IMMU_TSB_8KB_PTR_REG", false, kReg}},
    {0x52, {true, false, false, "ASI_IMMU_TSB_64KB_PTR_REG", false, kReg}},
    {0x54, {true, false, false, "ASI_ITLB_DATA_IN_REG", false, kReg}},
    {0x55, {true, false, false, "ASI_ITLB_DATA_ACCESS_REG", false, kReg}},
    {0x56, {true, false, false, "ASI_ITLB_TAG_READ_REG", false, kReg}},
    {0x57, {true, false, false, "ASI_IMMU_DEMAP", false, kReg}},
    {0x58, {true, false, false, "ASI_DMMU", false, kReg}},
    {0x59, {true, false, false, "ASI_DMMU_TSB_8KB_PTR_REG", false, kReg}},
    {0x5a, {true, false, false, "ASI_DMMU_TSB_64KB_PTR_REG", false, kReg}},
    {0x5b, {true, false, false, "ASI_DMMU_TSB_DIRECT_PTR_REG", false, kReg}},
    {0x5c, {true, false, false, "ASI_DTLB_DATA_IN_REG", false, kReg}},
    {0x5d, {true, false, false, "ASI_DTLB_DATA_ACCESS_REG", false, kReg}},
    {0x5e, {true, false, false, "ASI_DTLB_TAG_READ_REG", false, kReg}},
    {0x5f, {true, false, false, "ASI_DMMU_DEMAP", false, kReg}},
    {0x70, {true, false, false, "ASI_BLK_AIUP", true}},
    {0x71, {true, false, false, "ASI_BLK_AIUS", true}},
    {0x78, {true, true, false, "ASI_BLK_AIUPL", true}},
    {0x77, {true, false, false, "ASI_INTR_DISPATCH", false, kReg}},
    {0x79, {true, true, false, "ASI_BLK_AIUSL", true}},
    {0x7f, {true, false, false, "ASI_INTR_RECEIVE_DATA", false, kReg}},
    {0x80, {true, false, false, "ASI_PRIMARY"}},
    {0x81, {true, false, false, "ASI_SECONDARY"}},
    {0x82, {true, false, true, "ASI_PRIMARY_NOFAULT"}},
    {0x83, {true, false, true, "ASI_SECONDARY_NOFAULT"}},
    {0x88, {true, true, false, "ASI_PRIMARY_LITTLE"}},
    {0x89, {true, true, false, "ASI_SECONDARY_LITTLE"}},
    {0x8a, {true, true, true, "ASI_PRIMARY_NOFAULT_LITTLE"}},
    {0x8b, {true, true, true, "ASI_SECONDARY_NOFAULT_LITTLE"}},
    {0xe0, {true, false, false, "ASI_BLK_COMMIT_PRIMARY", true}},
    {0xe1, {true, false, false, "ASI_BLK_COMMIT_SECONDARY", true}},
    {0xf0, {true, false, false, "ASI_BLK_P", true}},
    {0xf1, {true, false, false, "ASI_BLK_S", true}},
    {0xf8, {true, true, false, "ASI_BLK_PL", true}},
    {0xf9, {true, true, false, "ASI_BLK_SL", true}},
};
// The context and user check of a memory ASI, from its architectural name:
// ASI_NUCLEUS*, ASI_AS_IF_USER_*/ASI_BLK_AIU* and *_SECONDARY*/*_S/*_SL.
bool ends_with(std::string_view s, std::string_view suffix) {
    return s.size() >= suffix.size() && s.substr(s.size() - suffix.size()) == suffix;
}

AsiContext memory_context(std::string_view name, AsiInfo& info) {
    info.as_if_user = name.find("AS_IF_USER") != name.npos || name.find("AIU") != name.npos;
    if (name.find("NUCLEUS") != name.npos) return AsiContext::Nucleus;
    const bool secondary = name.find("SECONDARY") != name.npos || ends_with(name, "_S") ||
                           ends_with(name, "_SL") || ends_with(name, "AIUS") ||
                           ends_with(name, "AIUSL");
    return secondary ? AsiContext::Secondary : AsiContext::Primary;
}

} // namespace

AsiInfo lookup_asi(unsigned asi) {
    // Indexed once: block loads in a libc's memcpy look their ASI up each time.
    static const auto table = [] {
        std::array<AsiInfo, 256> t;
        for (unsigned a = 0; a < 256; ++a)
            t[a] =
                AsiInfo{false, false, false, "unknown", false, AsiKind::Memory, false, uint8_t(a)};
        for (const AsiRow& row : kAsis) {
            AsiInfo& info = t[row.asi] = row.info;
            info.number = row.asi;
            if (info.kind == AsiKind::Memory) info.context = memory_context(row.info.name, info);
        }
        return t;
    }();
    return table[asi & 0xff];
}

} // namespace fireplane::sparc
