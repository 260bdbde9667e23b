/* The physical-address ASIs: 0x14 (cacheable) reaches RAM by physical
 * address and 0x15 (bypass, side effects) a device; 0x1c is the
 * little-endian form. */
#include "fw.h"

static volatile uint64_t word;

int main(void) {
    const uint64_t pa = (uint64_t)&word; /* MMU off: VA = PA */
    FW_STXA(pa, FW_ASI_PHYS_USE_EC, 0x0123456789abcdefull);
    fw_check(word == 0x0123456789abcdefull, "a store through ASI 0x14 reaches RAM", word);
    word = 0xfeedface;
    fw_check(FW_LDXA(pa, FW_ASI_PHYS_USE_EC) == 0xfeedface, "a load through ASI 0x14",
             FW_LDXA(pa, FW_ASI_PHYS_USE_EC));
    fw_check(FW_LDXA(pa, 0x1c) == 0xcefaedfe00000000ull, "ASI 0x1c is little-endian",
             FW_LDXA(pa, 0x1c));
    /* The console's THR through the bypass ASI. */
    __asm__ volatile("stba %0, [%1] 0x15" : : "r"('!'), "r"(FW_UART_BASE) : "memory");
    __asm__ volatile("stba %0, [%1] 0x15" : : "r"('\n'), "r"(FW_UART_BASE) : "memory");
    fw_test_done();
}
