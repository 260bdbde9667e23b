/* Contexts: one VA mapped in context 5 and in context 9 to two frames; the
 * primary context register selects which one an access sees, and a load
 * through ASI_SECONDARY (0x81) uses the secondary context register, as do
 * block loads and stores through ASI_BLK_S (0xf1): Linux copies to and from
 * user space with their as-if-user twin, ASI_BLK_AIUS. */
#include "fw.h"

#define VA 0x0000400000000000ull

static uint64_t frame_a[1024] __attribute__((aligned(8192)));
static uint64_t frame_b[1024] __attribute__((aligned(8192)));

static uint64_t load_secondary(uint64_t va) {
    uint64_t v;
    __asm__ volatile("ldxa [%1] 0x81, %0" : "=r"(v) : "r"(va) : "memory");
    return v;
}

/* The first doubleword of a 64-byte block loaded through ASI_BLK_S. */
static uint64_t block_load_secondary(uint64_t va) {
    static uint64_t out __attribute__((aligned(8)));
    __asm__ volatile("ldda [%0] 0xf1, %%f0\n\t"
                     "membar #Sync\n\t"
                     "std %%f0, [%1]" ::"r"(va), "r"(&out) : "memory");
    return out;
}

/* Stores 8 doublewords, each `v`, through ASI_BLK_S. */
static void block_store_secondary(uint64_t va, uint64_t v) {
    static uint64_t in __attribute__((aligned(8)));
    in = v;
    __asm__ volatile("ldd [%1], %%f0\n\t"
                     "fmovd %%f0, %%f2\n\tfmovd %%f0, %%f4\n\tfmovd %%f0, %%f6\n\t"
                     "fmovd %%f0, %%f8\n\tfmovd %%f0, %%f10\n\tfmovd %%f0, %%f12\n\t"
                     "fmovd %%f0, %%f14\n\t"
                     "stda %%f0, [%0] 0xf1\n\t"
                     "membar #Sync" ::"r"(va), "r"(&in) : "memory");
}

int main(void) {
    fw_mmu_identity_on();
    frame_a[0] = 0xaaaa;
    frame_b[0] = 0xbbbb;
    fw_tlb_load(FW_DTLB, VA, 5, fw_tte((uint64_t)frame_a, 0, FW_TTE_CP | FW_TTE_P | FW_TTE_W));
    fw_tlb_load(FW_DTLB, VA, 9, fw_tte((uint64_t)frame_b, 0, FW_TTE_CP | FW_TTE_P | FW_TTE_W));

    FW_STXA(FW_MMU_PRIMARY_CONTEXT, FW_ASI_DMMU, 5);
    __asm__ volatile("membar #Sync" ::: "memory");
    fw_check(*(volatile uint64_t*)VA == 0xaaaa, "context 5 sees frame a", *(volatile uint64_t*)VA);
    FW_STXA(FW_MMU_PRIMARY_CONTEXT, FW_ASI_DMMU, 9);
    __asm__ volatile("membar #Sync" ::: "memory");
    fw_check(*(volatile uint64_t*)VA == 0xbbbb, "context 9 sees frame b", *(volatile uint64_t*)VA);

    FW_STXA(FW_MMU_SECONDARY_CONTEXT, FW_ASI_DMMU, 5);
    __asm__ volatile("membar #Sync" ::: "memory");
    fw_check(load_secondary(VA) == 0xaaaa, "ASI_SECONDARY uses the secondary context",
             load_secondary(VA));

    fw_check(block_load_secondary(VA) == 0xaaaa, "ASI_BLK_S loads in the secondary context",
             block_load_secondary(VA));
    block_store_secondary(VA, 0x5555);
    fw_check(frame_a[7] == 0x5555 && frame_b[7] == 0,
             "ASI_BLK_S stores in the secondary context", frame_a[7]);
    frame_a[0] = 0xaaaa; /* the block store wrote the whole line */

    /* Demap context 9 (primary): context 5's entry stays. */
    fw_tlb_demap(FW_DTLB, 0, 1, 0);
    FW_STXA(FW_MMU_PRIMARY_CONTEXT, FW_ASI_DMMU, 5);
    __asm__ volatile("membar #Sync" ::: "memory");
    fw_check(*(volatile uint64_t*)VA == 0xaaaa, "demap of context 9 spares context 5", 0);
    FW_STXA(FW_MMU_PRIMARY_CONTEXT, FW_ASI_DMMU, 0);
    __asm__ volatile("membar #Sync" ::: "memory");
    fw_test_done();
}
