// T3.7 RAW same line (D$, E$ hit)
// Paper, Table 3: 1 cycle on the real machine.
//
// Three pending stores to doublewords 0-2 of a 32-byte D$ line (so also of one
// 64-byte E$ sub-block), then a load of doubleword 3, which none of them wrote;
// the line in D$ and E$: served by the D$.
// The lines are stored to first, so they are M in E$.
#include "microbench.h"

#define SAME_LINE_STORES "stx %%g0, [%[a]]\n\tstx %%g0, [%[a] + 8]\n\tstx %%g0, [%[a] + 16]\n\t"

MB_DEFINE_TIMED(SAME_LINE_STORES, "ldx [%[a] + 24], %%g1")

MB_ROW("T3.7", "RAW same line (D$, E$ hit)", MB_DCACHE_HIT, 1);
