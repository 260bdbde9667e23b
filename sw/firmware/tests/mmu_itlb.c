/* The I-MMU: a function called through a second virtual mapping of the ROM
 * page that holds it (an I-TLB entry loaded by the fast instruction access
 * MMU miss handler, trap 0x64) runs and returns. */
#include "fw.h"

#define CODE_ALIAS 0x0000500000000000ull
#define ROM_VA 0xfffffffff0000000ull
#define ROM_PA 0x7fff0000000ull

static volatile unsigned itlb_misses;
static volatile uint64_t miss_tag;

__attribute__((noinline)) static uint64_t triple(uint64_t x) {
    return 3 * x;
}

static int on_itlb_miss(struct fw_trap_frame* f) {
    (void)f;
    ++itlb_misses;
    miss_tag = FW_LDXA(FW_MMU_TAG_ACCESS, FW_ASI_IMMU);
    const uint64_t va = miss_tag & ~0x1fffull;
    const uint64_t pa = ROM_PA + (va - CODE_ALIAS);
    FW_STXA(0, FW_ASI_ITLB_DATA_IN, fw_tte(pa, 0, FW_TTE_CP | FW_TTE_P | FW_TTE_G));
    __asm__ volatile("membar #Sync" ::: "memory");
    return FW_TRAP_RETRY;
}

int main(void) {
    fw_mmu_identity_on();
    fw_set_trap_handler(0x64, on_itlb_miss);
    const uint64_t offset = (uint64_t)triple - ROM_VA;
    uint64_t (*aliased)(uint64_t) = (uint64_t(*)(uint64_t))(CODE_ALIAS + offset);
    fw_check(aliased(14) == 42, "the aliased function runs", aliased(14));
    fw_check(itlb_misses >= 1, "fast_instruction_access_MMU_miss refilled it", itlb_misses);
    fw_check((miss_tag & ~0x1fffull) == ((CODE_ALIAS + offset) & ~0x1fffull),
             "I tag access names the page", miss_tag);
    fw_test_done();
}
