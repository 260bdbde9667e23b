// The multi-CPU demo: two OpenMP kernels over all CPUs, a tiled matrix
// multiply of doubles and a Jacobi relaxation of a 2D grid, with a short
// report. Every result element is computed by one thread in a fixed order
// and checksums are per-row sums added serially, so the report is
// bit-identical whatever the thread count (only the "threads" line changes).
//
// Usage: omp_kernels [-t threads | threads] [-r rounds]
// Threads default to OMP_NUM_THREADS, else every CPU (omp_get_num_procs()).
// Rounds (default 1) repeat both kernels, for runs long enough to sample:
// the matrix product is the same every round, the relaxation goes on.
// The two kernels are the region of interest (FIREPLANE_ROI_*; the magic
// instructions are no-ops elsewhere, qemu-sparc64 included). Unless
// OMP_WAIT_POLICY or GOMP_SPINCOUNT is set, idle threads sleep in the
// kernel instead of spinning ~300000 times per wait, which on a simulator
// would cost millions of instructions per idle CPU at every barrier.
#include "fireplane_magic.h"

#include <math.h>
#include <omp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum {
    kN = 120,     // matrix order
    kTile = 20,   // 6 x 6 = 36 tiles of C: 3 per thread on 12 CPUs
    kGrid = 160,  // interior points per side of the Jacobi grid
    kSweeps = 40, // Jacobi iterations
};

// Runs before libgomp's constructor (default priority), which reads the environment.
__attribute__((constructor(101))) static void passive_waits(void) {
    if (!getenv("OMP_WAIT_POLICY") && !getenv("GOMP_SPINCOUNT"))
        setenv("OMP_WAIT_POLICY", "passive", 0);
}

static double A[kN][kN], B[kN][kN], C[kN][kN];
static double grid[2][kGrid + 2][kGrid + 2];
static double row_sum[kGrid + 2], row_delta[kGrid + 2];

// A deterministic value in [-1, 1) from an index (splitmix64's finaliser).
static double hash_unit(uint64_t x) {
    x += 0x9e3779b97f4a7c15ULL;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
    x ^= x >> 31;
    return (double)(x >> 11) * 0x1p-52 - 1.0;
}

// The Jacobi grid at the start: hot top edge, cold other edges, noise inside.
static double initial_value(int i, int j) {
    if (i == 0) return 1.0;
    if (i > kGrid || j == 0 || j > kGrid) return 0.0;
    return hash_unit((uint64_t)(i * 1000 + j));
}

// C = A * B by kTile x kTile tiles of C, spread over the threads. Within a
// tile each C[i][j] accumulates k in ascending order, as the naive loop does,
// so the result is bit-identical to it and independent of the thread count.
static void matmul(void) {
    enum { tiles = (kN + kTile - 1) / kTile };
#pragma omp parallel for collapse(2) schedule(static)
    for (int ti = 0; ti < tiles; ti++)
        for (int tj = 0; tj < tiles; tj++) {
            int i0 = ti * kTile, j0 = tj * kTile;
            int i1 = i0 + kTile < kN ? i0 + kTile : kN;
            int j1 = j0 + kTile < kN ? j0 + kTile : kN;
            for (int i = i0; i < i1; i++)
                for (int j = j0; j < j1; j++)
                    C[i][j] = 0.0;
            for (int k0 = 0; k0 < kN; k0 += kTile) {
                int k1 = k0 + kTile < kN ? k0 + kTile : kN;
                for (int i = i0; i < i1; i++)
                    for (int k = k0; k < k1; k++) {
                        double a = A[i][k];
                        for (int j = j0; j < j1; j++)
                            C[i][j] += a * B[k][j];
                    }
            }
        }
}

// kSweeps Jacobi sweeps of the Laplace equation from a noisy interior,
// boundary fixed (hot top edge, the rest 0). One parallel region: the
// loop's implicit barrier separates sweeps. row_delta gets each row's
// largest update in the last sweep.
static void jacobi(void) {
#pragma omp parallel
    for (int s = 0; s < kSweeps; s++) {
        double(*src)[kGrid + 2] = grid[s % 2];
        double(*dst)[kGrid + 2] = grid[(s + 1) % 2];
#pragma omp for schedule(static)
        for (int i = 1; i <= kGrid; i++) {
            double delta = 0.0;
            for (int j = 1; j <= kGrid; j++) {
                double v = 0.25 * (src[i - 1][j] + src[i + 1][j] + src[i][j - 1] + src[i][j + 1]);
                double d = fabs(v - src[i][j]);
                delta = d > delta ? d : delta;
                dst[i][j] = v;
            }
            row_delta[i] = delta;
        }
    }
}

