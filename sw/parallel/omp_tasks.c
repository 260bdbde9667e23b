// Counting the solutions of the 11-queens problem with OpenMP tasks: one
// task per placement of the first two queens, the rest searched serially
// inside each task, the counts added under a critical section. Tasks are
// uneven, so threads take them from libgomp's queue (locks, futexes) rather
// than from a static split. The count does not depend on the thread count.
//
// Usage: omp_tasks [threads]   (default: every CPU)
#include "fireplane_magic.h"
#include "thread_count.h"

#include <omp.h>
#include <stdio.h>

enum { kN = 11 };

static long solutions;

// Places queens from `row` on, given the columns and diagonals taken so far.
static long place(int row, unsigned cols, unsigned left, unsigned right) {
    if (row == kN) return 1;
    long count = 0;
    unsigned free_ = ~(cols | left | right) & ((1u << kN) - 1);
    while (free_) {
        const unsigned bit = free_ & -free_;
        free_ -= bit;
        count += place(row + 1, cols | bit, (left | bit) << 1, (right | bit) >> 1);
    }
    return count;
}

int main(int argc, char** argv) {
    omp_set_num_threads(thread_count_arg(argc, argv, omp_get_num_procs(), 64));
    FIREPLANE_ROI_BEGIN();
#pragma omp parallel
#pragma omp single
    for (int a = 0; a < kN; a++)
        for (int b = 0; b < kN; b++) {
            if (b == a || b == a - 1 || b == a + 1) continue;
#pragma omp task firstprivate(a, b)
            {
                const unsigned qa = 1u << a, qb = 1u << b;
                const long n = place(2, qa | qb, ((qa << 1) | qb) << 1, ((qa >> 1) | qb) >> 1);
#pragma omp critical
                solutions += n;
            }
        }
    FIREPLANE_ROI_END();
    printf("%d-queens: %ld solutions\n", kN, solutions);
    return 0;
}
