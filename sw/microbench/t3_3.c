// T3.3 RAW (D$, E$ miss)
// Paper, Table 3: 13 cycles on the real machine.
//
// As T3.1 with the line displaced from E$ and D$. The paper: the store buffer
// does not forward on an E$ miss; a 13-cycle penalty instead.
// The lines are stored to first, so they are M in E$.
#include "microbench.h"

MB_DEFINE_TIMED("stx %%g0, [%[a]]\n\t", "ldx [%[a]], %%g1")

MB_ROW("T3.3", "RAW (D$, E$ miss)", MB_ECACHE_MISS, 1);
