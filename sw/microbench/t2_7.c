// T2.7 ld following st (RAW bypass)
// Paper, Table 2: 1 cycle on the real machine.
//
// A load of the word a store still in the store buffer wrote, the line in D$
// and E$: the store buffer forwards the data.
// The lines are stored to first, so they are M in E$.
#include "microbench.h"

MB_DEFINE_TIMED("stw %%g0, [%[a]]\n\t", "lduw [%[a]], %%g1")

MB_ROW("T2.7", "ld following st (RAW bypass)", MB_DCACHE_HIT, 1);
