// Hand-written sorting algorithms on the same pseudo-random data: insertion,
// shell, heap, merge (top-down, recursive), quick (median of three, with an
// explicit recursion on the smaller side) and LSD radix sort. Branchy,
// data-dependent code with array indexing; every result must equal the
// reference and be a permutation of the input (same checksum). Insertion and
// quick sort and the merge step are sw/lib/sort_kernels.h's, shared with
// sw/bench/sort.c.
#include "check.h"
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SORT_KEY int32_t
#include "sort_kernels.h"

#define N 6000

static void shell_sort(int32_t* a, int n) {
    static const int gaps[] = {1750, 701, 301, 132, 57, 23, 10, 4, 1}; // Ciura's sequence
    for (unsigned g = 0; g < sizeof(gaps) / sizeof(gaps[0]); g++) {
        int gap = gaps[g];
        for (int i = gap; i < n; i++) {
            int32_t v = a[i];
            int j = i;
            for (; j >= gap && a[j - gap] > v; j -= gap)
                a[j] = a[j - gap];
            a[j] = v;
        }
    }
}

static void sift_down(int32_t* a, int start, int end) {
    int root = start;
    while (2 * root + 1 <= end) {
        int child = 2 * root + 1;
        if (child + 1 <= end && a[child] < a[child + 1]) child++;
        if (a[root] >= a[child]) return;
        sort_swap(&a[root], &a[child]);
        root = child;
    }
}

static void heap_sort(int32_t* a, int n) {
    for (int start = (n - 2) / 2; start >= 0; start--)
        sift_down(a, start, n - 1);
    for (int end = n - 1; end > 0; end--) {
        sort_swap(&a[0], &a[end]);
        sift_down(a, 0, end - 1);
    }
}

static void merge_rec(int32_t* a, int32_t* tmp, int lo, int hi) {
    if (hi - lo < 2) return;
    int mid = lo + (hi - lo) / 2;
    merge_rec(a, tmp, lo, mid);
    merge_rec(a, tmp, mid, hi);
    merge_runs(a, tmp, lo, mid, hi);
    memcpy(a + lo, tmp + lo, sizeof(int32_t) * (size_t)(hi - lo));
}

static void merge_sort(int32_t* a, int n) {
    int32_t* tmp = malloc(sizeof(int32_t) * (size_t)n);
    merge_rec(a, tmp, 0, n);
    free(tmp);
}

static void radix_sort(int32_t* a, int n) {
    uint32_t* keys = malloc(sizeof(uint32_t) * (size_t)n);
    uint32_t* out = malloc(sizeof(uint32_t) * (size_t)n);
    for (int i = 0; i < n; i++)
        keys[i] = (uint32_t)a[i] ^ 0x80000000u; // signed order
    for (int shift = 0; shift < 32; shift += 8) {
        unsigned count[257] = {0};
        for (int i = 0; i < n; i++)
            count[((keys[i] >> shift) & 0xff) + 1]++;
        for (int b = 0; b < 256; b++)
            count[b + 1] += count[b];
        for (int i = 0; i < n; i++)
            out[count[(keys[i] >> shift) & 0xff]++] = keys[i];
        uint32_t* t = keys;
        keys = out;
        out = t;
    }
    for (int i = 0; i < n; i++)
        a[i] = (int32_t)(keys[i] ^ 0x80000000u);
    free(keys);
    free(out);
}

static uint64_t multiset_sum(const int32_t* a, int n) {
    uint64_t s = 0; // order-independent
    for (int i = 0; i < n; i++)
        s += (uint64_t)((uint32_t)a[i] * 2654435761u) * 0x9e3779b9u;
    return s;
}

int main(void) {
    static int32_t input[N], ref[N], work[N];
    // Data sets: random, with many duplicates, sorted, reversed, organ pipe.
    for (int set = 0; set < 5; set++) {
        uint64_t seed = 1000 + (uint64_t)set;
        for (int i = 0; i < N; i++) {
            switch (set) {
            case 0: input[i] = (int32_t)(lcg_next(&seed) & 0xffffffff); break;
            case 1: input[i] = (int32_t)(lcg_next(&seed) % 17) - 8; break;
            case 2: input[i] = i * 3 - 5000; break;
            case 3: input[i] = N - i; break;
            default: input[i] = i < N / 2 ? i : N - i; break;
            }
        }
        memcpy(ref, input, sizeof ref);
        qsort(ref, N, sizeof ref[0], sort_key_cmp);
        uint64_t want = multiset_sum(input, N);
        static const char* names[] = {"insertion", "shell", "heap", "merge", "quick", "radix"};
        printf("set %d: min %" PRId32 " max %" PRId32 " median %" PRId32 "; ok:", set, ref[0],
               ref[N - 1], ref[N / 2]);
        for (int alg = 0; alg < 6; alg++) {
            memcpy(work, input, sizeof work);
            int n = alg == 0 ? 1500 : N; // insertion sort is O(n^2): a prefix only
            switch (alg) {
            case 0: insertion_sort(work, n); break;
            case 1: shell_sort(work, n); break;
            case 2: heap_sort(work, n); break;
            case 3: merge_sort(work, n); break;
            case 4: quick_sort(work, 0, n - 1); break;
            default: radix_sort(work, n); break;
            }
            int ok;
            if (n == N) {
                ok = memcmp(work, ref, sizeof ref) == 0 && multiset_sum(work, N) == want;
            } else {
                ok = 1;
                for (int i = 1; i < n; i++)
                    if (work[i - 1] > work[i]) ok = 0;
            }
            printf(" %s=%d", names[alg], ok);
            CHECK(ok);
        }
        printf("\n");
    }
    return check_done();
}
