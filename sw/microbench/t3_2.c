// T3.2 RAW (D$ miss, E$ hit)
// Paper, Table 3: 1 cycle on the real machine.
//
// As T3.1 with the line displaced from D$: still forwarded, the D$ miss hidden.
// The lines are stored to first, so they are M in E$.
#include "microbench.h"

MB_DEFINE_TIMED("stx %%g0, [%[a]]\n\t", "ldx [%[a]], %%g1")

MB_ROW("T3.2", "RAW (D$ miss, E$ hit)", MB_DCACHE_MISS, 1);
