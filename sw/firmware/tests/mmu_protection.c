/* Protection: a store to a page mapped without W takes
 * fast_data_access_protection (0x6c) with the tag access register and SFAR
 * naming it; the handler remaps it writable (demap, then load) and retries.
 * A user-mode load from a privileged page takes data_access_exception
 * (0x30) with SFSR.FT = privilege violation; the user code runs from a
 * second mapping of the ROM without the P bit (the SDK's has it), and
 * touches no stack (the SDK maps RAM privileged). */
#include "fw.h"

#define PAGE_VA 0x0000300000000000ull
#define USER_CODE 0x0000600000000000ull /* a 4M-aligned alias of the ROM */
#define ROM_VA 0xfffffffff0000000ull
#define ROM_PA 0x7fff0000000ull

static uint64_t frame[1024] __attribute__((aligned(8192)));
static volatile unsigned protection, exceptions;
static volatile uint64_t tag_seen, sfar_seen, sfsr_seen;

static int on_protection(struct fw_trap_frame* f) {
    (void)f;
    ++protection;
    tag_seen = FW_LDXA(FW_MMU_TAG_ACCESS, FW_ASI_DMMU);
    sfar_seen = FW_LDXA(FW_MMU_SFAR, FW_ASI_DMMU);
    fw_tlb_demap(FW_DTLB, PAGE_VA, 0, 0);
    fw_tlb_load(FW_DTLB, PAGE_VA, 0, fw_tte((uint64_t)frame, 0, FW_TTE_CP | FW_TTE_W | FW_TTE_G));
    return FW_TRAP_RETRY;
}

static int on_exception(struct fw_trap_frame* f) {
    ++exceptions;
    sfsr_seen = FW_LDXA(FW_MMU_SFSR, FW_ASI_DMMU);
    FW_STXA(FW_MMU_SFSR, FW_ASI_DMMU, 0);       /* clear FV */
    f->tstate |= (uint64_t)FW_PSTATE_PRIV << 8; /* back privileged, past the load */
    return FW_TRAP_DONE;
}

/* A leaf: drops to user mode and loads; the handler brings it back privileged. */
__attribute__((noinline)) static void user_load(uint64_t va) {
    __asm__ volatile("wrpr %%g0, %1, %%pstate\n\tldx [%0], %%g0"
                     :
                     : "r"(va), "i"(FW_PSTATE_PEF)
                     : "memory");
}

int main(void) {
    fw_mmu_identity_on();
    fw_set_trap_handler(0x6c, on_protection);
    fw_set_trap_handler(0x30, on_exception);
    /* Read-only and usable from user mode (no P bit). */
    fw_tlb_load(FW_DTLB, PAGE_VA, 0, fw_tte((uint64_t)frame, 0, FW_TTE_CP | FW_TTE_G));
    frame[2] = 77;
    fw_check(*(volatile uint64_t*)(PAGE_VA + 16) == 77, "a load from the read-only page", 0);
    *(volatile uint64_t*)(PAGE_VA + 24) = 99;
    fw_check(protection == 1, "a store takes fast_data_access_protection", protection);
    fw_check((tag_seen & ~0x1fffull) == PAGE_VA, "tag access names the page", tag_seen);
    fw_check(sfar_seen == PAGE_VA + 24, "SFAR is the faulting address", sfar_seen);
    fw_check(frame[3] == 99, "the retried store went through", frame[3]);

    /* A privileged page read in user mode. */
    fw_tlb_demap(FW_DTLB, PAGE_VA, 0, 0);
    fw_tlb_load(FW_DTLB, PAGE_VA, 0,
                fw_tte((uint64_t)frame, 0, FW_TTE_CP | FW_TTE_P | FW_TTE_W | FW_TTE_G));
    fw_tlb_load(FW_ITLB, USER_CODE, 0, fw_tte(ROM_PA, 3, FW_TTE_L | FW_TTE_CP | FW_TTE_G));
    void (*user)(uint64_t) = (void (*)(uint64_t))(USER_CODE + ((uint64_t)user_load - ROM_VA));
    user(PAGE_VA + 16);
    fw_check(exceptions == 1, "user access to a P page is data_access_exception", exceptions);
    fw_check(((sfsr_seen >> 7) & 0x7f) == 1, "SFSR.FT says privilege violation", sfsr_seen);
    fw_check(sfsr_seen & 1, "SFSR.FV set", sfsr_seen);
    fw_test_done();
}
