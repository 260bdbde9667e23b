// Matrix multiplication, integer and double, in several loop orders (ijk,
// ikj, tiled, against a transposed operand). All variants add the k terms in
// the same order, so their results must be bit-identical; the checksums are
// printed. gcc unrolls and (at -O3) vectorises these loops differently per
// order, which gives the ISS a variety of addressing and scheduling.
#include "check.h"
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#define N 72
#define TILE 16 // does not divide N, so the edge tiles are partial

static int32_t ai[N][N], bi[N][N], bti[N][N];
static int64_t ci[4][N][N];
static double ad[N][N], bd[N][N], btd[N][N], cd[4][N][N];

static void int_variants(void) {
    memset(ci, 0, sizeof ci);
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++) {
            int64_t s = 0;
            for (int k = 0; k < N; k++)
                s += (int64_t)ai[i][k] * bi[k][j];
            ci[0][i][j] = s;
        }
    for (int i = 0; i < N; i++)
        for (int k = 0; k < N; k++) {
            int64_t a = ai[i][k];
            for (int j = 0; j < N; j++)
                ci[1][i][j] += a * bi[k][j];
        }
    for (int ii = 0; ii < N; ii += TILE)
        for (int jj = 0; jj < N; jj += TILE)
            for (int i = ii; i < ii + TILE && i < N; i++)
                for (int j = jj; j < jj + TILE && j < N; j++) {
                    int64_t s = 0;
                    for (int k = 0; k < N; k++)
                        s += (int64_t)ai[i][k] * bi[k][j];
                    ci[2][i][j] = s;
                }
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++) {
            int64_t s = 0;
            for (int k = 0; k < N; k++)
                s += (int64_t)ai[i][k] * bti[j][k];
            ci[3][i][j] = s;
        }
}

static void double_variants(void) {
    memset(cd, 0, sizeof cd);
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++) {
            double s = 0;
            for (int k = 0; k < N; k++)
                s += ad[i][k] * bd[k][j];
            cd[0][i][j] = s;
        }
    for (int i = 0; i < N; i++)
        for (int k = 0; k < N; k++) {
            double a = ad[i][k];
            for (int j = 0; j < N; j++)
                cd[1][i][j] += a * bd[k][j];
        }
    for (int ii = 0; ii < N; ii += TILE)
        for (int jj = 0; jj < N; jj += TILE)
            for (int i = ii; i < ii + TILE && i < N; i++)
                for (int j = jj; j < jj + TILE && j < N; j++) {
                    double s = 0;
                    for (int k = 0; k < N; k++)
                        s += ad[i][k] * bd[k][j];
                    cd[2][i][j] = s;
                }
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++) {
            double s = 0;
            for (int k = 0; k < N; k++)
                s += ad[i][k] * btd[j][k];
            cd[3][i][j] = s;
        }
}

int main(void) {
    uint64_t seed = 7;
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++) {
            ai[i][j] = (int32_t)(lcg_next(&seed) % 2000001) - 1000000;
            bi[i][j] = (int32_t)(lcg_next(&seed) % 2000001) - 1000000;
            ad[i][j] = (double)ai[i][j] / 4096.0 + 0.1;
            bd[i][j] = (double)bi[i][j] / 1000.0 - 0.3;
        }
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++) {
            bti[j][i] = bi[i][j];
            btd[j][i] = bd[i][j];
        }
    // Repeat so the kernel dominates the run, as in a benchmark.
    for (int rep = 0; rep < 2; rep++) {
        int_variants();
        double_variants();
    }
    for (int v = 0; v < 4; v++)
        printf("int variant %d: checksum %016" PRIx64 " c[5][7]=%" PRId64 "\n", v,
               fnv1a64(ci[v], sizeof ci[v], FNV64_INIT), ci[v][5][7]);
    for (int v = 0; v < 4; v++)
        printf("double variant %d: checksum %016" PRIx64 " c[5][7]=%.17g\n", v,
               fnv1a64(cd[v], sizeof cd[v], FNV64_INIT), cd[v][5][7]);
    for (int v = 1; v < 4; v++) {
        CHECK(memcmp(ci[0], ci[v], sizeof ci[0]) == 0);
        CHECK(memcmp(cd[0], cd[v], sizeof cd[0]) == 0);
    }
    // Trace of A*B equals the sum of elementwise A .* B^T.
    int64_t trace = 0, dot = 0;
    for (int i = 0; i < N; i++) {
        trace += ci[0][i][i];
        for (int k = 0; k < N; k++)
            dot += (int64_t)ai[i][k] * bti[i][k];
    }
    printf("trace %" PRId64 "\n", trace);
    CHECK(trace == dot);
    return check_done();
}
