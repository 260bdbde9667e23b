/* Installs its own trap table (TBA) and takes a software trap, `ta 0x10`:
 * the handler runs at TL 1 with TT 0x110 and `done` returns after the ta. */
#include "fw.h"

extern char raw_trap_table[];
volatile uint64_t trap_count, trap_tl, trap_tt;

int main(void) {
    fw_wrpr_tba((uint64_t)raw_trap_table);
    __asm__ volatile("ta 0x10" : : : "g1", "g2", "g3", "memory");
    fw_print("traps ");
    fw_print_hex(trap_count);
    fw_print(" tl ");
    fw_print_hex(trap_tl);
    fw_print(" tt ");
    fw_print_hex(trap_tt);
    fw_print(" now tl ");
    fw_print_hex(fw_rdpr_tl());
    fw_putc('\n');
    return trap_count == 1 && trap_tl == 1 && trap_tt == 0x110 && fw_rdpr_tl() == 0 ? 7 : 1;
}
