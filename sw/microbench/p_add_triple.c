// P.4 three independent adds (two A pipes)
// Rule: a group holds at most two integer ALU instructions.
//
// 96 independent adds, two a group: 48 cycles.
#include "pipeline_bench.h"

PB_ROW("P.4", "three independent adds (two A pipes)", 3, "",
       "add %%g2, 1, %%g1\n\t"
       "add %%g2, 1, %%g3\n\t"
       "add %%g2, 1, %%g4\n\t");
