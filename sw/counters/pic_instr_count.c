// Programs PCR from user code (UT=1) to count Instr_cnt on PIC0 and
// SW_count_1 on PIC1, runs a loop of known shape and prints what PIC saw.
// Expected from the code's structure: PIC0 = 1 + 4 * N (the mov, then four
// instructions per iteration), PIC1 = N.
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char** argv) {
    long n = argc > 1 ? atol(argv[1]) : 1000;
    const unsigned long pcr =
        (0x1cul << 11) | (0x01ul << 4) | 0x4; // SU=SW_count_1, SL=Instr_cnt, UT
    unsigned long pic;
    __asm__ volatile("wr %[pcr], 0, %%pcr\n\t"
                     "wr %%g0, 0, %%pic\n\t"
                     "mov %[n], %%o0\n"
                     "1:\tsethi %%hi(0xfc000), %%g0\n\t"
                     "subcc %%o0, 1, %%o0\n\t"
                     "bne,pt %%icc, 1b\n\t"
                     " nop\n\t"
                     "rd %%pic, %[pic]"
                     : [pic] "=r"(pic)
                     : [pcr] "r"(pcr), [n] "r"(n)
                     : "o0", "cc");
    printf("pic0 %lu pic1 %lu\n", pic & 0xffffffff, pic >> 32);
    return (pic & 0xffffffff) == 1 + 4 * (unsigned long)n && (pic >> 32) == (unsigned long)n ? 0
                                                                                             : 1;
}
