/* TICK_CMPR: a match sets SOFTINT.TICK_INT and interrupts at level 14
 * (TT 0x4e) once PSTATE.IE is on and PIL is below 14; at PIL 14 it waits
 * until PIL drops. The handler sees TICK at or past the compare value. */
#include "fw.h"

static volatile uint64_t taken, tick_at, softint_at;

static int on_level14(struct fw_trap_frame* f) {
    (void)f;
    ++taken;
    tick_at = fw_tick();
    softint_at = fw_softint();
    fw_clear_softint(FW_SOFTINT_TICK);
    return FW_TRAP_RETRY; /* an interrupt returns to the interrupted instruction */
}

int main(void) {
    fw_set_trap_handler(FW_TT_INTERRUPT(14), on_level14);
    fw_interrupts_on();

    const uint64_t cmpr = fw_tick() + 20000;
    fw_set_tick_cmpr(cmpr);
    while (!taken)
        ;
    fw_check(taken == 1, "one level-14 interrupt", taken);
    fw_check(tick_at >= cmpr, "TICK at the interrupt is past TICK_CMPR", tick_at - cmpr);
    fw_check(softint_at & FW_SOFTINT_TICK, "SOFTINT.TICK_INT set", softint_at);
    fw_check(!(fw_softint() & FW_SOFTINT_TICK), "the handler cleared it", fw_softint());

    /* Masked by PIL 14, taken once PIL is 13. */
    fw_set_pil(14);
    fw_set_tick_cmpr(fw_tick() + 5000);
    fw_spin(40000);
    fw_check(taken == 1, "PIL 14 masks level 14", taken);
    fw_check(fw_softint() & FW_SOFTINT_TICK, "the match is pending in SOFTINT", fw_softint());
    fw_set_pil(13);
    fw_check(taken == 2, "taken as soon as PIL drops", taken);

    /* INT_DIS (bit 63) disables the compare. */
    fw_set_tick_cmpr((1ull << 63) | (fw_tick() + 1000));
    fw_spin(20000);
    fw_check(taken == 2, "TICK_CMPR.INT_DIS stops matches", taken);
    fw_test_done();
}
