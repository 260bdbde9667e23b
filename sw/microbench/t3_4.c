// T3.4 RAW overlap (D$, E$ hit)
// Paper, Table 3: 25 cycles on the real machine.
//
// A 4-byte load of the lower half (big-endian: at +4) of a pending 8-byte store,
// the line in D$ and E$. The paper: a partial overlap is not forwarded and costs
// about 20 cycles more than the same load without the store.
// The lines are stored to first, so they are M in E$.
#include "microbench.h"

MB_DEFINE_TIMED("stx %%g0, [%[a]]\n\t", "lduw [%[a] + 4], %%g1")

MB_ROW("T3.4", "RAW overlap (D$, E$ hit)", MB_DCACHE_HIT, 1);
