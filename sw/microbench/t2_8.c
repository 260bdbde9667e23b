// T2.8 cache-to-cache transfer (ld of a line Modified in the other CPU)
// Paper, Table 2: 269-273 cycles on the real machine.
//
// The paper's Figure 3: the other CPU stores to A and waits at a barrier;
// this one times a load of A. CPU 1's store (drained with MEMBAR #Sync)
// leaves A M in CPU 1 and invalidates every copy in CPU 0's E$ and D$,
// whatever the previous repetition left there (S: this load turned CPU 1's M
// into O), so the load misses and CPU 1's E$ supplies the line.
#include "microbench.h"

MB_DEFINE_TIMED("", "ldx [%[a]], %%g1")

MB_ROW_2CPU("T2.8", "cache-to-cache transfer (ld of a line Modified in the other CPU)",
            {MB_CPU1, MB_STORE});
