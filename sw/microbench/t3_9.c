// T3.9 RAW same line (D$, E$ miss)
// Paper, Table 3: 220-250 cycles on the real machine.
//
// As T3.7 with the line displaced from E$ and D$.
// The lines are stored to first, so they are M in E$.
#include "microbench.h"

#define SAME_LINE_STORES "stx %%g0, [%[a]]\n\tstx %%g0, [%[a] + 8]\n\tstx %%g0, [%[a] + 16]\n\t"

MB_DEFINE_TIMED(SAME_LINE_STORES, "ldx [%[a] + 24], %%g1")

MB_ROW("T3.9", "RAW same line (D$, E$ miss)", MB_ECACHE_MISS, 1);
