/* SOFTINT levels: a set bit n interrupts at level n (TT 0x40 + n) when
 * PIL < n; of several pending levels the highest goes first; clearing the
 * bit in the handler ends it. */
#include "fw.h"

static volatile unsigned order[8], count;

static int on_level(struct fw_trap_frame* f) {
    const unsigned level = (unsigned)(f->tt - 0x40);
    order[count++ & 7] = level;
    fw_clear_softint(1ull << level);
    return FW_TRAP_RETRY;
}

int main(void) {
    for (unsigned level = 1; level < 16; ++level)
        fw_set_trap_handler(FW_TT_INTERRUPT(level), on_level);
    fw_set_pil(4);
    fw_interrupts_on();

    fw_set_softint(1u << 3); /* below PIL: pending */
    fw_check(count == 0, "level 3 waits below PIL 4", count);
    fw_set_softint((1u << 9) | (1u << 5));
    fw_check(count == 2, "levels 9 and 5 taken", count);
    fw_check(order[0] == 9 && order[1] == 5, "the higher level first", order[0] * 16 + order[1]);
    fw_set_pil(0);
    fw_check(count == 3 && order[2] == 3, "level 3 once PIL drops", order[2]);

    fw_interrupts_off();
    fw_set_softint(1u << 7);
    fw_check(count == 3, "PSTATE.IE off holds interrupts", count);
    fw_interrupts_on();
    fw_check(count == 4 && order[3] == 7, "taken when IE comes on", order[3]);
    fw_check((fw_softint() & 0xfffe) == 0, "every level cleared", fw_softint());
    fw_test_done();
}
