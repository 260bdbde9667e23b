// Multigrid V-cycles for the 2-D Poisson equation -lap(u) = f on the unit
// square (zero boundary): Gauss-Seidel smoothing, full-weighting restriction
// and bilinear prolongation over a hierarchy of grids, as NAS MG does in 3-D.
// The region of interest is the V-cycles; the program prints the residual's
// norm after each, which must fall.
//
//   multigrid [LEVELS] [CYCLES]   (default 8, 4: a 257 x 257 finest grid)
#include "fireplane_magic.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

typedef struct {
    int n; // points per side, boundary included: 2^k + 1
    double h;
    double *u, *f, *r;
} Grid;

#define IX(g, i, j) ((size_t)(i) * (size_t)(g)->n + (size_t)(j))

static void smooth(Grid* g, int sweeps) {
    const double h2 = g->h * g->h;
    for (int s = 0; s < sweeps; ++s)
        for (int i = 1; i < g->n - 1; ++i)
            for (int j = 1; j < g->n - 1; ++j)
                g->u[IX(g, i, j)] = 0.25 * (g->u[IX(g, i - 1, j)] + g->u[IX(g, i + 1, j)] +
                                            g->u[IX(g, i, j - 1)] + g->u[IX(g, i, j + 1)] +
                                            h2 * g->f[IX(g, i, j)]);
}

static double residual(Grid* g) {
    const double inv_h2 = 1.0 / (g->h * g->h);
    double norm = 0;
    for (int i = 1; i < g->n - 1; ++i)
        for (int j = 1; j < g->n - 1; ++j) {
            const double lap = (g->u[IX(g, i - 1, j)] + g->u[IX(g, i + 1, j)] +
                                g->u[IX(g, i, j - 1)] + g->u[IX(g, i, j + 1)] -
                                4.0 * g->u[IX(g, i, j)]) * inv_h2;
            const double r = g->f[IX(g, i, j)] + lap;
            g->r[IX(g, i, j)] = r;
            norm += r * r;
        }
    return sqrt(norm) * g->h;
}

// Full weighting of the fine residual onto the coarse grid's right-hand side.
static void restrict_residual(const Grid* fine, Grid* coarse) {
    for (int i = 1; i < coarse->n - 1; ++i)
        for (int j = 1; j < coarse->n - 1; ++j) {
            const int fi = 2 * i, fj = 2 * j;
            coarse->f[IX(coarse, i, j)] =
                0.25 * fine->r[IX(fine, fi, fj)] +
                0.125 * (fine->r[IX(fine, fi - 1, fj)] + fine->r[IX(fine, fi + 1, fj)] +
                         fine->r[IX(fine, fi, fj - 1)] + fine->r[IX(fine, fi, fj + 1)]) +
                0.0625 * (fine->r[IX(fine, fi - 1, fj - 1)] + fine->r[IX(fine, fi - 1, fj + 1)] +
                          fine->r[IX(fine, fi + 1, fj - 1)] + fine->r[IX(fine, fi + 1, fj + 1)]);
            coarse->u[IX(coarse, i, j)] = 0;
        }
}

// Bilinear interpolation of the coarse correction, added to the fine solution.
static void prolongate(const Grid* coarse, Grid* fine) {
    for (int i = 1; i < fine->n - 1; ++i)
        for (int j = 1; j < fine->n - 1; ++j) {
            const int ci = i / 2, cj = j / 2;
            double c;
            if (i % 2 == 0 && j % 2 == 0)
                c = coarse->u[IX(coarse, ci, cj)];
            else if (i % 2 == 0)
                c = 0.5 * (coarse->u[IX(coarse, ci, cj)] + coarse->u[IX(coarse, ci, cj + 1)]);
            else if (j % 2 == 0)
                c = 0.5 * (coarse->u[IX(coarse, ci, cj)] + coarse->u[IX(coarse, ci + 1, cj)]);
            else
                c = 0.25 * (coarse->u[IX(coarse, ci, cj)] + coarse->u[IX(coarse, ci + 1, cj)] +
                            coarse->u[IX(coarse, ci, cj + 1)] + coarse->u[IX(coarse, ci + 1, cj + 1)]);
            fine->u[IX(fine, i, j)] += c;
        }
}

static void v_cycle(Grid* g, int level, int levels) {
    if (level == levels - 1) {
        smooth(&g[level], 20); // the coarsest grid: smoothing solves it
        return;
    }
    smooth(&g[level], 2);
    residual(&g[level]);
    restrict_residual(&g[level], &g[level + 1]);
    v_cycle(g, level + 1, levels);
    prolongate(&g[level + 1], &g[level]);
    smooth(&g[level], 2);
}

int main(int argc, char** argv) {
    const int levels = argc > 1 ? atoi(argv[1]) : 8;
    const int cycles = argc > 2 ? atoi(argv[2]) : 4;
    if (levels < 2 || levels > 12 || cycles < 1) return 2;
    Grid g[12];
    for (int l = 0; l < levels; ++l) {
        g[l].n = (1 << (levels - l)) + 1;
        g[l].h = 1.0 / (g[l].n - 1);
        const size_t points = (size_t)g[l].n * (size_t)g[l].n;
        g[l].u = calloc(points, sizeof(double));
        g[l].f = calloc(points, sizeof(double));
        g[l].r = calloc(points, sizeof(double));
        if (!g[l].u || !g[l].f || !g[l].r) return 1;
    }
    for (int i = 1; i < g[0].n - 1; ++i) // f = 2 pi^2 sin(pi x) sin(pi y)
        for (int j = 1; j < g[0].n - 1; ++j)
            g[0].f[IX(&g[0], i, j)] = 2.0 * M_PI * M_PI * sin(M_PI * i * g[0].h) *
                                      sin(M_PI * j * g[0].h);

    double norms[32];
    FIREPLANE_ROI_BEGIN();
    for (int c = 0; c < cycles && c < 32; ++c) {
        v_cycle(g, 0, levels);
        norms[c] = residual(&g[0]);
    }
    FIREPLANE_ROI_END();

    printf("multigrid: %d x %d, %d levels\n", g[0].n, g[0].n, levels);
    int falls = 1;
    for (int c = 0; c < cycles && c < 32; ++c) {
        printf("multigrid: V-cycle %d: residual %.6e\n", c + 1, norms[c]);
        if (c > 0 && !(norms[c] < norms[c - 1])) falls = 0;
    }
    return falls ? 0 : 1;
}
