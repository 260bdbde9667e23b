// A 3-D Jacobi relaxation in OpenMP, shaped like the smoother of a multigrid
// benchmark: a 7-point stencil over a 32^3 grid, one parallel loop per sweep
// and one for the residual, so two barriers per sweep with little work
// between them. libgomp's waits are left at their defaults (spin, then
// sleep), as a user's program has them.
//
// The residual is summed per plane and the planes are added serially, so
// every printed figure is bit-identical whatever the thread count.
//
// Usage: omp_stencil [threads [sweeps]]   (default: every CPU, 40 sweeps)
#include "fireplane_magic.h"
#include "thread_count.h"

#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

enum { kN = 32, kSide = kN + 2, kDefaultSweeps = 40, kMaxSweeps = 100000 };

static double grid[2][kSide][kSide][kSide];
static double plane_residual[kSide];

static void initialise(void) {
    for (int i = 0; i < kSide; i++)
        for (int j = 0; j < kSide; j++)
            for (int k = 0; k < kSide; k++) {
                const double v = ((i * 31 + j * 17 + k * 7) % 101) / 100.0;
                grid[0][i][j][k] = grid[1][i][j][k] = v;
            }
}

// One sweep from grid[from] into grid[to]; returns the squared change.
static double sweep(int from, int to) {
    double(*const u)[kSide][kSide] = grid[from];
    double(*const v)[kSide][kSide] = grid[to];
#pragma omp parallel for schedule(static)
    for (int i = 1; i <= kN; i++)
        for (int j = 1; j <= kN; j++)
            for (int k = 1; k <= kN; k++)
                v[i][j][k] = (u[i - 1][j][k] + u[i + 1][j][k] + u[i][j - 1][k] + u[i][j + 1][k] +
                              u[i][j][k - 1] + u[i][j][k + 1]) /
                             6.0;
#pragma omp parallel for schedule(static)
    for (int i = 1; i <= kN; i++) {
        double s = 0;
        for (int j = 1; j <= kN; j++)
            for (int k = 1; k <= kN; k++) {
                const double d = v[i][j][k] - u[i][j][k];
                s += d * d;
            }
        plane_residual[i] = s;
    }
    double total = 0;
    for (int i = 1; i <= kN; i++)
        total += plane_residual[i];
    return total;
}

int main(int argc, char** argv) {
    omp_set_num_threads(thread_count_arg(argc, argv, omp_get_num_procs(), 64));
    const int sweeps = argc > 2 ? atoi(argv[2]) : kDefaultSweeps;
    if (sweeps < 1 || sweeps > kMaxSweeps) {
        fprintf(stderr, "usage: %s [threads [sweeps 1..%d]]\n", argv[0], kMaxSweeps);
        return 2;
    }
    initialise();
    FIREPLANE_ROI_BEGIN();
    for (int s = 0; s < sweeps; s++) {
        const double change = sweep(s & 1, (s & 1) ^ 1);
        if (s % 10 == 9 || s == sweeps - 1) printf("sweep %2d: change %.12e\n", s + 1, change);
    }
    FIREPLANE_ROI_END();
    double mass = 0;
    for (int i = 1; i <= kN; i++)
        for (int j = 1; j <= kN; j++)
            for (int k = 1; k <= kN; k++)
                mass += grid[sweeps & 1][i][j][k];
    printf("mass %.12e\n", mass);
    return 0;
}
