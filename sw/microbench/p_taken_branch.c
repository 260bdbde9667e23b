// P.19 ba every second instruction (taken-branch bubble)
// Rule: a taken branch's target is fetched 3 cycles after the fetch group
// holding the branch (a 2-cycle bubble); ba is always taken, even to the word
// after its delay slot.
//
// Each unit is one fetch group (branch and delay slot), 3 cycles after the
// one before: 32 x 3 = 96 cycles.
#include "pipeline_bench.h"

PB_ROW("P.19", "ba every second instruction (taken-branch bubble)", 2, "",
       "ba .+8\n\t"
       "nop\n\t");
