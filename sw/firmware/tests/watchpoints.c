/* The data watchpoints of the DCU control register: a store to the
 * doubleword in the VA watchpoint register takes VA_watchpoint (0x62), a load
 * from the one in the PA watchpoint register takes PA_watchpoint (0x61), each
 * before the access happens; the handler disarms it and retries. Accesses to
 * other doublewords, or bytes outside the byte mask, do not trap. */
#include "fw.h"

#define DCU_VW (1ull << 21)
#define DCU_VR (1ull << 22)
#define DCU_PW (1ull << 23)
#define DCU_PR (1ull << 24)
#define DCU_VM(mask) ((uint64_t)(mask) << 25)
#define DCU_PM(mask) ((uint64_t)(mask) << 33)
#define MMU_VA_WATCH 0x38
#define MMU_PA_WATCH 0x40

static volatile uint64_t watched[4] __attribute__((aligned(64)));
static volatile unsigned va_hits, pa_hits;
static volatile uint64_t value_at_trap;

static int on_watch(struct fw_trap_frame* f) {
    if (f->tt == 0x62) ++va_hits;
    if (f->tt == 0x61) ++pa_hits;
    fw_set_dcu(fw_dcu() & ~(DCU_VW | DCU_VR | DCU_PW | DCU_PR)); /* disarm first... */
    value_at_trap = watched[1];                                  /* ... then look */
    return FW_TRAP_RETRY;
}

int main(void) {
    fw_set_trap_handler(0x61, on_watch);
    fw_set_trap_handler(0x62, on_watch);
    const uint64_t dcu = fw_dcu();

    FW_STXA(MMU_VA_WATCH, FW_ASI_DMMU, (uint64_t)&watched[1]);
    fw_set_dcu(dcu | DCU_VW | DCU_VM(0xff));
    watched[0] = 1; /* another doubleword */
    fw_check(va_hits == 0, "no trap for another doubleword", va_hits);
    watched[1] = 5;
    fw_check(va_hits == 1, "a store to the watched VA traps", va_hits);
    fw_check(value_at_trap == 0, "before the store happened", value_at_trap);
    fw_check(watched[1] == 5, "the retried store", watched[1]);

    fw_set_dcu(dcu | DCU_VR | DCU_VM(0x0f)); /* bytes 0-3 of the doubleword only */
    (void)*(volatile uint32_t*)((uintptr_t)&watched[1] + 4);
    fw_check(va_hits == 1, "bytes outside the mask do not trap", va_hits);
    (void)watched[1];
    fw_check(va_hits == 2, "a load of the watched VA traps", va_hits);

    FW_STXA(MMU_PA_WATCH, FW_ASI_DMMU, (uint64_t)&watched[1]); /* MMU off: PA = VA */
    fw_set_dcu(dcu | DCU_PR | DCU_PM(0xff));
    (void)watched[1];
    fw_check(pa_hits == 1, "a load of the watched PA traps", pa_hits);
    fw_set_dcu(dcu);
    fw_test_done();
}
