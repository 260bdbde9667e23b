// Condition codes: every comparison kind on signed/unsigned 32- and 64-bit
// values, as branches (bicc/bpcc on icc and xcc, brz/brlz... on registers) and
// as branch-free selects (movcc/movr), plus the overflow and carry flags.
// Results are bitmasks so one wrong flag shows up in the printed table.
#include "check.h"
#include <inttypes.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>

static volatile int64_t vals[] = {0,
                                  1,
                                  -1,
                                  2,
                                  INT32_MAX,
                                  INT32_MIN,
                                  (int64_t)INT32_MAX + 1,
                                  (int64_t)INT32_MIN - 1,
                                  UINT32_MAX,
                                  INT64_MAX,
                                  INT64_MIN,
                                  0x100000000LL,
                                  -0x100000000LL,
                                  0x80000000ffffffffLL};
#define NV (int)(sizeof(vals) / sizeof(vals[0]))

// The six relations as a 6-bit mask: lt le gt ge eq ne.
#define REL_MASK(a, b)                                                                             \
    (((a) < (b)) << 5 | ((a) <= (b)) << 4 | ((a) > (b)) << 3 | ((a) >= (b)) << 2 |                 \
     ((a) == (b)) << 1 | ((a) != (b)))

// Branches: gcc keeps if/else chains as conditional branches at -O0/-O1.
#define BRANCH_FN(name, T)                                                                         \
    __attribute__((noinline)) static unsigned name(T a, T b) {                                     \
        unsigned m = 0;                                                                            \
        if (a < b) m |= 32;                                                                        \
        if (a <= b) m |= 16;                                                                       \
        if (a > b) m |= 8;                                                                         \
        if (a >= b) m |= 4;                                                                        \
        if (a == b) m |= 2;                                                                        \
        if (a != b) m |= 1;                                                                        \
        return m;                                                                                  \
    }
BRANCH_FN(br_s32, int32_t)
BRANCH_FN(br_u32, uint32_t)
BRANCH_FN(br_s64, int64_t)
BRANCH_FN(br_u64, uint64_t)

// Selects: ternaries that gcc turns into movcc at -O1 and above.
#define SELECT_FN(name, T)                                                                         \
    __attribute__((noinline)) static T name(T a, T b, T x, T y) {                                  \
        T r = a < b ? x : y;                                                                       \
        r += a >= b ? x : y;                                                                       \
        r ^= a == b ? x : (T)(y << 1);                                                             \
        r -= a > b ? (T)(x << 2) : y;                                                              \
        return r;                                                                                  \
    }
SELECT_FN(sel_s32, int32_t)
SELECT_FN(sel_u32, uint32_t)
SELECT_FN(sel_s64, int64_t)
SELECT_FN(sel_u64, uint64_t)

// Compares against zero, which V9 can do with brz/brlez/... and movr.
__attribute__((noinline)) static unsigned zero_tests(int64_t a) {
    unsigned m = 0;
    if (a == 0) m |= 1;
    if (a != 0) m |= 2;
    if (a < 0) m |= 4;
    if (a <= 0) m |= 8;
    if (a > 0) m |= 16;
    if (a >= 0) m |= 32;
    m |= (a < 0 ? 1u : 0u) << 6;
    m |= (a > 0 ? 1u : 0u) << 7;
    m |= ((int32_t)a < 0 ? 1u : 0u) << 8; // 32-bit sign: icc.N, not the register
    m |= ((int32_t)a == 0 ? 1u : 0u) << 9;
    return m;
}

