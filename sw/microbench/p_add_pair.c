// P.2 two independent adds (two A pipes)
// Rule: a group holds two integer ALU instructions (pipes A0 and A1).
//
// Both adds read %g2, which nothing writes; rewriting %g1 and %g3 every unit
// costs nothing (no write-after-write stall). One group a unit: 32 cycles.
#include "pipeline_bench.h"

PB_ROW("P.2", "two independent adds (two A pipes)", 2, "",
       "add %%g2, 1, %%g1\n\t"
       "add %%g2, 1, %%g3\n\t");
