#include "asi.h"

namespace fireplane::sparc {

namespace {
struct AsiRow {
    uint8_t asi;
    AsiInfo info;
};
// The user-mode core has one address space, so primary, secondary, nucleus and
// as-if-user ASIs all reach it; they differ in endianness and fault behaviour.
constexpr AsiRow kAsis[] = {
    {0x04, {true, false, false, "ASI_NUCLEUS"}},
    {0x0c, {true, true, false, "ASI_NUCLEUS_LITTLE"}},
    {0x10, {true, false, false, "ASI_AS_IF_USER_PRIMARY"}},
    {0x11, {true, false, false, "ASI_AS_IF_USER_SECONDARY"}},
    {0x18, {true, true, false, "ASI_AS_IF_USER_PRIMARY_LITTLE"}},
    {0x19, {true, true, false, "ASI_AS_IF_USER_SECONDARY_LITTLE"}},
    {0x70, {true, false, false, "ASI_BLK_AIUP", true}},
    {0x71, {true, false, false, "ASI_BLK_AIUS", true}},
    {0x78, {true, true, false, "ASI_BLK_AIUPL", true}},
    {0x79, {true, true, false, "ASI_BLK_AIUSL", true}},
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
} // namespace

AsiInfo lookup_asi(unsigned asi) {
    for (const AsiRow& row : kAsis)
        if (row.asi == asi) return row.info;
    return AsiInfo{false, false, false, "unknown"};
}

} // namespace fireplane::sparc
