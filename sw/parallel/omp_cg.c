// Conjugate gradients in OpenMP, shaped like a CG benchmark's inner loop:
// the 5-point Laplacian of a 48 x 48 grid (2304 unknowns) in CSR form, 50
// iterations, each a sparse matrix-vector product, two dot products and
// three vector updates, so six parallel loops (and their barriers) per
// iteration. libgomp's waits keep their defaults.
//
// Dot products are summed per block of 64 rows and the blocks added
// serially, so the iterates are bit-identical whatever the thread count.
//
// Usage: omp_cg [threads]   (default: every CPU)
#include "fireplane_magic.h"
#include "thread_count.h"

#include <math.h>
#include <omp.h>
#include <stdio.h>

enum { kSide = 48, kRows = kSide * kSide, kBlock = 64, kBlocks = kRows / kBlock, kIters = 50 };

static int row_start[kRows + 1];
static int column[5 * kRows];
static double value[5 * kRows];
static double x[kRows], b[kRows], r[kRows], p[kRows], q[kRows];
static double block_sum[kBlocks];

static void build_matrix(void) {
    int n = 0;
    for (int i = 0; i < kSide; i++)
        for (int j = 0; j < kSide; j++) {
            const int row = i * kSide + j;
            row_start[row] = n;
            const int di[5] = {-1, 0, 0, 0, 1}, dj[5] = {0, -1, 0, 1, 0};
            for (int e = 0; e < 5; e++) {
                const int ii = i + di[e], jj = j + dj[e];
                if (ii < 0 || ii >= kSide || jj < 0 || jj >= kSide) continue;
                column[n] = ii * kSide + jj;
                value[n] = e == 2 ? 4.0 : -1.0;
                n++;
            }
        }
    row_start[kRows] = n;
    for (int row = 0; row < kRows; row++)
        b[row] = 1.0 + (row % 7) * 0.125;
}

static double dot(const double* u, const double* v) {
#pragma omp parallel for schedule(static)
    for (int blk = 0; blk < kBlocks; blk++) {
        double s = 0;
        for (int i = blk * kBlock; i < (blk + 1) * kBlock; i++)
            s += u[i] * v[i];
        block_sum[blk] = s;
    }
    double total = 0;
    for (int blk = 0; blk < kBlocks; blk++)
        total += block_sum[blk];
    return total;
}

int main(int argc, char** argv) {
    omp_set_num_threads(thread_count_arg(argc, argv, omp_get_num_procs(), 64));
    build_matrix();
    FIREPLANE_ROI_BEGIN();
#pragma omp parallel for schedule(static)
    for (int i = 0; i < kRows; i++) {
        x[i] = 0;
        r[i] = p[i] = b[i];
    }
    double rho = dot(r, r);
    for (int it = 1; it <= kIters; it++) {
#pragma omp parallel for schedule(static)
        for (int row = 0; row < kRows; row++) {
            double s = 0;
            for (int e = row_start[row]; e < row_start[row + 1]; e++)
                s += value[e] * p[column[e]];
            q[row] = s;
        }
        const double alpha = rho / dot(p, q);
#pragma omp parallel for schedule(static)
        for (int i = 0; i < kRows; i++) {
            x[i] += alpha * p[i];
            r[i] -= alpha * q[i];
        }
        const double next = dot(r, r);
        const double beta = next / rho;
        rho = next;
#pragma omp parallel for schedule(static)
        for (int i = 0; i < kRows; i++)
            p[i] = r[i] + beta * p[i];
        if (it % 10 == 0) printf("iteration %2d: residual %.12e\n", it, sqrt(rho));
    }
    FIREPLANE_ROI_END();
    printf("x[0] %.12e  x[mid] %.12e\n", x[0], x[kRows / 2 + kSide / 2]);
    return 0;
}