// Carry and overflow, read through the builtins (addcc + bcs/bvs).
__attribute__((noinline)) static unsigned flag_tests(int64_t a, int64_t b) {
    unsigned m = 0;
    int32_t s32;
    uint32_t u32;
    int64_t s64;
    uint64_t u64;
    m |= (unsigned)__builtin_add_overflow((int32_t)a, (int32_t)b, &s32) << 0;
    m |= (unsigned)__builtin_sub_overflow((int32_t)a, (int32_t)b, &s32) << 1;
    m |= (unsigned)__builtin_add_overflow((uint32_t)a, (uint32_t)b, &u32) << 2;
    m |= (unsigned)__builtin_sub_overflow((uint32_t)a, (uint32_t)b, &u32) << 3;
    m |= (unsigned)__builtin_add_overflow(a, b, &s64) << 4;
    m |= (unsigned)__builtin_sub_overflow(a, b, &s64) << 5;
    m |= (unsigned)__builtin_add_overflow((uint64_t)a, (uint64_t)b, &u64) << 6;
    m |= (unsigned)__builtin_sub_overflow((uint64_t)a, (uint64_t)b, &u64) << 7;
    m |= (unsigned)__builtin_mul_overflow((int32_t)a, (int32_t)b, &s32) << 8;
    m |= (unsigned)__builtin_mul_overflow(a, b, &s64) << 9;
    return m;
}

static int64_t smin(int64_t a, int64_t b) {
    return a < b ? a : b;
}
static uint64_t umax(uint64_t a, uint64_t b) {
    return a > b ? a : b;
}
static int64_t sabs(int64_t a) {
    return a < 0 ? -(uint64_t)a : (uint64_t)a;
}
static int sign3(int64_t a, int64_t b) {
    return (a > b) - (a < b);
}

int main(void) {
    uint64_t h = FNV64_INIT;
    for (int i = 0; i < NV; i++) {
        for (int j = 0; j < NV; j++) {
            int64_t a = vals[i], b = vals[j];
            unsigned s32 = br_s32((int32_t)a, (int32_t)b);
            unsigned u32 = br_u32((uint32_t)a, (uint32_t)b);
            unsigned s64 = br_s64(a, b);
            unsigned u64 = br_u64((uint64_t)a, (uint64_t)b);
            // The branchy and the expression forms must agree.
            CHECK(s32 == (unsigned)REL_MASK((int32_t)a, (int32_t)b));
            CHECK(u32 == (unsigned)REL_MASK((uint32_t)a, (uint32_t)b));
            CHECK(s64 == (unsigned)REL_MASK(a, b));
            CHECK(u64 == (unsigned)REL_MASK((uint64_t)a, (uint64_t)b));
            // Exactly one of lt/eq/gt holds.
            CHECK(((s64 >> 5) & 1) + ((s64 >> 1) & 1) + ((s64 >> 3) & 1) == 1);
            unsigned flags = flag_tests(a, b);
            printf("%2d %2d: s32 %02x u32 %02x s64 %02x u64 %02x flags %03x sign %2d\n", i, j, s32,
                   u32, s64, u64, flags, sign3(a, b));
            int64_t x = 0x1234 + i, y = -0x777 - j;
            uint64_t sel[4] = {(uint64_t)sel_s32((int32_t)a, (int32_t)b, (int32_t)x, (int32_t)y),
                               sel_u32((uint32_t)a, (uint32_t)b, (uint32_t)x, (uint32_t)y),
                               (uint64_t)sel_s64(a, b, x, y),
                               sel_u64((uint64_t)a, (uint64_t)b, (uint64_t)x, (uint64_t)y)};
            h = fnv1a64(sel, sizeof sel, h);
            uint64_t mm[2] = {(uint64_t)smin(a, b), umax((uint64_t)a, (uint64_t)b)};
            h = fnv1a64(mm, sizeof mm, h);
        }
        printf("zero(%2d) %03x abs %016" PRIx64 "\n", i, zero_tests(vals[i]),
               (uint64_t)sabs(vals[i]));
    }
    printf("select checksum %016" PRIx64 "\n", h);

    // Spot checks with known answers.
    CHECK(br_s32(-1, 0) == 0x31 && br_u32(0xffffffffu, 0) == 0x0d);
    CHECK(br_s64(INT64_MIN, INT64_MAX) == 0x31 && br_u64(1ULL << 63, 1) == 0x0d);
    CHECK(zero_tests(0x100000000LL) == ((1u << 1) | (1u << 4) | (1u << 5) | (1u << 7) | (1u << 9)));
    CHECK(flag_tests(INT32_MAX, 1) == 0x001); // only the signed 32-bit add overflows
    CHECK(flag_tests(INT64_MIN, 1) == ((1u << 3) | (1u << 5)));
    return check_done();
}
