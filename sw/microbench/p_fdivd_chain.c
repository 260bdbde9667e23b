// P.13 fdivd chain (latency 20)
// Rule: an fdivd result can be used 20 cycles after its group.
//
// Each divide reads the one before it (1.0 / 1.0 stays 1.0); the FGM pipe is
// free again after 18 cycles, before the result: 32 x 20 = 640 cycles.
#include "pipeline_bench.h"

PB_ROW("P.13", "fdivd chain (latency 20)", 1,
       "ldd " PB_ONE ", %%f0\n\t"
       "ldd " PB_ONE ", %%f2\n\t",
       "fdivd %%f0, %%f2, %%f0\n\t");
