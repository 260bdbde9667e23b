/* The SDK's C runtime: UART output, power-off, and the memory functions gcc
 * may call even in freestanding code. */
#include "fw.h"

#include <stddef.h>

enum { kThr = 0, kLsr = 5, kLsrThre = 0x20 };

static volatile uint8_t *const uart = (volatile uint8_t *)FW_UART_BASE;

void fw_putc(char c) {
    while (!(uart[kLsr] & kLsrThre))
        ;
    uart[kThr] = (uint8_t)c;
}

void fw_print(const char *s) {
    while (*s)
        fw_putc(*s++);
}

void fw_puts(const char *s) {
    fw_print(s);
    fw_putc('\n');
}

void fw_print_hex(uint64_t value) {
    fw_print("0x");
    for (int shift = 60; shift >= 0; shift -= 4)
        fw_putc("0123456789abcdef"[(value >> shift) & 0xf]);
}

void fw_exit(int code) {
    *(volatile uint64_t *)FW_POWER_BASE = (uint64_t)(code & 0xff);
    for (;;) /* the store ends the run */
        ;
}

void *memset(void *dst, int c, size_t n) {
    uint8_t *d = dst;
    while (n--)
        *d++ = (uint8_t)c;
    return dst;
}

void *memcpy(void *dst, const void *src, size_t n) {
    uint8_t *d = dst;
    const uint8_t *s = src;
    while (n--)
        *d++ = *s++;
    return dst;
}
