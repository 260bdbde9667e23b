// T2.1 ld, line invalid in E$ (served by memory)
// Paper, Table 2: 206-240 cycles on the real machine.
//
// A load of a line displaced from E$ and D$: the memory latency.
#include "microbench.h"

MB_DEFINE_TIMED("", "ldx [%[a]], %%g1")

MB_ROW("T2.1", "ld, line invalid in E$ (served by memory)", MB_ECACHE_MISS, 0);
