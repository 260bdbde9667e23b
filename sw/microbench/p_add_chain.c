// P.1 add chain (integer ALU latency 1)
// Rule: an integer ALU result can be used by the next group.
//
// Each add reads the one before it: one add a cycle, 32 units = 32 cycles.
#include "pipeline_bench.h"

PB_ROW("P.1", "add chain (integer ALU latency 1)", 1, "", "add %%g1, 1, %%g1\n\t");
