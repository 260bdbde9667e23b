// P.3 add, add, ldx, faddd (one full group)
// Rule: a group holds four instructions, here one each for A0, A1, MS and FGA.
//
// No instruction reads a result of the body, and fetch brings four a cycle,
// so every unit is one group: 32 cycles.
#include "pipeline_bench.h"

PB_ROW("P.3", "add, add, ldx, faddd (one full group)", 4,
       "ldd " PB_ONE ", %%f0\n\t"
       "ldd " PB_ONE ", %%f2\n\t",
       "add %%g2, 1, %%g1\n\t"
       "add %%g2, 1, %%g3\n\t"
       "ldx " PB_ZERO ", %%g4\n\t"
       "faddd %%f0, %%f2, %%f4\n\t");
