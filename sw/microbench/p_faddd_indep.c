// P.11 independent faddd (one FGA pipe)
// Rule: a group holds one FP add (pipe FGA), fully pipelined.
//
// Every add reads the same two registers, which nothing writes; they all
// write %f4, which costs nothing (no write-after-write stall). One a cycle:
// 32 cycles.
#include "pipeline_bench.h"

PB_ROW("P.11", "independent faddd (one FGA pipe)", 1,
       "ldd " PB_ONE ", %%f0\n\t"
       "ldd " PB_ONE ", %%f2\n\t",
       "faddd %%f0, %%f2, %%f4\n\t");
