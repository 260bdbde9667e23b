// qsort and bsearch through function pointers: glibc's qsort calls the
// comparator indirectly (jmpl through a register) from a merge sort with a
// temporary buffer, or an in-place quicksort for large elements. Sorting
// ints, doubles, strings and structs of odd sizes covers both paths.
#include "check.h"
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static unsigned long comparisons;

static int cmp_int(const void* a, const void* b) {
    comparisons++;
    int x = *(const int*)a, y = *(const int*)b;
    return (x > y) - (x < y); // not x - y, which can overflow
}
static int cmp_int_desc(const void* a, const void* b) {
    return -cmp_int(a, b);
}
static int cmp_u64(const void* a, const void* b) {
    uint64_t x = *(const uint64_t*)a, y = *(const uint64_t*)b;
    return (x > y) - (x < y);
}
static int cmp_double(const void* a, const void* b) {
    double x = *(const double*)a, y = *(const double*)b;
    return (x > y) - (x < y);
}
static int cmp_str(const void* a, const void* b) {
    return strcmp(*(const char* const*)a, *(const char* const*)b);
}

// A 13-byte record (odd size, byte-aligned) sorted by key, then by tag.
struct rec {
    char name[9];
    unsigned char key[2]; // big-endian 16-bit key
    char tag;
    char pad;
};
static int cmp_rec(const void* a, const void* b) {
    const struct rec *x = a, *y = b;
    int c = memcmp(x->key, y->key, 2);
    return c ? c : (x->tag > y->tag) - (x->tag < y->tag);
}

// A large element (over glibc's indirect-sort threshold).
struct big {
    uint32_t key;
    uint32_t payload[100];
};
static int cmp_big(const void* a, const void* b) {
    uint32_t x = ((const struct big*)a)->key, y = ((const struct big*)b)->key;
    return (x > y) - (x < y);
}

typedef int (*cmp_fn)(const void*, const void*);

static int is_sorted(const void* base, size_t n, size_t size, cmp_fn cmp) {
    const char* p = base;
    for (size_t i = 1; i < n; i++)
        if (cmp(p + (i - 1) * size, p + i * size) > 0) return 0;
    return 1;
}

static int ints[5000];
static struct big bigs[300];

int main(void) {
    uint64_t seed = 42;
    for (int i = 0; i < 5000; i++)
        ints[i] = (int)(lcg_next(&seed) % 20001) - 10000;
    uint64_t before = fnv1a64(ints, sizeof ints, FNV64_INIT);
    comparisons = 0;
    qsort(ints, 5000, sizeof(int), cmp_int);
    printf("ints: sorted=%d min=%d max=%d median=%d comparisons>0=%d\n",
           is_sorted(ints, 5000, sizeof(int), cmp_int), ints[0], ints[4999], ints[2500],
           comparisons > 0);
    CHECK(is_sorted(ints, 5000, sizeof(int), cmp_int));
    printf("ints checksum %016" PRIx64 " (unsorted %016" PRIx64 ")\n",
           fnv1a64(ints, sizeof ints, FNV64_INIT), before);

    // bsearch for present and absent keys.
    int found = 0, absent = 0;
    for (int k = -10050; k <= 10050; k += 7) {
        int* p = bsearch(&k, ints, 5000, sizeof(int), cmp_int);
        if (p) {
            CHECK(*p == k);
            found++;
        } else {
            absent++;
        }
    }
    printf("bsearch found %d absent %d\n", found, absent);

    qsort(ints, 5000, sizeof(int), cmp_int_desc);
    CHECK(is_sorted(ints, 5000, sizeof(int), cmp_int_desc));
    printf("desc first %d last %d\n", ints[0], ints[4999]);

    uint64_t u[1000];
    for (int i = 0; i < 1000; i++)
        u[i] = lcg_next(&seed) * 0x9e3779b97f4a7c15ULL;
    qsort(u, 1000, sizeof u[0], cmp_u64);
    CHECK(is_sorted(u, 1000, sizeof u[0], cmp_u64));
    printf("u64 first %016" PRIx64 " last %016" PRIx64 "\n", u[0], u[999]);

    double d[777];
    for (int i = 0; i < 777; i++)
        d[i] = ((double)(lcg_next(&seed) % 1000000) - 500000) / 977.0;
    qsort(d, 777, sizeof d[0], cmp_double);
    CHECK(is_sorted(d, 777, sizeof d[0], cmp_double));
    printf("doubles %.6f .. %.6f\n", d[0], d[776]);

    static const char* words[] = {"sparc",     "ultra",       "fireplane", "cheetah",  "jupiter",
                                  "serengeti", "starcat",     "niagara",   "spitfire", "blackbird",
                                  "sabre",     "hummingbird", "jalapeno",  "panther",  "fire",
                                  "plane",     "v1280"};
    const size_t nw = sizeof(words) / sizeof(words[0]);
    const char* w[sizeof(words) / sizeof(words[0])];
    memcpy(w, words, sizeof w);
    qsort(w, nw, sizeof w[0], cmp_str);
    for (size_t i = 0; i < nw; i++)
        printf("%s%c", w[i], i + 1 < nw ? ' ' : '\n');
    const char* key = "starcat";
    const char** hit = bsearch(&key, w, nw, sizeof w[0], cmp_str);
    CHECK(hit && strcmp(*hit, "starcat") == 0);

    struct rec recs[400];
    memset(recs, 0, sizeof recs);
    for (int i = 0; i < 400; i++) {
        unsigned k = (unsigned)(lcg_next(&seed) % 97);
        snprintf(recs[i].name, sizeof recs[i].name, "r%03d", i);
        recs[i].key[0] = (unsigned char)(k >> 8);
        recs[i].key[1] = (unsigned char)k;
        recs[i].tag = (char)('a' + i % 26);
    }
    qsort(recs, 400, sizeof recs[0], cmp_rec);
    CHECK(is_sorted(recs, 400, sizeof recs[0], cmp_rec));
    printf("records: %s %s %s ... %s\n", recs[0].name, recs[1].name, recs[2].name, recs[399].name);

    for (int i = 0; i < 300; i++) {
        bigs[i].key = (uint32_t)(lcg_next(&seed) % 1000);
        for (int j = 0; j < 100; j++)
            bigs[i].payload[j] = bigs[i].key * 131u + (uint32_t)j;
    }
    qsort(bigs, 300, sizeof bigs[0], cmp_big);
    CHECK(is_sorted(bigs, 300, sizeof bigs[0], cmp_big));
    int intact = 1; // payloads moved with their keys
    for (int i = 0; i < 300; i++)
        for (int j = 0; j < 100; j++)
            if (bigs[i].payload[j] != bigs[i].key * 131u + (uint32_t)j) intact = 0;
    printf("big records sorted, payload intact=%d, keys %u..%u\n", intact, bigs[0].key,
           bigs[299].key);
    CHECK(intact);
    return check_done();
}
