/* TPC, TNPC, TSTATE and TT at TL = 0. SPARC V9 makes WRPR and RDPR of them
 * illegal_instruction there; with the CPU's trap_registers_at_tl0 (a board
 * leniency OpenBIOS needs) they reach level 0's registers. The program prints
 * what happened; tests/firmware checks it under either setting. */
#include "fw.h"

static uint64_t illegal_count;

static int on_illegal(struct fw_trap_frame* f) {
    ++illegal_count;
    (void)f;
    return FW_TRAP_DONE; /* skip the instruction */
}

int main(void) {
    fw_set_trap_handler(0x10, on_illegal);
    FW_WRPR(tl, 0);
    uint64_t tpc = 0, tt = 0;
    FW_WRPR(tpc, 0x1234);
    FW_WRPR(tt, 0x42);
    tpc = FW_RDPR(tpc);
    tt = FW_RDPR(tt);
    fw_print("TL 0: illegal traps ");
    fw_print_dec(illegal_count);
    fw_print(", tpc ");
    fw_print_hex(illegal_count ? 0 : tpc);
    fw_print(", tt ");
    fw_print_hex(illegal_count ? 0 : tt);
    fw_puts("");
    fw_check(illegal_count == 0 || illegal_count == 4, "all four trap, or none", illegal_count);
    fw_test_done();
}
