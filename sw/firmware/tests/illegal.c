/* Executes an illegal instruction with no trap table installed (TBA = 0):
 * the trap vectors into zeroed RAM, whose words are ILLTRAP, and each trap
 * nests one level deeper until TL = MAXTL, where the CPU stops (error_state,
 * the watchdog reset). Never reaches the power-off. */
#include "fw.h"

int main(void) {
    fw_puts("about to execute an illegal instruction");
    __asm__ volatile("illtrap 0x1234");
    fw_puts("not reached");
    return 0;
}
