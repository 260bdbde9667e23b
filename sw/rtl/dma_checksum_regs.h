/* The RTL DMA engine's registers (models/rtl/blocks/dma_checksum.sv), for
 * the drivers in user mode and on bare metal: offsets, bits, and the
 * checksum the engine computes. Its registers are little-endian words. */
#ifndef FIREPLANE_DMA_CHECKSUM_REGS_H
#define FIREPLANE_DMA_CHECKSUM_REGS_H

#include <stdint.h>

enum {
    DMA_ID = 0x00,
    DMA_CTRL = 0x04,
    DMA_STATUS = 0x08,
    DMA_DONE_COUNT = 0x0c,
    DMA_SRC_LO = 0x10,
    DMA_SRC_HI = 0x14,
    DMA_DST_LO = 0x18,
    DMA_DST_HI = 0x1c,
    DMA_LEN = 0x20,
    DMA_SUM = 0x24
};
enum { DMA_START = 1, DMA_IRQ_EN = 2, DMA_COPY = 4 }; /* CTRL */
enum { DMA_BUSY = 1, DMA_DONE = 2, DMA_ERROR = 4 };   /* STATUS */
#define DMA_ID_VALUE 0xf1be0002u

/* The engine's checksum of len bytes (a multiple of 8): per 64-bit beat in
 * little-endian lanes, sum = rotl(sum, 1) + (low word ^ high word). */
static inline uint32_t dma_checksum(const uint8_t* p, uint32_t len) {
    uint32_t sum = 0;
    for (uint32_t k = 0; k < len; k += 8) {
        uint64_t beat = 0;
        for (int i = 7; i >= 0; --i)
            beat = beat << 8 | p[k + i];
        sum = ((sum << 1) | (sum >> 31)) + ((uint32_t)beat ^ (uint32_t)(beat >> 32));
    }
    return sum;
}

#endif
