// T2.3 ld, D$ valid
// Paper, Table 2: 1 cycle on the real machine.
//
// A load of a line just loaded: the D$ hit latency.
#include "microbench.h"

MB_DEFINE_TIMED("", "ldx [%[a]], %%g1")

MB_ROW("T2.3", "ld, D$ valid", MB_DCACHE_HIT, 0);
