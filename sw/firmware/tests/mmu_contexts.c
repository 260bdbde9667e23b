/* Contexts: one VA mapped in context 5 and in context 9 to two frames; the
 * primary context register selects which one an access sees, and a load
 * through ASI_SECONDARY (0x81) uses the secondary context register. */
#include "fw.h"

#define VA 0x0000400000000000ull

static uint64_t frame_a[1024] __attribute__((aligned(8192)));
static uint64_t frame_b[1024] __attribute__((aligned(8192)));

static uint64_t load_secondary(uint64_t va) {
    uint64_t v;
    __asm__ volatile("ldxa [%1] 0x81, %0" : "=r"(v) : "r"(va) : "memory");
    return v;
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

    /* Demap context 9 (primary): context 5's entry stays. */
    fw_tlb_demap(FW_DTLB, 0, 1, 0);
    FW_STXA(FW_MMU_PRIMARY_CONTEXT, FW_ASI_DMMU, 5);
    __asm__ volatile("membar #Sync" ::: "memory");
    fw_check(*(volatile uint64_t*)VA == 0xaaaa, "demap of context 9 spares context 5", 0);
    FW_STXA(FW_MMU_PRIMARY_CONTEXT, FW_ASI_DMMU, 0);
    __asm__ volatile("membar #Sync" ::: "memory");
    fw_test_done();
}
