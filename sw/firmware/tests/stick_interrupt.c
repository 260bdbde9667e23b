/* STICK and STICK_CMPR: STICK counts the system clock (slower than TICK),
 * and a match sets SOFTINT.STICK_INT (bit 16), a level-14 interrupt. */
#include "fw.h"

static volatile uint64_t taken, stick_at, softint_at;

static int on_level14(struct fw_trap_frame* f) {
    (void)f;
    ++taken;
    stick_at = fw_stick();
    softint_at = fw_softint();
    fw_clear_softint(FW_SOFTINT_STICK);
    return FW_TRAP_RETRY;
}

int main(void) {
    const uint64_t t0 = fw_tick(), s0 = fw_stick();
    fw_spin(60000);
    const uint64_t dt = fw_tick() - t0, ds = fw_stick() - s0;
    fw_check(ds > 0 && ds < dt, "STICK runs slower than TICK", ds);

    fw_set_trap_handler(FW_TT_INTERRUPT(14), on_level14);
    fw_interrupts_on();
    const uint64_t cmpr = fw_stick() + 2000;
    fw_set_stick_cmpr(cmpr);
    while (!taken)
        ;
    fw_check(taken == 1, "one STICK interrupt", taken);
    fw_check(stick_at >= cmpr, "STICK at the interrupt is past STICK_CMPR", stick_at - cmpr);
    fw_check(softint_at & FW_SOFTINT_STICK, "SOFTINT.STICK_INT set", softint_at);
    fw_check(!(softint_at & FW_SOFTINT_TICK), "not TICK_INT", softint_at);
    fw_test_done();
}
