// Table-driven CRC-32 (the reflected 0xedb88320 polynomial of zlib, PNG and
// Ethernet). Call crc32_init() once before the first crc32/crc32_update.
#ifndef FIREPLANE_SW_LIB_CRC32_H
#define FIREPLANE_SW_LIB_CRC32_H

#include <stddef.h>
#include <stdint.h>

// crc32_table[b]: the CRC register after shifting the byte b through it.
static uint32_t crc32_table[256];

static inline void crc32_init(void) {
    for (uint32_t i = 0; i < 256; i++) {
        uint32_t c = i;
        for (int k = 0; k < 8; k++)
            c = (c & 1) ? 0xedb88320u ^ (c >> 1) : c >> 1;
        crc32_table[i] = c;
    }
}

// Feeds n bytes through the raw CRC register c: no inversion on either side,
// so a stream can be fed in pieces (start from 0xffffffff, invert at the end).
static inline uint32_t crc32_update(uint32_t c, const void* data, size_t n) {
    const unsigned char* p = (const unsigned char*)data;
    while (n--)
        c = crc32_table[(c ^ *p++) & 0xff] ^ (c >> 8);
    return c;
}

// The usual CRC-32 of n bytes, continuing from a previous result crc (0 to
// start): crc32(crc32(0, a, n), b, m) is the CRC-32 of a followed by b.
static inline uint32_t crc32(uint32_t crc, const void* data, size_t n) {
    return ~crc32_update(~crc, data, n);
}

#endif