static void usage(const char* program) {
    fprintf(stderr, "usage: %s [-t threads | threads] [-r rounds]\n", program);
    exit(2);
}

// A whole number in [1, 1024], or the usage.
static int count_arg(const char* arg, const char* program) {
    char* end;
    long n = strtol(arg, &end, 10);
    if (end == arg || *end != '\0' || n < 1 || n > 1024) usage(program);
    return (int)n;
}

int main(int argc, char** argv) {
    int threads = 0, rounds = 1;
    for (int i = 1; i < argc; i++) {
        if ((strcmp(argv[i], "-t") == 0 || strcmp(argv[i], "-r") == 0) && i + 1 < argc) {
            int* target = argv[i][1] == 't' ? &threads : &rounds;
            *target = count_arg(argv[++i], argv[0]);
        } else if (i == 1) {
            threads = count_arg(argv[i], argv[0]);
        } else {
            usage(argv[0]);
        }
    }
    if (threads == 0)
        threads = getenv("OMP_NUM_THREADS") ? omp_get_max_threads() : omp_get_num_procs();
    omp_set_dynamic(0);
    omp_set_num_threads(threads);
    printf("omp_kernels: %d threads\n", threads);

    // Each thread first touches the rows it will work on.
#pragma omp parallel for schedule(static)
    for (int i = 0; i < kN; i++)
        for (int j = 0; j < kN; j++) {
            A[i][j] = hash_unit((uint64_t)i * kN + (uint64_t)j);
            B[i][j] = hash_unit((uint64_t)(kN * kN + i * kN + j));
        }
#pragma omp parallel for schedule(static)
    for (int i = 0; i < kGrid + 2; i++)
        for (int j = 0; j < kGrid + 2; j++)
            grid[0][i][j] = grid[1][i][j] = initial_value(i, j);

    FIREPLANE_ROI_BEGIN();
    for (int r = 0; r < rounds; r++) {
        matmul();
        jacobi();
    }
    FIREPLANE_ROI_END();

    // Matmul report: per-row sums (fixed order) added serially.
#pragma omp parallel for schedule(static)
    for (int i = 0; i < kN; i++) {
        double s = 0.0;
        for (int j = 0; j < kN; j++)
            s += C[i][j];
        row_sum[i] = s;
    }
    double checksum = 0.0, trace = 0.0;
    for (int i = 0; i < kN; i++) {
        checksum += row_sum[i];
        trace += C[i][i];
    }
    // A few rows against the naive loop: equal bit for bit.
    int same = 1;
    for (int i = 0; i < kN; i += 37)
        for (int j = 0; j < kN; j++) {
            double s = 0.0;
            for (int k = 0; k < kN; k++)
                s += A[i][k] * B[k][j];
            same = same && s == C[i][j];
        }
    printf("matmul: %dx%d doubles in %dx%d tiles, checksum %.15e, trace %.15e, "
           "sampled rows match the naive loop: %s\n",
           kN, kN, kTile, kTile, checksum, trace, same ? "yes" : "no");

    const double(*u)[kGrid + 2] = grid[kSweeps % 2];
#pragma omp parallel for schedule(static)
    for (int i = 1; i <= kGrid; i++) {
        double s = 0.0;
        for (int j = 1; j <= kGrid; j++)
            s += u[i][j];
        row_sum[i] = s;
    }
    double heat = 0.0, delta = 0.0;
    for (int i = 1; i <= kGrid; i++) {
        heat += row_sum[i];
        delta = row_delta[i] > delta ? row_delta[i] : delta;
    }
    printf("jacobi: %dx%d grid, %d sweeps, interior sum %.15e, centre %.15e, "
           "largest update in the last sweep %.6e\n",
           kGrid, kGrid, kSweeps * rounds, heat, u[kGrid / 2][kGrid / 2], delta);
    return same ? 0 : 1;
}
