// P.10 fmuld chain (FP multiply latency 4)
// Rule: an fmuld result can be used four cycles after its group.
//
// Each multiply reads the one before it (1.0 x 1.0 stays 1.0): 32 x 4 = 128 cycles.
#include "pipeline_bench.h"

PB_ROW("P.10", "fmuld chain (FP multiply latency 4)", 1,
       "ldd " PB_ONE ", %%f0\n\t"
       "ldd " PB_ONE ", %%f2\n\t",
       "fmuld %%f0, %%f2, %%f0\n\t");
