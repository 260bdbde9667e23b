// P.9 faddd chain (FP add latency 4)
// Rule: an faddd result can be used four cycles after its group.
//
// Each add reads the one before it (%f0 counts up from 1.0 by 1.0, exactly):
// 32 x 4 = 128 cycles.
#include "pipeline_bench.h"

PB_ROW("P.9", "faddd chain (FP add latency 4)", 1,
       "ldd " PB_ONE ", %%f0\n\t"
       "ldd " PB_ONE ", %%f2\n\t",
       "faddd %%f0, %%f2, %%f0\n\t");
