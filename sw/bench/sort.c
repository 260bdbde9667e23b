// Benchmark: integer, branchy. Sorts 400000 pseudo-random 32-bit keys with
// qsort (indirect comparator calls), a hand-written quicksort and a bottom-up
// merge sort, several rounds; verifies the three agree and prints a checksum.
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define N 400000
#define ROUNDS 2

static uint32_t lcg(uint64_t* s) {
    *s = *s * 6364136223846793005ULL + 1442695040888963407ULL;
    return (uint32_t)(*s >> 32);
}

static int cmp_u32(const void* a, const void* b) {
    uint32_t x = *(const uint32_t*)a, y = *(const uint32_t*)b;
    return (x > y) - (x < y);
}

static void quick(uint32_t* a, long lo, long hi) {
    while (hi - lo > 16) {
        uint32_t p = a[lo + (hi - lo) / 2];
        long i = lo, j = hi;
        while (i <= j) {
            while (a[i] < p)
                i++;
            while (a[j] > p)
                j--;
            if (i <= j) {
                uint32_t t = a[i];
                a[i++] = a[j];
                a[j--] = t;
            }
        }
        if (j - lo < hi - i) {
            quick(a, lo, j);
            lo = i;
        } else {
            quick(a, i, hi);
            hi = j;
        }
    }
    for (long i = lo + 1; i <= hi; i++) { // insertion sort for the small rest
        uint32_t v = a[i];
        long j = i - 1;
        while (j >= lo && a[j] > v) {
            a[j + 1] = a[j];
            j--;
        }
        a[j + 1] = v;
    }
}

static void merge_sort(uint32_t* a, uint32_t* tmp, long n) {
    for (long width = 1; width < n; width *= 2) {
        for (long lo = 0; lo < n; lo += 2 * width) {
            long mid = lo + width < n ? lo + width : n;
            long hi = lo + 2 * width < n ? lo + 2 * width : n;
            long i = lo, j = mid, k = lo;
            while (i < mid && j < hi)
                tmp[k++] = a[i] <= a[j] ? a[i++] : a[j++];
            while (i < mid)
                tmp[k++] = a[i++];
            while (j < hi)
                tmp[k++] = a[j++];
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
            in[i] = lcg(&seed);
        memcpy(a, in, sizeof(uint32_t) * N);
        memcpy(b, in, sizeof(uint32_t) * N);
        memcpy(c, in, sizeof(uint32_t) * N);
        qsort(a, N, sizeof(uint32_t), cmp_u32);
        quick(b, 0, N - 1);
        merge_sort(c, tmp, N);
        ok &= memcmp(a, b, sizeof(uint32_t) * N) == 0 && memcmp(a, c, sizeof(uint32_t) * N) == 0;
        for (long i = 0; i < N; i += 97)
            sum = sum * 31 + a[i];
    }
    printf("sorted %d x %d keys, agree %d, checksum %016llx\n", rounds, N, ok,
           (unsigned long long)sum);
    return ok ? 0 : 1;
}
