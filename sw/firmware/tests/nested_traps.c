/* Traps nest: a handler for `ta 0x20` at TL 1 takes `ta 0x21` (TL 2), whose
 * handler takes `ta 0x22` (TL 3), then `ta 0x23` (TL 4), through the TL > 0
 * half of the trap table. Each level sees its own TT and TL, and each
 * returns to the instruction after its trap with the trap state of the
 * level below intact. Before the last, FLUSHW frees the windows: a spill
 * taken at TL 4 would be a trap in RED_state. */
#include "fw.h"

static uint64_t tl_seen[8], tt_seen[8], tpc_after[8];

static int level(struct fw_trap_frame* f) {
    const unsigned n = (unsigned)(f->tt - 0x120);
    tl_seen[n] = fw_rdpr_tl();
    tt_seen[n] = FW_RDPR(tt);
    const uint64_t tpc = FW_RDPR(tpc);
    /* A nested trap runs on the same (alternate) globals as this handler. */
    if (n == 0) __asm__ volatile("ta 0x21" ::: "memory", "g1", "g2", "g3", "g4", "g5");
    if (n == 1) __asm__ volatile("ta 0x22" ::: "memory", "g1", "g2", "g3", "g4", "g5");
    if (n == 2) __asm__ volatile("flushw\n\tta 0x23" ::: "memory", "g1", "g2", "g3", "g4", "g5");
    tpc_after[n] = FW_RDPR(tpc) == tpc; /* the nested trap left this level's TPC */
    return FW_TRAP_DONE;
}

int main(void) {
    for (unsigned tt = 0x120; tt <= 0x123; ++tt)
        fw_set_trap_handler(tt, level);
    __asm__ volatile("ta 0x20" ::: "memory");
    for (unsigned n = 0; n < 4; ++n) {
        fw_check(tl_seen[n] == n + 1, "TL of the nested handler", tl_seen[n]);
        fw_check(tt_seen[n] == 0x120 + n, "TT of the nested handler", tt_seen[n]);
        fw_check(tpc_after[n], "TPC kept across the nested trap", n);
    }
    fw_check(fw_rdpr_tl() == 0, "back at TL 0", fw_rdpr_tl());
    fw_test_done();
}
