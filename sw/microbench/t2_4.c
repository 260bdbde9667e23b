// T2.4 st, E$ I
// Paper, Table 2: 180-205+ cycles on the real machine.
//
// A store to a line in neither the D$ nor the E$. Alone, a store only enters
// the store buffer; MEMBAR #Sync after it (in the timed part and in its empty
// twin) waits until it has left, which takes the read-to-own from memory.
#include "microbench.h"

MB_DEFINE_TIMED_POST("", "stx %%g0, [%[a]]", "membar #Sync\n\t")

MB_ROW("T2.4", "st, E$ I", MB_ECACHE_MISS, 0);
