/* The M48T59 time-of-day clock of configs/uni-firmware.yaml: reads the date
 * with the READ bit set (2026-01-01 at time zero), sets the clock with the
 * WRITE bit and reads it back, and checks a byte of NVRAM. Prints each date
 * and powers off with 0, or with the number of the failed check. */
#include "fw.h"

#define TOD_BASE 0x1fff1002000ull /* its 8 KiB: NVRAM, clock registers at +0x1ff0 */

enum {
    kControl = 0x1ff8,
    kSeconds,
    kMinutes,
    kHours,
    kDay,
    kDate,
    kMonth,
    kYear,
    kWrite = 0x80,
    kRead = 0x40,
    kCentury = 0x10 /* CB in the day register: set in 19xx */
};

static volatile uint8_t* const tod = (volatile uint8_t*)TOD_BASE;

static void print_bcd(uint8_t v) {
    fw_putc((char)('0' + (v >> 4)));
    fw_putc((char)('0' + (v & 0xf)));
}

/* "tod: YYYY-MM-DD hh:mm:ss", read while the READ bit freezes the registers;
 * the century bit tells 19xx from 20xx. */
static void print_date(void) {
    tod[kControl] = kRead;
    fw_print((tod[kDay] & kCentury) ? "tod: 19" : "tod: 20");
    print_bcd(tod[kYear]);
    fw_putc('-');
    print_bcd(tod[kMonth]);
    fw_putc('-');
    print_bcd(tod[kDate]);
    fw_putc(' ');
    print_bcd(tod[kHours]);
    fw_putc(':');
    print_bcd(tod[kMinutes]);
    fw_putc(':');
    print_bcd(tod[kSeconds] & 0x7f);
    fw_putc('\n');
    tod[kControl] = 0;
}

int main(void) {
    print_date();
    tod[kControl] = kWrite;
    tod[kYear] = 0x30;
    tod[kMonth] = 0x06;
    tod[kDate] = 0x15;
    tod[kDay] = 0x07;
    tod[kHours] = 0x12;
    tod[kMinutes] = 0x34;
    tod[kSeconds] = 0x56;
    tod[kControl] = 0;
    print_date();
    if (tod[kDay] != 0x07) return 1;
    tod[0x123] = 0xa5;
    if (tod[0x123] != 0xa5) return 2;
    return 0;
}
