// T2.5 st, E$ S (upgrade)
// Paper, Table 2: 126-134 cycles on the real machine.
//
// A store to a line both CPUs hold shared and clean. Each repetition, CPU 0
// flushes its E$ by displacement (the previous repetition's store left A M
// here; the flush writes it back), loads A (E, no other copy: CPU 1's was
// invalidated by that store), then CPU 1 loads A: S in both, memory current.
// The store needs the line exclusive: an upgrade (read-to-own without data)
// that invalidates CPU 1's copy. As in T2.4, MEMBAR #Sync after the store, in
// the timed part and its empty twin, waits until the store has left the store
// buffer, so the upgrade is inside the measurement.
#include "microbench.h"

MB_DEFINE_TIMED_POST("", "stx %%g0, [%[a]]", "membar #Sync\n\t")

MB_ROW_2CPU("T2.5", "st, E$ S (upgrade)", {MB_CPU0, MB_FLUSH_EC}, {MB_CPU0, MB_LOAD},
            {MB_CPU1, MB_LOAD});
