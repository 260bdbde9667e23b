// T2.10 cas, M
// Paper, Table 2: 42-50 cycles on the real machine.
//
// A compare-and-swap of a line this CPU has modified (stored to, drained).
#include "microbench.h"

MB_DEFINE_TIMED("", "casx [%[a]], %%g0, %%g1")

MB_ROW("T2.10", "cas, M", MB_DCACHE_HIT, 1);
