// P.16 mulx chain (latency 7)
// Rule: a mulx result can be used 7 cycles after its group (and nothing
// dispatches in the 4 cycles after it, which the chain waits out anyway).
//
// Each multiply reads the one before it (x 1: %g1 keeps its full-width value):
// 32 x 7 = 224 cycles.
#include "pipeline_bench.h"

PB_ROW("P.16", "mulx chain (latency 7)", 1, "mov -1, %%g1\n\t", "mulx %%g1, 1, %%g1\n\t");
