/* SIR, the software-initiated reset: the CPU enters RED_state at
 * RSTVaddr + 0x80 with TT = 4 at TL + 1; the SDK's reset code calls
 * fw_software_reset, replaced here to check what arrived. */
#include "fw.h"

void fw_software_reset(uint64_t tt, uint64_t tl) {
    fw_check(tt == 4, "TT of a software-initiated reset", tt);
    fw_check(tl == 1, "SIR from TL 0 arrives at TL 1", tl);
    fw_test_done();
}

int main(void) {
    fw_puts("SIR");
    __asm__ volatile("sir" ::: "memory");
    fw_puts("not reached");
    return 1;
}
