/* D-TLB misses refilled from a TSB: 16 8K pages at a high VA, each mapped
 * to its own RAM page through the TSB only. The first touch of each page
 * takes fast_data_access_MMU_miss (0x68) and the SDK's handler loads the TTE;
 * later touches hit. A demapped page misses again; a page missing from the
 * TSB reaches the fallback with the tag access register naming it. */
#include "fw.h"

#define BASE 0x0000200000000000ull
#define PAGES 16
#define PAGE 8192ull

static uint64_t tsb[2 * 512] __attribute__((aligned(8192)));
static uint8_t frames[PAGES][PAGE] __attribute__((aligned(8192)));
static volatile unsigned misses, unmapped;
static volatile uint64_t unmapped_tag;

static int count_miss(struct fw_trap_frame* f);
static int no_entry(struct fw_trap_frame* f) {
    (void)f;
    unmapped_tag = FW_LDXA(FW_MMU_TAG_ACCESS, FW_ASI_DMMU);
    ++unmapped;
    fw_tsb_insert(unmapped_tag & ~0x1fffull, 0,
                  fw_tte((uint64_t)frames[0], 0, FW_TTE_CP | FW_TTE_CV | FW_TTE_P | FW_TTE_W));
    return FW_TRAP_RETRY; /* the next try misses again and finds the entry */
}

static fw_trap_handler refill;
static int count_miss(struct fw_trap_frame* f) {
    ++misses;
    return refill(f);
}

int main(void) {
    fw_mmu_identity_on();
    fw_tsb_init(tsb, 0, no_entry);
    for (unsigned p = 0; p < PAGES; ++p)
        fw_tsb_insert(BASE + p * PAGE, 0,
                      fw_tte((uint64_t)frames[p], 0, FW_TTE_CP | FW_TTE_CV | FW_TTE_P | FW_TTE_W));
    /* Count misses around the SDK's refill handler (trap 0x68). */
    refill = fw_trap_handler_of(0x68);
    fw_set_trap_handler(0x68, count_miss);

    for (unsigned p = 0; p < PAGES; ++p)
        *(volatile uint64_t*)(BASE + p * PAGE + 8 * p) = 0xab00 + p;
    fw_check(misses == PAGES, "one miss per page", misses);
    for (unsigned p = 0; p < PAGES; ++p)
        fw_check(*(volatile uint64_t*)(frames[p] + 8 * p) == 0xab00 + p, "data in its frame", p);
    fw_check(misses == PAGES, "no miss once loaded", misses);

    fw_tlb_demap(FW_DTLB, BASE + 3 * PAGE, 0, 0);
    fw_check(*(volatile uint64_t*)(BASE + 3 * PAGE + 24) == 0xab03, "refilled after demap", misses);
    fw_check(misses == PAGES + 1, "the demapped page missed again", misses);

    const uint64_t far = BASE + 0x1000000;
    fw_check(*(volatile uint64_t*)far == *(volatile uint64_t*)frames[0], "fallback mapping",
             unmapped);
    fw_check(unmapped == 1 && (unmapped_tag & ~0x1fffull) == far, "tag access names the page",
             unmapped_tag);
    fw_test_done();
}
