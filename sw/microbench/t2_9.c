// T2.9 cas, E
// Paper, Table 2: 47-55 cycles on the real machine.
//
// A compare-and-swap of a line this CPU holds exclusive and clean (loaded
// only: with no other cache holding it, a read gets it in E).
#include "microbench.h"

MB_DEFINE_TIMED("", "casx [%[a]], %%g0, %%g1")

MB_ROW("T2.9", "cas, E", MB_DCACHE_HIT, 0);
