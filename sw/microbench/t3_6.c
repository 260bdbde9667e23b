// T3.6 RAW overlap (D$, E$ miss)
// Paper, Table 3: 220-250 cycles on the real machine.
//
// As T3.4 with the line displaced from E$ and D$ (memory plus the overlap penalty).
// The lines are stored to first, so they are M in E$.
#include "microbench.h"

MB_DEFINE_TIMED("stx %%g0, [%[a]]\n\t", "lduw [%[a] + 4], %%g1")

MB_ROW("T3.6", "RAW overlap (D$, E$ miss)", MB_ECACHE_MISS, 1);
