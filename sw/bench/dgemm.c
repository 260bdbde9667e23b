// Benchmark: double-precision dense linear algebra. C += A x B for 128x128
// matrices of doubles in the cache-friendly i-k-j order (one load of B, one
// multiply, one add and one load and store of C per step), several rounds
// accumulating into the same C. The three matrices (384 KiB) overflow the
// 64 KiB D$ but fit the E$. Prints C's sum with all 17 significant digits
// and an FNV-1a hash of C's bits, so one wrongly rounded operation changes
// the output.
#include "fnv1a.h"
#include "lcg.h"
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define N 128
#define ROUNDS 32

static double a[N][N], b[N][N], c[N][N];

// A double in [-1, 1) from the top 53 bits of the next LCG state.
static double next_double(uint64_t* s) {
    return (double)(lcg_step(s) >> 11) * 0x1p-52 - 1.0;
}

int main(int argc, char** argv) {
    int rounds = argc > 1 ? atoi(argv[1]) : ROUNDS;
    uint64_t s = 2718281828;
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++) {
            a[i][j] = next_double(&s);
            b[i][j] = next_double(&s);
            c[i][j] = 0.0;
        }
    for (int r = 0; r < rounds; r++)
        for (int i = 0; i < N; i++)
            for (int k = 0; k < N; k++) {
                double aik = a[i][k];
                for (int j = 0; j < N; j++)
                    c[i][j] += aik * b[k][j];
            }
    double sum = 0.0;
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++)
            sum += c[i][j];
    printf("dgemm %dx%d x%d: sum %.17g c[5][7] %.17g hash %016llx\n", N, N, rounds, sum, c[5][7],
           (unsigned long long)fnv1a64(c, sizeof c, FNV64_INIT));
    return 0;
}
