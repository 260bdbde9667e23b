/* The console's receive interrupt, through the I/O bridge: with IER.ERBFI on
 * and its line routed to this CPU, each arrival of input is an interrupt
 * vector (trap 0x60) whose data word is the console's INO. The handler reads
 * every character waiting, echoes it, and re-arms the line (ICLR idle). The
 * main loop only waits: all input comes in through interrupts, up to an EOT
 * (Ctrl-D). */
#include "fw.h"

#define RBR 0
#define IER 1
#define LSR 5
#define LSR_DR 0x01
#define IER_ERBFI 0x01

static volatile uint8_t* const uart = (volatile uint8_t*)FW_UART_BASE;
static volatile unsigned vectors, wrong_ino, chars, done;
static char text[128];

static int on_vector(struct fw_trap_frame* f) {
    (void)f;
    uint64_t d[3];
    fw_receive_vector(d);
    ++vectors;
    if (d[0] != FW_CONSOLE_INO) ++wrong_ino;
    while (uart[LSR] & LSR_DR) {
        const char c = (char)uart[RBR];
        if (c == 4) {
            done = 1;
            break;
        }
        if (chars < sizeof text - 1) text[chars++] = c;
        fw_putc(c);
    }
    fw_interrupt_done(FW_CONSOLE_INO);
    return FW_TRAP_RETRY;
}

int main(void) {
    fw_set_trap_handler(FW_TT_INTERRUPT_VECTOR, on_vector);
    fw_route_interrupt(FW_CONSOLE_INO, fw_agent_id());
    fw_interrupts_on();
    uart[IER] = IER_ERBFI;
    while (!done)
        ;
    uart[IER] = 0;
    fw_putc('\n');
    text[chars] = 0;
    fw_print("got: ");
    fw_puts(text);
    fw_check(vectors >= 1, "input arrived by interrupts", vectors);
    fw_check(wrong_ino == 0, "each vector names the console's INO", wrong_ino);
    fw_test_done();
}
