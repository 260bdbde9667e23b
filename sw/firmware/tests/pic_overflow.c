/* A performance counter that wraps sets SOFTINT bit 15: a level-15
 * interrupt (TT 0x4f), taken even at PIL 14. PIC0 counts instructions
 * (PCR.SL = Instr_cnt, in supervisor mode) from 2^32 - 3000. */
#include "fw.h"

static volatile uint64_t taken, pic_at;

static int on_level15(struct fw_trap_frame* f) {
    (void)f;
    ++taken;
    pic_at = FW_RD(asr17) & 0xffffffff;
    FW_WR(asr16, 0); /* stop counting */
    fw_clear_softint(1u << 15);
    return FW_TRAP_RETRY;
}

int main(void) {
    fw_set_trap_handler(FW_TT_INTERRUPT(15), on_level15);
    fw_set_pil(14);
    fw_interrupts_on();
    FW_WR(asr17, 0xffffffffull - 3000);
    FW_WR(asr16, (0x01u << 4) | 0x2); /* SL = Instr_cnt, ST: supervisor */
    while (!taken)
        ;
    fw_check(taken == 1, "one level-15 interrupt", taken);
    fw_check(pic_at < 1000, "PIC0 had just wrapped", pic_at);
    fw_test_done();
}
