// P.15 fsqrtd chain (latency 29)
// Rule: an fsqrtd result can be used 29 cycles after its group.
//
// Each square root reads the one before it (the root of 1.0 stays 1.0); the
// FGM pipe is free again after 27 cycles, before the result: 32 x 29 = 928 cycles.
#include "pipeline_bench.h"

PB_ROW("P.15", "fsqrtd chain (latency 29)", 1, "ldd " PB_ONE ", %%f0\n\t", "fsqrtd %%f0, %%f0\n\t");
