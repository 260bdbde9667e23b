// T3.8 RAW same line (D$ miss, E$ hit)
// Paper, Table 3: 40-43 cycles on the real machine.
//
// As T3.7 with the line displaced from D$. The paper: a load of a line with
// pending stores pays the overlap penalty on a D$ miss even without overlap.
// The lines are stored to first, so they are M in E$.
#include "microbench.h"

#define SAME_LINE_STORES "stx %%g0, [%[a]]\n\tstx %%g0, [%[a] + 8]\n\tstx %%g0, [%[a] + 16]\n\t"

MB_DEFINE_TIMED(SAME_LINE_STORES, "ldx [%[a] + 24], %%g1")

MB_ROW("T3.8", "RAW same line (D$ miss, E$ hit)", MB_DCACHE_MISS, 1);
