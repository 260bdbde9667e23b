/* MMU set-up helpers: TLB loads and demaps through the Cheetah+ ASIs, the
 * SDK's identity map, and a TSB with its miss handler. */
#include "fw.h"

#define ROM_VA 0xfffffffff0000000ull
#define ROM_PA 0x7fff0000000ull
#define RAM_MAPPED (16ull << 20)
#define FOUR_MB (4ull << 20)

void fw_tlb_load(enum fw_tlb tlb, uint64_t va, unsigned ctx, uint64_t tte) {
    const uint64_t tag = (va & ~0x1fffull) | (ctx & 0x1fff);
    if (tlb == FW_ITLB) {
        FW_STXA(FW_MMU_TAG_ACCESS, FW_ASI_IMMU, tag);
        FW_STXA(0, FW_ASI_ITLB_DATA_IN, tte);
    } else {
        FW_STXA(FW_MMU_TAG_ACCESS, FW_ASI_DMMU, tag);
        FW_STXA(0, FW_ASI_DTLB_DATA_IN, tte);
    }
    __asm__ volatile("membar #Sync" ::: "memory");
}

void fw_tlb_demap(enum fw_tlb tlb, uint64_t va, unsigned type, unsigned sel) {
    const uint64_t address = (va & ~0x1fffull) | ((uint64_t)type << 6) | ((uint64_t)sel << 4);
    if (tlb == FW_ITLB)
        FW_STXA(address, FW_ASI_IMMU_DEMAP, 0);
    else
        FW_STXA(address, FW_ASI_DMMU_DEMAP, 0);
    __asm__ volatile("membar #Sync" ::: "memory");
}

void fw_mmu_identity_on(void) {
    const uint64_t ram = FW_TTE_L | FW_TTE_CP | FW_TTE_CV | FW_TTE_P | FW_TTE_W | FW_TTE_G;
    for (uint64_t pa = 0; pa < RAM_MAPPED; pa += FOUR_MB)
        fw_tlb_load(FW_DTLB, pa, 0, fw_tte(pa, 3, ram));
    const uint64_t rom = FW_TTE_L | FW_TTE_CP | FW_TTE_CV | FW_TTE_P | FW_TTE_G;
    fw_tlb_load(FW_ITLB, ROM_VA, 0, fw_tte(ROM_PA, 3, rom));
    fw_tlb_load(FW_DTLB, ROM_VA, 0, fw_tte(ROM_PA, 3, rom)); /* constants in .rodata */
    const uint64_t io = FW_TTE_L | FW_TTE_E | FW_TTE_P | FW_TTE_W | FW_TTE_G;
    fw_tlb_load(FW_DTLB, FW_UART_BASE, 0, fw_tte(FW_UART_BASE, 0, io));
    fw_tlb_load(FW_DTLB, FW_POWER_BASE, 0, fw_tte(FW_POWER_BASE, 0, io));
    fw_set_dcu(fw_dcu() | FW_DCU_IM | FW_DCU_DM);
}

static fw_trap_handler tsb_fallback;

/* Hardware has set the tag access register and the TSB pointer: the entry
 * at the 8K pointer either holds the tag target, and data in loads its TTE,
 * or the miss is not the TSB's to serve. */
static int tsb_miss(struct fw_trap_frame* f) {
    const uint64_t tag_target = FW_LDXA(0, FW_ASI_DMMU);
    const uint64_t* entry = (const uint64_t*)FW_LDXA(0, FW_ASI_DMMU_TSB_8K_PTR);
    if (entry[0] == tag_target && (entry[1] & FW_TTE_V)) {
        FW_STXA(0, FW_ASI_DTLB_DATA_IN, entry[1]);
        __asm__ volatile("membar #Sync" ::: "memory");
        return FW_TRAP_RETRY;
    }
    if (tsb_fallback) return tsb_fallback(f);
    fw_puts("TSB miss with no entry:");
    fw_print_hex(FW_LDXA(FW_MMU_TAG_ACCESS, FW_ASI_DMMU));
    fw_putc('\n');
    fw_exit(FW_EXIT_UNEXPECTED_TRAP);
}

static uint64_t* tsb_base;
static unsigned tsb_entries;

void fw_tsb_init(uint64_t* tsb, unsigned size_code, fw_trap_handler fallback) {
    tsb_base = tsb;
    tsb_entries = 512u << size_code;
    for (unsigned i = 0; i < 2 * tsb_entries; ++i)
        tsb[i] = 0;
    FW_STXA(FW_MMU_TSB, FW_ASI_DMMU, (uint64_t)tsb | size_code);
    __asm__ volatile("membar #Sync" ::: "memory");
    tsb_fallback = fallback;
    fw_set_trap_handler(0x68, tsb_miss); /* fast_data_access_MMU_miss */
}

void fw_tsb_insert(uint64_t va, unsigned ctx, uint64_t tte) {
    const unsigned index = (unsigned)(va >> 13) & (tsb_entries - 1);
    tsb_base[2 * index] = ((uint64_t)(ctx & 0x1fff) << 48) | (va >> 22); /* the tag target */
    tsb_base[2 * index + 1] = tte;
}
