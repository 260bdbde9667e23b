// T2.11 cas, S, foreign S
// Paper, Table 2: 171-183 cycles on the real machine.
//
// A compare-and-swap of a line both CPUs hold shared and clean, set up as in
// T2.5: CPU 0 flushes its E$ (writing back the M line the previous cas left),
// loads A (E), then CPU 1 loads A (S in both, no owner). The cas needs the
// line exclusive: an upgrade, then the atomic (paper: about upgrade + atomic).
#include "microbench.h"

MB_DEFINE_TIMED("", "casx [%[a]], %%g0, %%g1")

MB_ROW_2CPU("T2.11", "cas, S, foreign S", {MB_CPU0, MB_FLUSH_EC}, {MB_CPU0, MB_LOAD},
            {MB_CPU1, MB_LOAD});
