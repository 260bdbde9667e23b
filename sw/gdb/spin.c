/* For the GDB tests (tests/gdb): spins until the debugger sets `stop`, so
 * gdb's Ctrl-C always finds it running, then exits with 7. */
#include <stdio.h>

volatile int stop;
volatile unsigned long rounds;

int main(void) {
    while (!stop)
        rounds++;
    printf("stopped by the debugger after %s rounds\n", rounds > 0 ? "some" : "no");
    return 7;
}
