// Bit-manipulation kernels: CRC-32 (bitwise, table-driven from
// sw/lib/crc32.h, and slicing-by-4), FNV-1a, Adler-32, MurmurHash3,
// SipHash-2-4 and xorshift generators. They are shift/rotate/xor/multiply
// heavy, with byte and word loads, and each is checked against its published
// test vector where one exists.
#include "check.h"
#include "crc32.h"
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

// Slicing-by-4 tables: crc_tab[0] is crc32.h's table, crc_tab[t] advances an
// entry of crc_tab[t - 1] by one more zero byte.
static uint32_t crc_tab[4][256];

static void crc_init(void) {
    crc32_init();
    memcpy(crc_tab[0], crc32_table, sizeof crc_tab[0]);
    for (int t = 1; t < 4; t++)
        for (int i = 0; i < 256; i++)
            crc_tab[t][i] = (crc_tab[t - 1][i] >> 8) ^ crc_tab[0][crc_tab[t - 1][i] & 0xff];
}

static uint32_t crc32_bitwise(const uint8_t* p, size_t n) {
    uint32_t c = 0xffffffffu;
    while (n--) {
        c ^= *p++;
        for (int k = 0; k < 8; k++)
            c = (c >> 1) ^ (0xedb88320u & (0u - (c & 1)));
    }
    return ~c;
}

