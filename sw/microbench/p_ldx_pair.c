// P.5 two independent ldx, D$ hit (one MS pipe)
// Rule: a group holds one load or store (pipe MS).
//
// 64 independent loads of one D$-resident line, one a group: 64 cycles.
#include "pipeline_bench.h"

PB_ROW("P.5", "two independent ldx, D$ hit (one MS pipe)", 2, "",
       "ldx " PB_ZERO ", %%g1\n\t"
       "ldx " PB_ONE ", %%g3\n\t");
