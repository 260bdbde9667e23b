// Benchmark: integer multiply-add. C = A x B for 200x200 32-bit matrices
// (64-bit accumulation) in the cache-friendly i-k-j order, several rounds
// with the result fed back into A; prints a checksum.
#include "lcg.h"
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define N 200
#define ROUNDS 30

static int32_t a[N][N], b[N][N];
static int64_t c[N][N];

int main(int argc, char** argv) {
    int rounds = argc > 1 ? atoi(argv[1]) : ROUNDS;
    uint64_t s = 12345;
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++) {
            lcg_step(&s);
            a[i][j] = (int32_t)(s >> 54) - 512;
            b[i][j] = (int32_t)((s >> 20) & 1023) - 512;
        }
    uint64_t sum = 0;
    for (int r = 0; r < rounds; r++) {
        memset(c, 0, sizeof c);
        for (int i = 0; i < N; i++)
            for (int k = 0; k < N; k++) {
                int64_t aik = a[i][k];
                for (int j = 0; j < N; j++)
                    c[i][j] += aik * b[k][j];
            }
        for (int i = 0; i < N; i++)
            for (int j = 0; j < N; j++) {
                sum = sum * 1000003 + (uint64_t)c[i][j];
                a[i][j] = (int32_t)(c[i][j] % 1021); // keep values small for the next round
            }
    }
    printf("matmul %dx%d x%d checksum %016llx c[7][9]=%lld\n", N, N, rounds,
           (unsigned long long)sum, (long long)c[7][9]);
    return 0;
}
