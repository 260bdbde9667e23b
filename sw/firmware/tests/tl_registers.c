/* Each trap level has its own TPC, TNPC, TSTATE and TT: values written at
 * TL 1-5 (WRPR %tl) read back unchanged, and %ver describes the III Cu
 * (manufacturer 0x3e, implementation 0x15, MAXTL 5, 8 windows). */
#include "fw.h"

int main(void) {
    fw_interrupts_off();
    for (uint64_t tl = 1; tl <= FW_MAXTL; ++tl) {
        FW_WRPR(tl, tl);
        FW_WRPR(tpc, 0x1000 * tl);
        FW_WRPR(tnpc, 0x1000 * tl + 4);
        FW_WRPR(tstate, 0x100 * tl);
        FW_WRPR(tt, 0x40 + tl);
    }
    for (uint64_t tl = 1; tl <= FW_MAXTL; ++tl) {
        FW_WRPR(tl, tl);
        const uint64_t tpc = FW_RDPR(tpc), tnpc = FW_RDPR(tnpc), tstate = FW_RDPR(tstate),
                       tt = FW_RDPR(tt);
        fw_check(tpc == 0x1000 * tl, "TPC of its level", tpc);
        fw_check(tnpc == 0x1000 * tl + 4, "TNPC of its level", tnpc);
        fw_check(tstate == 0x100 * tl, "TSTATE of its level", tstate);
        fw_check(tt == 0x40 + tl, "TT of its level", tt);
    }
    FW_WRPR(tl, 0);
    const uint64_t ver = FW_RDPR(ver);
    fw_check(ver >> 48 == 0x3e, "VER.manuf", ver);
    fw_check(((ver >> 32) & 0xffff) == 0x15, "VER.impl", ver);
    fw_check(((ver >> 8) & 0xff) == FW_MAXTL, "VER.maxtl", ver);
    fw_check((ver & 0x1f) == 7, "VER.maxwin", ver);
    fw_test_done();
}
