/* Privileged-mode faults with handlers: an illegal instruction (TT 0x10)
 * skipped by its handler; a privileged instruction in user mode (TT 0x11);
 * and a trap back to privileged mode by changing TSTATE.PSTATE. */
#include "fw.h"

static uint64_t illegal_count, illegal_tpc, privileged_count;

static int on_illegal(struct fw_trap_frame* f) {
    ++illegal_count;
    illegal_tpc = f->tpc;
    return FW_TRAP_DONE; /* done: resume after the illegal word */
}

static int on_privileged(struct fw_trap_frame* f) {
    ++privileged_count;
    (void)f;
    return FW_TRAP_DONE;
}

/* `ta 0x31` from user mode: return to the caller in privileged mode. */
static int to_privileged(struct fw_trap_frame* f) {
    f->tstate |= (uint64_t)FW_PSTATE_PRIV << 8;
    return FW_TRAP_DONE;
}

extern char illegal_word[];

int main(void) {
    fw_set_trap_handler(0x10, on_illegal);
    fw_set_trap_handler(0x11, on_privileged);
    fw_set_trap_handler(0x131, to_privileged);
    __asm__ volatile(".globl illegal_word\nillegal_word: illtrap 0x42" ::: "memory");
    fw_check(illegal_count == 1, "one illegal_instruction trap", illegal_count);
    fw_check(illegal_tpc == (uint64_t)illegal_word, "TPC is the illegal word", illegal_tpc);

    /* User mode: PRIV off, interrupts off. */
    FW_WRPR(pstate, FW_PSTATE_PEF);
    uint64_t tl;
    __asm__ volatile("rdpr %%tl, %0" : "=r"(tl)); /* privileged_opcode in user mode */
    __asm__ volatile("ta 0x31" ::: "memory");     /* back to privileged mode */
    fw_check(privileged_count == 1, "RDPR in user mode is privileged_opcode", privileged_count);
    fw_check(fw_rdpr_pstate() & FW_PSTATE_PRIV, "privileged again", fw_rdpr_pstate());
    fw_test_done();
}
