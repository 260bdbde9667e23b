// A 7-point Jacobi stencil on a 3-D grid of doubles, the kind of loop the
// memory paper's NAS runs spend their time in. The region of interest is the
// sweeps; the program prints a checksum of the grid.
//
//   stencil3d [N] [SWEEPS]   (default 48, 8: a 48^3 grid, 8 sweeps)
#include "fireplane_magic.h"

#include <stdio.h>
#include <stdlib.h>

#define AT(g, i, j, k) (g)[((size_t)(i) * n + (j)) * n + (k)]

int main(int argc, char** argv) {
    const int n = argc > 1 ? atoi(argv[1]) : 48;
    const int sweeps = argc > 2 ? atoi(argv[2]) : 8;
    if (n < 3 || sweeps < 1) return 2;
    double* a = malloc(sizeof(double) * (size_t)n * n * n);
    double* b = malloc(sizeof(double) * (size_t)n * n * n);
    if (!a || !b) return 1;
    for (int i = 0; i < n; ++i)
        for (int j = 0; j < n; ++j)
            for (int k = 0; k < n; ++k)
                AT(a, i, j, k) = AT(b, i, j, k) = (double)((i * 7 + j * 3 + k) % 17) / 17.0;

    FIREPLANE_ROI_BEGIN();
    for (int s = 0; s < sweeps; ++s) {
        for (int i = 1; i < n - 1; ++i)
            for (int j = 1; j < n - 1; ++j)
                for (int k = 1; k < n - 1; ++k)
                    AT(b, i, j, k) = (1.0 / 6.0) * (AT(a, i - 1, j, k) + AT(a, i + 1, j, k) +
                                                    AT(a, i, j - 1, k) + AT(a, i, j + 1, k) +
                                                    AT(a, i, j, k - 1) + AT(a, i, j, k + 1));
        double* t = a;
        a = b;
        b = t;
    }
    FIREPLANE_ROI_END();

    double sum = 0;
    for (size_t x = 0; x < (size_t)n * n * n; ++x)
        sum += a[x] * (double)(x % 13 + 1);
    printf("stencil3d: %d^3, %d sweeps, checksum %.9e\n", n, sweeps, sum);
    free(a);
    free(b);
    return 0;
}
