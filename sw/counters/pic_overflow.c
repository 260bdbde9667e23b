// PIC0 counts instructions from 0xffffff00: after 1000 more it has wrapped
// once (SOFTINT bit 15, counted in cpu0.counters.pic_overflows) and reads
// 0xffffff00 + count mod 2^32.
#include <stdio.h>

int main(void) {
    const unsigned long pcr = (0x01ul << 4) | 0x4; // SL=Instr_cnt, UT
    unsigned long pic;
    __asm__ volatile("wr %[pcr], 0, %%pcr\n\t"
                     "sethi %%hi(0xffffff00), %%g1\n\t"
                     "or %%g1, 0x300, %%g1\n\t" /* %g1 = 0xffffff00 */
                     "wr %%g1, 0, %%pic\n\t"
                     "mov 250, %%o0\n"
                     "1:\tsubcc %%o0, 1, %%o0\n\t"
                     "bne,pt %%icc, 1b\n\t"
                     " nop\n\t"
                     "rd %%pic, %[pic]"
                     : [pic] "=r"(pic)
                     : [pcr] "r"(pcr)
                     : "g1", "o0", "cc");
    // mov, then 3 instructions x 250 = 751 instructions after the write.
    printf("pic0 %#lx\n", pic & 0xffffffff);
    return (pic & 0xffffffff) == ((0xffffff00ul + 751) & 0xffffffff) ? 0 : 1;
}
