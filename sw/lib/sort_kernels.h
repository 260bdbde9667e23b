// Hand-written in-place sorting kernels over one integer key type, ascending:
// branchy, data-dependent loops with array indexing. Define SORT_KEY to the
// key type before including, e.g.
//
//   #define SORT_KEY int32_t
//   #include "sort_kernels.h"
//
// which defines, for that type:
//   sort_key_cmp(x, y)          qsort comparator
//   sort_swap(x, y)             exchanges *x and *y
//   insertion_sort(a, n)        sorts a[0..n)
//   merge_runs(src, dst, lo, mid, hi)
//                               merges the sorted src[lo..mid) and src[mid..hi)
//                               into dst[lo..hi), stably
//   quick_sort(a, lo, hi)       sorts a[lo..hi] (inclusive bounds)
#ifndef FIREPLANE_SW_LIB_SORT_KERNELS_H
#define FIREPLANE_SW_LIB_SORT_KERNELS_H

#ifndef SORT_KEY
#error "define SORT_KEY to the key type before including sort_kernels.h"
#endif

static inline int sort_key_cmp(const void* x, const void* y) {
    SORT_KEY a = *(const SORT_KEY*)x, b = *(const SORT_KEY*)y;
    return (a > b) - (a < b);
}

static inline void sort_swap(SORT_KEY* a, SORT_KEY* b) {
    SORT_KEY t = *a;
    *a = *b;
    *b = t;
}

static inline void insertion_sort(SORT_KEY* a, long n) {
    for (long i = 1; i < n; i++) {
        SORT_KEY v = a[i];
        long j = i - 1;
        while (j >= 0 && a[j] > v) {
            a[j + 1] = a[j];
            j--;
        }
        a[j + 1] = v;
    }
}

static inline void merge_runs(const SORT_KEY* src, SORT_KEY* dst, long lo, long mid, long hi) {
    long i = lo, j = mid, k = lo;
    while (i < mid && j < hi)
        dst[k++] = src[i] <= src[j] ? src[i++] : src[j++];
    while (i < mid)
        dst[k++] = src[i++];
    while (j < hi)
        dst[k++] = src[j++];
}

// Quicksort with a median-of-three pivot and Hoare partitioning; recurses into
// the smaller part and loops on the larger (O(log n) depth), and leaves parts
// of 12 or fewer keys to insertion sort.
static inline void quick_sort(SORT_KEY* a, long lo, long hi) {
    while (hi - lo > 12) {
        long mid = lo + (hi - lo) / 2;
        if (a[mid] < a[lo]) sort_swap(&a[mid], &a[lo]);
        if (a[hi] < a[lo]) sort_swap(&a[hi], &a[lo]);
        if (a[hi] < a[mid]) sort_swap(&a[hi], &a[mid]);
        SORT_KEY pivot = a[mid];
        long i = lo, j = hi;
        while (i <= j) {
            while (a[i] < pivot)
                i++;
            while (a[j] > pivot)
                j--;
            if (i <= j) sort_swap(&a[i++], &a[j--]);
        }
        if (j - lo < hi - i) {
            quick_sort(a, lo, j);
            lo = i;
        } else {
            quick_sort(a, i, hi);
            hi = j;
        }
    }
    insertion_sort(a + lo, hi - lo + 1);
}

#endif
