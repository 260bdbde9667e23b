/* TICK.NPT is set at power-on: user code reading %tick takes
 * privileged_action (TT 0x37); once firmware writes TICK with NPT clear,
 * user code reads it. */
#include "fw.h"

static uint64_t actions;

static int on_action(struct fw_trap_frame* f) {
    (void)f;
    ++actions;
    return FW_TRAP_DONE;
}
static int to_privileged(struct fw_trap_frame* f) {
    f->tstate |= (uint64_t)FW_PSTATE_PRIV << 8;
    return FW_TRAP_DONE;
}

static uint64_t user_read_tick(void) {
    uint64_t t = 0;
    FW_WRPR(pstate, FW_PSTATE_PEF); /* user mode */
    __asm__ volatile("rd %%tick, %0" : "=r"(t));
    __asm__ volatile("ta 0x31" ::: "memory");
    return t;
}

int main(void) {
    fw_set_trap_handler(0x37, on_action);
    fw_set_trap_handler(0x131, to_privileged);
    fw_check(FW_RDPR(tick) >> 63, "NPT set at power-on", FW_RDPR(tick));
    user_read_tick();
    fw_check(actions == 1, "user RD %tick with NPT is privileged_action", actions);
    FW_WRPR(tick, fw_tick()); /* NPT clear */
    const uint64_t t = user_read_tick();
    fw_check(actions == 1 && t > 0, "user RD %tick once NPT is clear", t);
    fw_test_done();
}
