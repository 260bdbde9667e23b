// T2.2 ld, D$ invalid, E$ valid
// Paper, Table 2: 18-23 cycles on the real machine.
//
// A load of a line in E$ but displaced from D$: the E$ hit latency.
#include "microbench.h"

MB_DEFINE_TIMED("", "ldx [%[a]], %%g1")

MB_ROW("T2.2", "ld, D$ invalid, E$ valid", MB_DCACHE_MISS, 0);
