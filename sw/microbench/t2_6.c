// T2.6 st, E$ E or M
// Paper, Table 2: 1 cycle on the real machine.
//
// A store to a line already stored to (M in E$) with the store buffer empty:
// the store only enters the store buffer.
// The lines are stored to first, so they are M in E$.
#include "microbench.h"

MB_DEFINE_TIMED("", "stx %%g0, [%[a]]")

MB_ROW("T2.6", "st, E$ E or M", MB_DCACHE_HIT, 1);
