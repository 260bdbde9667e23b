/* Console input: sets 115200 baud and the FIFOs, then reads the console by
 * polling LSR.DR and echoes each byte upper-cased (so the output shows it went
 * through the guest) until a Ctrl-D. Powers off with the number of bytes it
 * read before the Ctrl-D (mod 256). */
#include "fw.h"

enum {
    kRbr = 0,
    kDll = 0,
    kDlm = 1,
    kFcr = 2,
    kLcr = 3,
    kLsr = 5,
    kLcrDlab = 0x80,
    kLcr8n1 = 0x03,
    kFcrEnable = 0x07,
    kLsrDr = 0x01,
    kEndOfInput = 0x04 /* Ctrl-D */
};

static volatile uint8_t* const uart = (volatile uint8_t*)FW_UART_BASE;

static void uart_setup(void) {
    uart[kLcr] = kLcrDlab;
    uart[kDll] = 1; /* 1.8432 MHz / (16 * 1): 115200 baud */
    uart[kDlm] = 0;
    uart[kLcr] = kLcr8n1;
    uart[kFcr] = kFcrEnable;
}

static int uart_getc(void) {
    while (!(uart[kLsr] & kLsrDr))
        ;
    return uart[kRbr];
}

int main(void) {
    uart_setup();
    fw_puts("echo: ready");
    int n = 0;
    for (;;) {
        int c = uart_getc();
        if (c == kEndOfInput) break;
        ++n;
        if (c >= 'a' && c <= 'z') c -= 'a' - 'A';
        fw_putc((char)c);
    }
    fw_print("echo: ");
    fw_print_hex((uint64_t)n);
    fw_puts(" bytes");
    return n;
}
