/* The power register's RESET: every CPU takes a power-on reset, RAM keeps
 * its contents, and the SDK's reset code elects a master afresh (the RESETS
 * count says which boot this is). The first boot leaves a mark in RAM the
 * SDK does not touch and turns the MMUs on; the second finds the mark, the
 * MMUs off again, and every CPU back (on the V1280). */
#include "fw.h"

#define MARK_PA 0x00e00000ull /* RAM past the SDK's data, bss and stacks */

int main(void) {
    volatile uint64_t* mark = (volatile uint64_t*)MARK_PA;
    const uint64_t boot = fw_boot_number();
    fw_print("boot ");
    fw_print_dec(boot);
    fw_putc('\n');
    if (boot == 0) {
        *mark = 0x5ca1ab1e;
        fw_mmu_identity_on();
        fw_reset();
    }
    fw_check(boot == 1, "the second boot", boot);
    fw_check(*mark == 0x5ca1ab1e, "RAM kept across the reset", *mark);
    fw_check((fw_dcu() & (FW_DCU_IM | FW_DCU_DM)) == 0, "the MMUs off after the reset", fw_dcu());
    fw_test_done();
}
