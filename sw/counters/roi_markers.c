// A region of interest around a loop of SW_count markers: the statistics of
// the run cover the region only. Inside it: the ROI-begin magic instruction,
// the mov, then 4 instructions per iteration (N markers).
#include "fireplane_magic.h"

#include <stdio.h>
#include <stdlib.h>

static unsigned long busy(unsigned long x) {
    for (int i = 0; i < 1000; ++i)
        x = x * 6364136223846793005ul + 1442695040888963407ul;
    return x;
}

int main(int argc, char** argv) {
    long n = argc > 1 ? atol(argv[1]) : 500;
    unsigned long x = busy(1);
    for (int i = 0; i < 7; ++i)
        FIREPLANE_SW_COUNT(); // outside: must not count
    FIREPLANE_ROI_BEGIN();
    __asm__ volatile("mov %[n], %%o0\n"
                     "1:\tsethi %%hi(0xfc000), %%g0\n\t"
                     "subcc %%o0, 1, %%o0\n\t"
                     "bne,pt %%icc, 1b\n\t"
                     " nop"
                     :
                     : [n] "r"(n)
                     : "o0", "cc");
    FIREPLANE_ROI_END();
    x = busy(x);
    printf("done %lu\n", x & 0xff);
    return 0;
}
