// FNV-1a, 64 bit: a cheap, order-sensitive checksum for printing buffers.
#ifndef FIREPLANE_SW_LIB_FNV1A_H
#define FIREPLANE_SW_LIB_FNV1A_H

#include <stddef.h>
#include <stdint.h>

#define FNV64_INIT 0xcbf29ce484222325ULL

// Folds len bytes at data into the running hash h (start from FNV64_INIT).
static inline uint64_t fnv1a64(const void* data, size_t len, uint64_t h) {
    const unsigned char* p = (const unsigned char*)data;
    for (size_t i = 0; i < len; i++) {
        h ^= p[i];
        h *= 0x100000001b3ULL;
    }
    return h;
}

#endif
