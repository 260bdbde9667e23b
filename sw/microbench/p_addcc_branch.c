// P.18 addcc and be on its cc in one group
// Rule: a branch may read the cc of an addcc in the same group (bypass 0).
//
// %g1 counts up from 1, so the branch is never taken. A nop (sethi) takes an
// A pipe, so a unit is three A instructions and a branch; in-order groups run
// [addcc be nop] [nop addcc be] [nop nop]: 3 cycles per 2 units, 32 units =
// 48 cycles. Were the branch a group after its addcc, every unit would take
// [addcc] [be nop nop]: 64 cycles.
#include "pipeline_bench.h"

PB_ROW("P.18", "addcc and be on its cc in one group", 4, "mov 1, %%g1\n\t",
       "addcc %%g1, 1, %%g1\n\t"
       "be,pn %%xcc, .+12\n\t"
       "nop\n\t"
       "nop\n\t");
