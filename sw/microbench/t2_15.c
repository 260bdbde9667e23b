// T2.15 cas, I, foreign M
// Paper, Table 2: 301-321 cycles on the real machine.
//
// Set up as T2.8: CPU 1 stores to A (M in CPU 1, invalidated here, whatever
// the previous cas left: M here). The cas needs the line exclusive and its
// data: a read-to-own that CPU 1's E$ answers (a cache-to-cache transfer,
// invalidating its copy), then the atomic (paper: about 270 + 40).
#include "microbench.h"

MB_DEFINE_TIMED("", "casx [%[a]], %%g0, %%g1")

MB_ROW_2CPU("T2.15", "cas, I, foreign M", {MB_CPU1, MB_STORE});
