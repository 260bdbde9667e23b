/* Register windows through the SDK's spill and fill handlers: a recursion
 * 64 calls deep spills every window on the way down and fills it on the
 * way up; the result and every frame's locals must survive. FLUSHW then
 * spills all windows so their registers are in memory. */
#include "fw.h"

__attribute__((noinline)) static uint64_t deep(uint64_t n, uint64_t acc) {
    volatile uint64_t local = n * 3 + 1; /* lives in the frame across the call */
    if (n == 0) return acc;
    const uint64_t r = deep(n - 1, acc + n);
    return r + local - (n * 3 + 1);
}

__attribute__((noinline)) static uint64_t chain(uint64_t n) {
    uint64_t a = n + 1, b = n + 2, c = n + 3; /* kept in locals across the call */
    if (n == 0) return 0;
    const uint64_t r = chain(n - 1);
    __asm__ volatile("" : "+r"(a), "+r"(b), "+r"(c));
    return r + a * b - c;
}

int main(void) {
    fw_check(deep(64, 0) == 64 * 65 / 2, "sum through 64 nested calls", deep(64, 0));
    uint64_t expect = 0;
    for (uint64_t n = 1; n <= 40; ++n)
        expect += (n + 1) * (n + 2) - (n + 3);
    fw_check(chain(40) == expect, "locals kept through 40 spills and fills", chain(40));
    __asm__ volatile("flushw" ::: "memory");
    fw_check(FW_RDPR(canrestore) == 0, "FLUSHW leaves nothing to restore", FW_RDPR(canrestore));
    fw_check(FW_RDPR(cansave) == 6, "FLUSHW frees every window", FW_RDPR(cansave));
    fw_test_done();
}
