// T2.12 cas, S, foreign O
// Paper, Table 2: 171-183 cycles on the real machine.
//
// CPU 1 stores to A (M in CPU 1, invalidated here), then CPU 0 loads it: CPU 1
// supplies the line and keeps it dirty, M -> O, and CPU 0 has it S. The cas
// needs the line exclusive: an upgrade that invalidates CPU 1's owned copy.
#include "microbench.h"

MB_DEFINE_TIMED("", "casx [%[a]], %%g0, %%g1")

MB_ROW_2CPU("T2.12", "cas, S, foreign O", {MB_CPU1, MB_STORE}, {MB_CPU0, MB_LOAD});
