// T2.14 cas, I
// Paper, Table 2: 243-264 cycles on the real machine.
//
// A compare-and-swap of a line in no cache: the read-to-own from memory, then
// the atomic.
#include "microbench.h"

MB_DEFINE_TIMED("", "casx [%[a]], %%g0, %%g1")

MB_ROW("T2.14", "cas, I", MB_ECACHE_MISS, 0);
