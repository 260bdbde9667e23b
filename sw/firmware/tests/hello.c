/* Prints through the console UART and powers off with 42. */
#include "fw.h"

int main(void) {
    fw_puts("hello from firmware");
    return 42;
}
