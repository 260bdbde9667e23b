// P.12 faddd and fmuld (FGA and FGM in one group)
// Rule: the FP add (FGA) and FP multiply (FGM) pipes are separate.
//
// An independent add and multiply a unit, one group each unit: 32 cycles.
#include "pipeline_bench.h"

PB_ROW("P.12", "faddd and fmuld (FGA and FGM in one group)", 2,
       "ldd " PB_ONE ", %%f0\n\t"
       "ldd " PB_ONE ", %%f2\n\t"
       "ldd " PB_ONE ", %%f6\n\t"
       "ldd " PB_ONE ", %%f8\n\t",
       "faddd %%f0, %%f2, %%f4\n\t"
       "fmuld %%f6, %%f8, %%f10\n\t");
