/* Fireplane bare-metal SDK: console output and power-off for firmware
 * images built with fireplane_firmware_image() (cmake/FirmwareImages.cmake)
 * and run with `fireplane boot`. Addresses are those of
 * configs/uni-firmware.yaml and configs/v1280-firmware.yaml. */
#ifndef FIREPLANE_FW_H
#define FIREPLANE_FW_H

#include <stdint.h>

#define FW_UART_BASE 0x1fff1000000ull  /* console 16550, registers 1 byte apart */
#define FW_POWER_BASE 0x1fff1001000ull /* power_control: poweroff at +0 */

void fw_putc(char c);
void fw_puts(const char *s); /* the string and a newline */
void fw_print(const char *s); /* the string only */
void fw_print_hex(uint64_t value);
__attribute__((noreturn)) void fw_exit(int code); /* powers off: `fireplane boot` exits with code & 0xff */

/* Privileged registers. */
static inline uint64_t fw_rdpr_tl(void) {
    uint64_t v;
    __asm__ volatile("rdpr %%tl, %0" : "=r"(v));
    return v;
}
static inline uint64_t fw_rdpr_pstate(void) {
    uint64_t v;
    __asm__ volatile("rdpr %%pstate, %0" : "=r"(v));
    return v;
}
static inline void fw_wrpr_tba(uint64_t v) {
    __asm__ volatile("wrpr %0, 0, %%tba" : : "r"(v));
}

#endif
