// T3.11 RAW no hazard (D$, E$ hit)
// Paper, Table 3: 1 cycle on the real machine.
//
// A pending store to line A, then a load of another line B, both in D$ and E$:
// no hazard, a plain D$ hit.
// The lines are stored to first, so they are M in E$.
#include "microbench.h"

MB_DEFINE_TIMED("stx %%g0, [%[a]]\n\t", "ldx [%[b]], %%g1")

MB_ROW("T3.11", "RAW no hazard (D$, E$ hit)", MB_DCACHE_HIT, 1);
