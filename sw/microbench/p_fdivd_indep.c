// P.14 independent fdivd (FGM busy 18 cycles)
// Rule: after an FP divide the FGM pipe stays busy latency - 3 = 17 more cycles.
//
// The divides read registers nothing writes, so only the pipe holds them
// back: one every 1 + 17 = 18 cycles, 32 x 18 = 576 cycles.
#include "pipeline_bench.h"

PB_ROW("P.14", "independent fdivd (FGM busy 18 cycles)", 1,
       "ldd " PB_ONE ", %%f2\n\t"
       "ldd " PB_ONE ", %%f6\n\t",
       "fdivd %%f6, %%f2, %%f4\n\t");
