// P.7 ldsw chain (sign-extending load latency 3)
// Rule: a sign-extending load's result can be used three cycles after its group.
//
// The word at %g2 is 0 and %g1 starts at 0, so every load reads the one before
// it and loads 0 from the same address: 32 x 3 = 96 cycles.
#include "pipeline_bench.h"

PB_ROW("P.7", "ldsw chain (sign-extending load latency 3)", 1,
       "mov %[d], %%g2\n\t"
       "clr %%g1\n\t",
       "ldsw [%%g2 + %%g1], %%g1\n\t");
