// glibc's sparc64 mem* and str* routines are hand-written assembly with
// separate paths per alignment and size (word loops, VIS block moves on some
// CPUs, byte tails). Each is run here on every combination of source and
// destination misalignment for many sizes and checked against a plain C
// reference; the checksums make any difference visible.
#include "check.h"
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define BUF 70000
static unsigned char src[BUF + 64], dst[BUF + 64], ref[BUF + 64];

static const size_t sizes[] = {0,   1,    2,    3,    4,    5,    6,    7,         8,   9,   10,
                               11,  12,   13,   14,   15,   16,   17,   23,        24,  31,  32,
                               33,  47,   63,   64,   65,   127,  128,  129,       255, 256, 257,
                               511, 1000, 1024, 4095, 4096, 4097, 8191, 65536 + 13};
#define NSIZES (sizeof(sizes) / sizeof(sizes[0]))

// Byte-at-a-time references. volatile stops gcc turning them back into calls.
static void ref_copy(unsigned char* d, const unsigned char* s, size_t n) {
    volatile unsigned char* vd = d;
    for (size_t i = 0; i < n; i++)
        vd[i] = s[i];
}

static void fill_pattern(unsigned char* p, size_t n, uint64_t seed) {
    for (size_t i = 0; i < n; i++)
        p[i] = (unsigned char)(lcg_next(&seed) >> 5);
}

// Prints one routine's checksum; any bad result fails the test.
static void report(const char* what, uint64_t h, int bad) {
    printf("%s checksum %016" PRIx64 " bad %d\n", what, h, bad);
    CHECK(bad == 0);
}

static void test_memcpy(void) {
    uint64_t h = FNV64_INIT;
    int bad = 0;
    fill_pattern(src, sizeof src, 1);
    for (size_t si = 0; si < NSIZES; si++) {
        size_t n = sizes[si];
        int step = n > 4096 ? 5 : 1; // fewer offsets for the big sizes
        for (int so = 0; so < 16; so += step)
            for (int doff = 0; doff < 16; doff += step) {
                memset(dst, 0xee, n + 48);
                memcpy(dst + doff, src + so, n);
                // Guard bytes either side must be untouched.
                if (doff && dst[doff - 1] != 0xee) bad++;
                if (dst[doff + n] != 0xee) bad++;
                if (memcmp(dst + doff, src + so, n) != 0) bad++;
                h = fnv1a64(dst, n + 32, h);
            }
    }
    report("memcpy", h, bad);
}

static void test_memmove(void) {
    uint64_t h = FNV64_INIT;
    int bad = 0;
    for (size_t si = 0; si < NSIZES; si++) {
        size_t n = sizes[si];
        if (n > 8192) continue;
        // Overlapping moves in both directions, at many distances.
        static const int shifts[] = {-33, -17, -8, -7, -3, -1, 0, 1, 2, 5, 8, 9, 16, 31, 64};
        for (unsigned k = 0; k < sizeof(shifts) / sizeof(shifts[0]); k++) {
            int s = shifts[k];
            size_t from = 100, to = (size_t)(100 + s);
            fill_pattern(dst, n + 200, n * 31 + k);
            memcpy(ref, dst, n + 200);
            // Reference: copy through a temporary, which is always correct.
            unsigned char* tmp = malloc(n + 1);
            ref_copy(tmp, ref + from, n);
            ref_copy(ref + to, tmp, n);
            free(tmp);
            memmove(dst + to, dst + from, n);
            if (memcmp(dst, ref, n + 200) != 0) bad++;
            h = fnv1a64(dst, n + 200, h);
        }
    }
    report("memmove", h, bad);
}

static void test_memset(void) {
    uint64_t h = FNV64_INIT;
    int bad = 0;
    for (size_t si = 0; si < NSIZES; si++) {
        size_t n = sizes[si];
        for (int off = 0; off < 16; off++) {
            int c = (int)(n * 7 + (size_t)off) & 0xff;
            memset(dst, 0x5a, n + 40);
            memset(dst + off, c, n);
            for (size_t i = 0; i < n + 40; i++) {
                int want = (i >= (size_t)off && i < off + n) ? c : 0x5a;
                if (dst[i] != want) {
                    bad++;
                    break;
                }
            }
            h = fnv1a64(dst, n + 40, h);
        }
    }
    // memset with 0 takes a special path (block clears) on many CPUs.
    memset(dst, 0xff, BUF);
    memset(dst + 3, 0, BUF - 6);
    h = fnv1a64(dst, BUF, h);
    report("memset", h, bad);
}

static int sign(int x) {
    return (x > 0) - (x < 0);
}

static void test_memcmp(void) {
    int bad = 0;
    uint64_t h = FNV64_INIT;
    fill_pattern(src, BUF, 7);
    for (size_t si = 0; si < NSIZES; si++) {
        size_t n = sizes[si];
        for (int off = 0; off < 8; off++) {
            memcpy(dst + 5, src + off, n);
            if (memcmp(dst + 5, src + off, n) != 0) bad++;
            if (n == 0) continue;
            // Differ at the first, a middle and the last byte, in both directions.
            size_t where[3] = {0, n / 2, n - 1};
            for (int w = 0; w < 3; w++) {
                unsigned char saved = dst[5 + where[w]];
                dst[5 + where[w]] = (unsigned char)(saved + 1);
                int r = sign(memcmp(dst + 5, src + off, n));
                int expect = saved == 0xff ? -1 : 1; // unsigned byte compare
                if (r != expect) bad++;
                if (sign(memcmp(src + off, dst + 5, n)) != -expect) bad++;
                h = h * 3 + (uint64_t)(r + 1);
                dst[5 + where[w]] = saved;
            }
        }
    }
    report("memcmp", h, bad);
}

static void test_strings(void) {
    int bad = 0;
    uint64_t h = FNV64_INIT;
    for (size_t si = 0; si < NSIZES; si++) {
        size_t n = sizes[si];
        for (int off = 0; off < 16; off++) {
            char* s = (char*)dst + off;
            for (size_t i = 0; i < n; i++)
                s[i] = (char)('A' + (i * 7 + (size_t)off) % 50);
            s[n] = '\0';
            s[n + 1] = 'Z'; // past the terminator: must not be seen
            if (strlen(s) != n) bad++;
            if (strnlen(s, n / 2) != n / 2) bad++;
            // strchr finds the first occurrence, or the terminator for '\0'.
            char want = (char)('A' + (n / 3 * 7 + (size_t)off) % 50);
            char* p = strchr(s, want);
            size_t first = n;
            for (size_t i = 0; i < n; i++)
                if (s[i] == want) {
                    first = i;
                    break;
                }
            if ((p ? (size_t)(p - s) : n) != first) bad++;
            if (strchr(s, '\0') != s + n) bad++;
            if (strchr(s, 'z') != NULL) bad++;
            char* r = strrchr(s, 'A' + off % 50);
            h = h * 31 + (r ? (uint64_t)(r - s) : 0xffff);
            h = h * 31 + (p ? (uint64_t)(p - s) : 0xffff);
            // strcpy/strcmp round trip to another misaligned spot.
            char* t = (char*)src + 7 + (off * 5) % 16;
            strcpy(t, s);
            if (strcmp(t, s) != 0 || strncmp(t, s, n + 5) != 0) bad++;
        }
    }
    report("string", h, bad);
}

int main(void) {
    test_memcpy();
    test_memmove();
    test_memset();
    test_memcmp();
    test_strings();
    return check_done();
}
