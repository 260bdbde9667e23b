// P.17 udivx chain (latency 72)
// Rule: a udivx result can be used 72 cycles after its group (and nothing
// dispatches in the 69 cycles after it, which the chain waits out anyway).
//
// Each divide reads the one before it (/ 1: %g1 keeps its full-width value):
// 32 x 72 = 2304 cycles.
#include "pipeline_bench.h"

PB_ROW("P.17", "udivx chain (latency 72)", 1, "mov -1, %%g1\n\t", "udivx %%g1, 1, %%g1\n\t");
