// P.6 ldx pointer chase (load latency 2)
// Rule: an ldx result can be used two cycles after the load's group.
//
// %g1 points at a word holding its own address, so every load reads the one
// before it and loads the same value: 32 x 2 = 64 cycles.
#include "pipeline_bench.h"

PB_ROW("P.6", "ldx pointer chase (load latency 2)", 1, "ldx " PB_SELF ", %%g1\n\t",
       "ldx [%%g1], %%g1\n\t");
