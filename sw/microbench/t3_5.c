// T3.5 RAW overlap (D$ miss, E$ hit)
// Paper, Table 3: 43 cycles on the real machine.
//
// As T3.4 with the line displaced from D$ (E$ hit plus the overlap penalty).
// The lines are stored to first, so they are M in E$.
#include "microbench.h"

MB_DEFINE_TIMED("stx %%g0, [%[a]]\n\t", "lduw [%[a] + 4], %%g1")

MB_ROW("T3.5", "RAW overlap (D$ miss, E$ hit)", MB_DCACHE_MISS, 1);
