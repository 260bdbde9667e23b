/* The C side of the SDK's trap table: a handler per trap type, the report
 * of a trap nobody handles, and the RED_state and SIR hooks. */
#include "fw.h"

static fw_trap_handler handlers[0x200];

void fw_set_trap_handler(unsigned tt, fw_trap_handler handler) {
    if (tt < 0x200) handlers[tt] = handler;
}

fw_trap_handler fw_trap_handler_of(unsigned tt) {
    return tt < 0x200 ? handlers[tt] : 0;
}

static void print_trap(uint64_t tl, uint64_t tt, uint64_t tpc, uint64_t tnpc, uint64_t tstate) {
    fw_print("  TL ");
    fw_print_dec(tl);
    fw_print(": tt ");
    fw_print_hex(tt);
    fw_print(" tpc ");
    fw_print_hex(tpc);
    fw_print(" tnpc ");
    fw_print_hex(tnpc);
    fw_print(" tstate ");
    fw_print_hex(tstate);
    fw_putc('\n');
}

/* From fw_trap_common (trap_table.S). */
int fw_dispatch_trap(struct fw_trap_frame* f) {
    const fw_trap_handler handler = handlers[f->tt & 0x1ff];
    if (handler) return handler(f);
    fw_puts("unexpected trap:");
    print_trap(f->tl, f->tt, f->tpc, f->tnpc, f->tstate);
    fw_exit(FW_EXIT_UNEXPECTED_TRAP);
}

__attribute__((weak)) void fw_red_state(const uint64_t record[FW_MAXTL][4]) {
    fw_puts("RED_state: trap stack");
    for (int tl = 0; tl < FW_MAXTL; ++tl)
        print_trap(tl + 1, record[tl][0], record[tl][1], record[tl][2], record[tl][3]);
    fw_exit(FW_EXIT_RED_STATE);
}

__attribute__((weak)) void fw_software_reset(uint64_t tt, uint64_t tl) {
    fw_print("software-initiated reset: tt ");
    fw_print_hex(tt);
    fw_print(" tl ");
    fw_print_dec(tl);
    fw_putc('\n');
    fw_exit(FW_EXIT_SOFTWARE_RESET);
}

uint64_t fw_red_record[FW_MAXTL][4];
