// A region of interest around a loop of N loads, optionally switching to the
// fixed ("magic") or detailed ("magic-detailed") timing model by magic
// instruction inside the program.
// In the region: the ROI-begin instruction, the mov, then per iteration ldx,
// subcc, bne and its delay slot. Functional: cycles = instructions = 2 + 4N.
// Fixed (load 3 cycles, others 1): cycles = 2 + 6N.
#include "fireplane_magic.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static unsigned long data[64];

int main(int argc, char** argv) {
    long n = argc > 1 ? atol(argv[1]) : 1000;
    int switch_by_magic = argc > 2 && strncmp(argv[2], "magic", 5) == 0;
    int detailed = argc > 2 && strcmp(argv[2], "magic-detailed") == 0;
    if (detailed)
        FIREPLANE_MODEL_DETAILED();
    else if (switch_by_magic)
        FIREPLANE_MODEL_FIXED();
    // One asm statement, so that the compiler puts nothing inside the region.
    // Aligned so that the loop (bytes 8-23) is in one I$ line: one fetch group.
    __asm__ volatile(".align 32\n\t"
                     "sethi %%hi(0xfffc0000 + (0x01 << 10)), %%g0\n\t" /* FIREPLANE_ROI_BEGIN */
                     "mov %[n], %%o0\n"
                     "1:\tldx [%[p]], %%o1\n\t"
                     "subcc %%o0, 1, %%o0\n\t"
                     "bne,pt %%icc, 1b\n\t"
                     " nop\n\t"
                     "sethi %%hi(0xfffc0000 + (0x02 << 10)), %%g0" /* FIREPLANE_ROI_END */
                     :
                     : [n] "r"(n), [p] "r"(data)
                     : "o0", "o1", "cc", "memory");
    if (switch_by_magic) FIREPLANE_MODEL_FUNCTIONAL();
    printf("done\n");
    return 0;
}
