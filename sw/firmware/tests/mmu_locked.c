/* The MMUs on, with locked entries: the SDK's identity map keeps the code
 * running, and a locked 8K alias at a high VA reaches the same RAM as the
 * identity VA (a store through one is seen through the other). The locked
 * entries survive demap-all. */
#include "fw.h"

#define ALIAS 0x0000100000000000ull

static volatile uint64_t cell[1024] __attribute__((aligned(8192)));

int main(void) {
    fw_mmu_identity_on();
    fw_check((fw_dcu() & (FW_DCU_IM | FW_DCU_DM)) == (FW_DCU_IM | FW_DCU_DM), "MMUs on", fw_dcu());
    const uint64_t pa = (uint64_t)cell; /* identity: VA = PA */
    fw_tlb_load(FW_DTLB, ALIAS, 0,
                fw_tte(pa, 0, FW_TTE_L | FW_TTE_CP | FW_TTE_CV | FW_TTE_P | FW_TTE_W | FW_TTE_G));
    volatile uint64_t* alias = (volatile uint64_t*)ALIAS;
    alias[5] = 0x1234;
    fw_check(cell[5] == 0x1234, "a store through the alias", cell[5]);
    cell[6] = 0x5678;
    fw_check(alias[6] == 0x5678, "a load through the alias", alias[6]);

    fw_tlb_demap(FW_DTLB, 0, 2, 0); /* all: locked entries stay */
    fw_check(alias[5] == 0x1234, "locked entries survive demap-all", alias[5]);
    fw_puts("translated");
    fw_test_done();
}
