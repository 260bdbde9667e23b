/* The performance counters and the simulator's magic instructions in
 * firmware mode: PIC0 counts supervisor instructions (Instr_cnt) and PIC1
 * the SW_count markers over a loop whose length is known exactly; the loop
 * is the region of interest (FIREPLANE_ROI_BEGIN/END), and the run switches
 * to the detailed model for it and back (FIREPLANE_MODEL_*): the summary then
 * covers only the region, 1000 iterations of 4 instructions. */
#include "fw.h"

#include "../../lib/fireplane_magic.h"

#define PCR_ST 0x2
#define INSTR_CNT 0x01
#define SW_COUNT_1 0x1c

int main(void) {
    FW_WR(asr16, ((uint64_t)SW_COUNT_1 << 11) | (INSTR_CNT << 4) | PCR_ST);
    FIREPLANE_MODEL_DETAILED();
    FIREPLANE_ROI_BEGIN();
    uint64_t pic;
    __asm__ volatile("wr %%g0, 0, %%asr17\n\t" /* PIC = 0 */
                     "mov 1000, %%o0\n"
                     "1:\tsethi %%hi(0xfc000), %%g0\n\t" /* SW_count marker */
                     "subcc %%o0, 1, %%o0\n\t"
                     "bne,pt %%icc, 1b\n\t"
                     " nop\n\t"
                     "rd %%asr17, %0"
                     : "=r"(pic)
                     :
                     : "o0", "cc");
    FIREPLANE_ROI_END();
    FIREPLANE_MODEL_FUNCTIONAL();
    FW_WR(asr16, 0);
    /* mov, then 4 x 1000: the counters see from the instruction after the WR. */
    fw_check((pic & 0xffffffff) == 4001, "PIC0 counts the loop's instructions", pic & 0xffffffff);
    fw_check((pic >> 32) == 1000, "PIC1 counts the SW_count markers", pic >> 32);
    fw_test_done();
}