// Slicing-by-4 reads four bytes per step (assembled explicitly, so it works
// on big-endian and at any alignment).
static uint32_t crc32_slice4(const uint8_t* p, size_t n) {
    uint32_t c = 0xffffffffu;
    while (n >= 4) {
        c ^= (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
        c = crc_tab[3][c & 0xff] ^ crc_tab[2][(c >> 8) & 0xff] ^ crc_tab[1][(c >> 16) & 0xff] ^
            crc_tab[0][c >> 24];
        p += 4;
        n -= 4;
    }
    return ~crc32_update(c, p, n); // the last 0-3 bytes one at a time
}

static uint32_t fnv1a32(const uint8_t* p, size_t n) {
    uint32_t h = 0x811c9dc5u;
    while (n--)
        h = (h ^ *p++) * 0x01000193u;
    return h;
}

static uint32_t adler32(const uint8_t* p, size_t n) {
    uint32_t a = 1, b = 0;
    while (n--) {
        a = (a + *p++) % 65521;
        b = (b + a) % 65521;
    }
    return b << 16 | a;
}

static uint32_t rotl32(uint32_t x, int r) {
    return (x << r) | (x >> (32 - r));
}
static uint64_t rotl64(uint64_t x, int r) {
    return (x << r) | (x >> (64 - r));
}

static uint32_t murmur3_32(const uint8_t* p, size_t n, uint32_t seed) {
    uint32_t h = seed;
    const uint32_t c1 = 0xcc9e2d51u, c2 = 0x1b873593u;
    size_t i = 0;
    for (; i + 4 <= n; i += 4) {
        uint32_t k = (uint32_t)p[i] | (uint32_t)p[i + 1] << 8 | (uint32_t)p[i + 2] << 16 |
                     (uint32_t)p[i + 3] << 24;
        k = rotl32(k * c1, 15) * c2;
        h = rotl32(h ^ k, 13) * 5 + 0xe6546b64u;
    }
    uint32_t k = 0;
    switch (n & 3) {
    case 3: k ^= (uint32_t)p[i + 2] << 16; /* fall through */
    case 2: k ^= (uint32_t)p[i + 1] << 8;  /* fall through */
    case 1: k ^= p[i]; h ^= rotl32(k * c1, 15) * c2;
    }
    h ^= (uint32_t)n;
    h ^= h >> 16;
    h *= 0x85ebca6bu;
    h ^= h >> 13;
    h *= 0xc2b2ae35u;
    return h ^ (h >> 16);
}

static uint64_t load_le64(const uint8_t* p) {
    uint64_t v = 0;
    for (int i = 7; i >= 0; i--)
        v = v << 8 | p[i];
    return v;
}

#define SIPROUND                                                                                   \
    do {                                                                                           \
        v0 += v1;                                                                                  \
        v1 = rotl64(v1, 13) ^ v0;                                                                  \
        v0 = rotl64(v0, 32);                                                                       \
        v2 += v3;                                                                                  \
        v3 = rotl64(v3, 16) ^ v2;                                                                  \
        v0 += v3;                                                                                  \
        v3 = rotl64(v3, 21) ^ v0;                                                                  \
        v2 += v1;                                                                                  \
        v1 = rotl64(v1, 17) ^ v2;                                                                  \
        v2 = rotl64(v2, 32);                                                                       \
    } while (0)

static uint64_t siphash24(const uint8_t key[16], const uint8_t* p, size_t n) {
    uint64_t k0 = load_le64(key), k1 = load_le64(key + 8);
    uint64_t v0 = k0 ^ 0x736f6d6570736575ULL, v1 = k1 ^ 0x646f72616e646f6dULL;
    uint64_t v2 = k0 ^ 0x6c7967656e657261ULL, v3 = k1 ^ 0x7465646279746573ULL;
    size_t i = 0;
    for (; i + 8 <= n; i += 8) {
        uint64_t m = load_le64(p + i);
        v3 ^= m;
        SIPROUND;
        SIPROUND;
        v0 ^= m;
    }
    uint64_t b = (uint64_t)n << 56;
    for (size_t j = 0; j < (n & 7); j++)
        b |= (uint64_t)p[i + j] << (8 * j);
    v3 ^= b;
    SIPROUND;
    SIPROUND;
    v0 ^= b;
    v2 ^= 0xff;
    SIPROUND;
    SIPROUND;
    SIPROUND;
    SIPROUND;
    return v0 ^ v1 ^ v2 ^ v3;
}

static uint64_t xorshift64star(uint64_t* s) {
    *s ^= *s >> 12;
    *s ^= *s << 25;
    *s ^= *s >> 27;
    return *s * 0x2545f4914f6cdd1dULL;
}

static uint64_t xorshift128plus(uint64_t s[2]) {
    uint64_t a = s[0], b = s[1];
    s[0] = b;
    a ^= a << 23;
    s[1] = a ^ b ^ (a >> 17) ^ (b >> 26);
    return s[1] + b;
}

int main(void) {
    crc_init();
    const uint8_t* check = (const uint8_t*)"123456789";
    printf("crc32(123456789) = %08" PRIx32 " %08" PRIx32 " %08" PRIx32 "\n",
           crc32_bitwise(check, 9), crc32(0, check, 9), crc32_slice4(check, 9));
    CHECK(crc32_bitwise(check, 9) == 0xcbf43926u && crc32_slice4(check, 9) == 0xcbf43926u);
    CHECK(fnv1a32((const uint8_t*)"", 0) == 0x811c9dc5u);
    CHECK(fnv1a32((const uint8_t*)"a", 1) == 0xe40c292cu);
    CHECK(fnv1a64("a", 1, FNV64_INIT) == 0xaf63dc4c8601ec8cULL);
    CHECK(adler32((const uint8_t*)"Wikipedia", 9) == 0x11e60398u);
    CHECK(murmur3_32((const uint8_t*)"hello", 5, 0) == 0x248bfa47u);
    CHECK(murmur3_32((const uint8_t*)"", 0, 1) == 0x514e28b7u);
    uint8_t key[16], msg[64];
    for (int i = 0; i < 16; i++)
        key[i] = (uint8_t)i;
    for (int i = 0; i < 64; i++)
        msg[i] = (uint8_t)i;
    printf("siphash24(15 bytes) = %016" PRIx64 "\n", siphash24(key, msg, 15));
    CHECK(siphash24(key, msg, 15) == 0xa129ca6149be45e5ULL);
    CHECK(siphash24(key, msg, 0) == 0x726fdb47dd0e0e31ULL);

    // A 64 KiB buffer of generated data, hashed whole and at every offset mod 8.
    static uint8_t buf[65536 + 8];
    uint64_t xs = 88172645463325252ULL;
    for (size_t i = 0; i < sizeof buf; i++)
        buf[i] = (uint8_t)(xorshift64star(&xs) >> 56);
    for (int off = 0; off < 8; off++) {
        const uint8_t* p = buf + off;
        size_t n = 65536 - (size_t)off * 3;
        uint32_t c1 = crc32(0, p, n), c2 = crc32_slice4(p, n);
        printf("off %d: crc %08" PRIx32 " fnv32 %08" PRIx32 " adler %08" PRIx32 " murmur %08" PRIx32
               " sip %016" PRIx64 "\n",
               off, c1, fnv1a32(p, n), adler32(p, n), murmur3_32(p, n, (uint32_t)off),
               siphash24(key, p, n));
        CHECK(c1 == c2);
    }
    CHECK(crc32_bitwise(buf, 4096) == crc32(0, buf, 4096));

    uint64_t s[2] = {1, 2};
    uint64_t acc = 0;
    for (int i = 0; i < 100000; i++)
        acc ^= xorshift128plus(s) >> (i & 31);
    printf("xorshift128+ acc %016" PRIx64 " state %016" PRIx64 " %016" PRIx64 "\n", acc, s[0],
           s[1]);
    return check_done();
}
