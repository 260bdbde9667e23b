/* A trap at TL = MAXTL is error_state: the watchdog reset. fireplane ends
 * the run there and reports the trap stack (it does not vector to +0x40). */
#include "fw.h"

int main(void) {
    fw_puts("trap at MAXTL");
    FW_WRPR(tl, FW_MAXTL);
    __asm__ volatile("illtrap 7" ::: "memory");
    fw_puts("not reached");
    return 1;
}
