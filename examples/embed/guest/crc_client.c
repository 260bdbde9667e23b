// Drives the example's CRC-32 engine through /dev/mem: feeds it a buffer in
// 8-byte and single-byte writes, reads the CRC and compares it with the same
// sum computed in software. Exits 0 when they agree.
#include "crc32.h"

#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

enum { REG_DATA = 0x00, REG_CRC = 0x08, REG_COUNT = 0x10 };

int main(int argc, char** argv) {
    const uint64_t pa = argc > 1 ? strtoull(argv[1], NULL, 0) : 0x1fff2000000ull;
    const size_t size = argc > 2 ? strtoul(argv[2], NULL, 0) : 4099;
    int fd = open("/dev/mem", O_RDWR | O_SYNC);
    if (fd < 0) {
        perror("crc_client: /dev/mem");
        return 1;
    }
    volatile unsigned char* regs =
        mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_SHARED, fd, (off_t)pa);
    if (regs == MAP_FAILED) {
        perror("crc_client: mmap of the engine's registers");
        return 1;
    }
    volatile uint64_t* data64 = (volatile uint64_t*)(regs + REG_DATA);
    volatile uint8_t* data8 = (volatile uint8_t*)(regs + REG_DATA);
    volatile uint64_t* crc_reg = (volatile uint64_t*)(regs + REG_CRC);
    volatile uint64_t* count_reg = (volatile uint64_t*)(regs + REG_COUNT);

    unsigned char* buf = malloc(size);
    if (!buf) return 1;
    uint32_t x = 12345;
    for (size_t i = 0; i < size; i++) {
        x = x * 1103515245u + 12345u;
        buf[i] = (unsigned char)(x >> 16);
    }

    *crc_reg = 0; // restart
    size_t i = 0;
    for (; i + 8 <= size; i += 8) { // big-endian words: the bytes in address order
        uint64_t w = 0;
        for (int k = 0; k < 8; k++)
            w = w << 8 | buf[i + k];
        *data64 = w;
    }
    for (; i < size; i++)
        *data8 = buf[i];
    const uint32_t hw = (uint32_t)*crc_reg;
    const uint64_t count = *count_reg;

    crc32_init();
    const uint32_t sw = crc32(0, buf, size);
    printf("crc_client: %zu bytes, engine counted %llu: engine %08x, software %08x: %s\n", size,
           (unsigned long long)count, hw, sw, hw == sw && count == size ? "match" : "MISMATCH");
    return hw == sw && count == size ? 0 : 1;
}
