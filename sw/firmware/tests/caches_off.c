/* The first-level caches follow the DCU control register: a loop of loads
 * over 8 KiB runs with the D$ and I$ on (as the SDK leaves them), then off,
 * then on again. The sums agree. In the detailed model the loop with the
 * caches off takes far longer (every load and fetch goes to the E$); the
 * functional model has no caches, so it takes the same time. The test says
 * which it saw; ctest checks the line for each model. */
#include "fw.h"

static uint64_t data[1024];

__attribute__((noinline)) static uint64_t sum_twice(void) {
    uint64_t s = 0;
    for (int pass = 0; pass < 2; ++pass)
        for (int i = 0; i < 1024; ++i)
            s += data[i];
    return s;
}

static uint64_t timed(uint64_t* sum) {
    const uint64_t t0 = fw_tick();
    *sum = sum_twice();
    return fw_tick() - t0;
}

int main(void) {
    for (int i = 0; i < 1024; ++i)
        data[i] = (uint64_t)i * 7;
    const uint64_t expect = 2 * 7 * (1023 * 1024 / 2);
    fw_check((fw_dcu() & (FW_DCU_IC | FW_DCU_DC)) == (FW_DCU_IC | FW_DCU_DC),
             "the SDK turns the first-level caches on", fw_dcu());
    uint64_t s_on, s_off, s_again;
    timed(&s_on); /* warm the caches */
    const uint64_t on = timed(&s_on);
    fw_set_dcu(fw_dcu() & ~(FW_DCU_IC | FW_DCU_DC));
    fw_check((fw_dcu() & (FW_DCU_IC | FW_DCU_DC)) == 0, "caches off", fw_dcu());
    const uint64_t off = timed(&s_off);
    fw_set_dcu(fw_dcu() | FW_DCU_IC | FW_DCU_DC);
    timed(&s_again);
    const uint64_t again = timed(&s_again);
    fw_check(s_on == expect && s_off == expect && s_again == expect, "the same sums", s_off);
    fw_print("cycles on ");
    fw_print_dec(on);
    fw_print(" off ");
    fw_print_dec(off);
    fw_print(" on again ");
    fw_print_dec(again);
    fw_putc('\n');
    if (off > 2 * on && again * 2 < off)
        fw_puts("caches off: slower");
    else if (off == on)
        fw_puts("caches off: same time (no caches modelled)");
    else
        fw_puts("caches off: unexplained timing");
    fw_test_done();
}
