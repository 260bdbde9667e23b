/* The SDK's C runtime: UART output, power-off, and the memory functions gcc
 * may call even in freestanding code. */
#include "fw.h"

#include <stddef.h>

enum { kRbr = 0, kThr = 0, kLsr = 5, kLsrDr = 0x01, kLsrThre = 0x20 };

static volatile uint8_t* const uart = (volatile uint8_t*)FW_UART_BASE;

void fw_putc(char c) {
    while (!(uart[kLsr] & kLsrThre))
        ;
    uart[kThr] = (uint8_t)c;
}

void fw_print(const char* s) {
    while (*s)
        fw_putc(*s++);
}

void fw_puts(const char* s) {
    fw_print(s);
    fw_putc('\n');
}

void fw_print_hex(uint64_t value) {
    fw_print("0x");
    for (int shift = 60; shift >= 0; shift -= 4)
        fw_putc("0123456789abcdef"[(value >> shift) & 0xf]);
}

void fw_print_dec(uint64_t value) {
    char digits[20];
    int n = 0;
    do {
        digits[n++] = (char)('0' + value % 10);
        value /= 10;
    } while (value);
    while (n)
        fw_putc(digits[--n]);
}

void fw_exit(int code) {
    *(volatile uint64_t*)FW_POWER_BASE = (uint64_t)(code & 0xff);
    for (;;) /* the store ends the run */
        ;
}

void fw_reset(void) {
    *(volatile uint64_t*)(FW_POWER_BASE + FW_POWER_RESET) = 1;
    for (;;) /* every CPU is reset at its next instruction */
        ;
}

uint64_t fw_boot_number(void) {
    return *(volatile uint64_t*)(FW_POWER_BASE + FW_POWER_RESETS);
}

int fw_getc(void) {
    while (!(uart[kLsr] & kLsrDr))
        ;
    return uart[kRbr];
}

void* memset(void* dst, int c, size_t n) {
    uint8_t* d = dst;
    while (n--)
        *d++ = (uint8_t)c;
    return dst;
}

void* memcpy(void* dst, const void* src, size_t n) {
    uint8_t* d = dst;
    const uint8_t* s = src;
    while (n--)
        *d++ = *s++;
    return dst;
}

static unsigned checks, failures;

void fw_check(int ok, const char* what, uint64_t value) {
    ++checks;
    if (ok) return;
    ++failures;
    fw_print("FAIL: ");
    fw_print(what);
    fw_print(" (got ");
    fw_print_hex(value);
    fw_puts(")");
}

void fw_test_done(void) {
    if (failures) {
        fw_print("FAIL: ");
        fw_print_dec(failures);
        fw_print(" of ");
        fw_print_dec(checks);
        fw_puts(" checks");
        fw_exit(1);
    }
    fw_print("PASS: ");
    fw_print_dec(checks);
    fw_puts(" checks");
    fw_exit(0);
}

void fw_spin(uint64_t n) {
    for (volatile uint64_t i = 0; i < n / 4; ++i)
        ;
}
