// T2.13 cas, O
// Paper, Table 2: 171-183 cycles on the real machine.
//
// CPU 0 stores to A (M here, invalidated in CPU 1), then CPU 1 loads it: CPU 0
// supplies the line and keeps it dirty, M -> O, and CPU 1 has it S. The cas
// needs the line exclusive: an upgrade that invalidates CPU 1's shared copy.
#include "microbench.h"

MB_DEFINE_TIMED("", "casx [%[a]], %%g0, %%g1")

MB_ROW_2CPU("T2.13", "cas, O", {MB_CPU0, MB_STORE}, {MB_CPU1, MB_LOAD});
