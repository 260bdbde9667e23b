/* Executes an illegal instruction with no trap table (TBA = 0): the trap
 * vectors into zeroed RAM, whose words are ILLTRAP, and each trap nests one
 * level deeper until the trap at TL 4 enters RED_state (TL = MAXTL) at
 * RSTVaddr + 0xa0, where the SDK prints the trap stack and powers off with
 * FW_EXIT_RED_STATE. */
#include "fw.h"

int main(void) {
    fw_puts("about to execute an illegal instruction");
    fw_wrpr_tba(0);
    __asm__ volatile("illtrap 0x1234");
    fw_puts("not reached");
    return 0;
}
