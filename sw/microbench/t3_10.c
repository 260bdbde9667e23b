// T3.10 RAW past hazard (D$, E$ hit)
// Paper, Table 3: 36-43 cycles on the real machine.
//
// Three pending stores to one line, then a load of the doubleword the FIRST
// wrote, the line in D$ and E$. The paper: reading back anything but the last
// store to a line costs about 30 cycles.
// The lines are stored to first, so they are M in E$.
#include "microbench.h"

#define SAME_LINE_STORES "stx %%g0, [%[a]]\n\tstx %%g0, [%[a] + 8]\n\tstx %%g0, [%[a] + 16]\n\t"

MB_DEFINE_TIMED(SAME_LINE_STORES, "ldx [%[a]], %%g1")

MB_ROW("T3.10", "RAW past hazard (D$, E$ hit)", MB_DCACHE_HIT, 1);
