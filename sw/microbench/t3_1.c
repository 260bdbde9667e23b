// T3.1 RAW (D$, E$ hit)
// Paper, Table 3: 1 cycle on the real machine.
//
// A load of the doubleword a pending store wrote, the line in D$ and E$:
// forwarded from the store buffer.
// The lines are stored to first, so they are M in E$.
#include "microbench.h"

MB_DEFINE_TIMED("stx %%g0, [%[a]]\n\t", "ldx [%[a]], %%g1")

MB_ROW("T3.1", "RAW (D$, E$ hit)", MB_DCACHE_HIT, 1);
