// Benchmark: integer, branchy. Sorts 400000 pseudo-random 32-bit keys with
// qsort (indirect comparator calls), the quicksort of sw/lib/sort_kernels.h
// and a bottom-up merge sort, several rounds; verifies the three agree and
// prints a checksum.
#include "lcg.h"
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SORT_KEY uint32_t
#include "sort_kernels.h"

#define N 400000
#define ROUNDS 2

// The high half of the LCG state: full-range 32-bit keys.
static uint32_t next_key(uint64_t* s) {
    return (uint32_t)(lcg_step(s) >> 32);
}

static void merge_sort(uint32_t* a, uint32_t* tmp, long n) {
    for (long width = 1; width < n; width *= 2) {
        for (long lo = 0; lo < n; lo += 2 * width) {
            long mid = lo + width < n ? lo + width : n;
            long hi = lo + 2 * width < n ? lo + 2 * width : n;
            merge_runs(a, tmp, lo, mid, hi);
        }
        memcpy(a, tmp, sizeof(uint32_t) * (size_t)n); // the merged runs are in tmp
    }
}

int main(int argc, char** argv) {
    int rounds = argc > 1 ? atoi(argv[1]) : ROUNDS;
    uint32_t* in = malloc(sizeof(uint32_t) * N);
    uint32_t* a = malloc(sizeof(uint32_t) * N);
    uint32_t* b = malloc(sizeof(uint32_t) * N);
    uint32_t* c = malloc(sizeof(uint32_t) * N);
    uint32_t* tmp = malloc(sizeof(uint32_t) * N);
    uint64_t seed = 1, sum = 0;
    int ok = 1;
    for (int r = 0; r < rounds; r++) {
        for (long i = 0; i < N; i++)
            in[i] = next_key(&seed);
        memcpy(a, in, sizeof(uint32_t) * N);
        memcpy(b, in, sizeof(uint32_t) * N);
        memcpy(c, in, sizeof(uint32_t) * N);
        qsort(a, N, sizeof(uint32_t), sort_key_cmp);
        quick_sort(b, 0, N - 1);
        merge_sort(c, tmp, N);
        ok &= memcmp(a, b, sizeof(uint32_t) * N) == 0 && memcmp(a, c, sizeof(uint32_t) * N) == 0;
        for (long i = 0; i < N; i += 97)
            sum = sum * 31 + a[i];
    }
    printf("sorted %d x %d keys, agree %d, checksum %016llx\n", rounds, N, ok,
           (unsigned long long)sum);
    return ok ? 0 : 1;
}
