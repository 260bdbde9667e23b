// Benchmark: integer, memory-bound. Repeats a byte sieve of Eratosthenes up
// to 4 million and a table-driven CRC-32 over the sieve array; prints the
// prime count and a checksum over all rounds.
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define LIMIT 4000000
#define ROUNDS 18

static uint32_t crc_table[256];

static void crc_init(void) {
    for (uint32_t i = 0; i < 256; i++) {
        uint32_t c = i;
        for (int k = 0; k < 8; k++)
            c = (c & 1) ? 0xedb88320u ^ (c >> 1) : c >> 1;
        crc_table[i] = c;
    }
}

static uint32_t crc32(uint32_t crc, const unsigned char* p, size_t n) {
    crc = ~crc;
    while (n--)
        crc = crc_table[(crc ^ *p++) & 0xff] ^ (crc >> 8);
    return ~crc;
}

int main(int argc, char** argv) {
    int rounds = argc > 1 ? atoi(argv[1]) : ROUNDS;
    crc_init();
    unsigned char* composite = malloc(LIMIT + 1);
    uint32_t crc = 0;
    unsigned count = 0;
    for (int r = 0; r < rounds; r++) {
        memset(composite, 0, LIMIT + 1);
        count = 0;
        for (unsigned i = 2; i <= LIMIT; i++) {
            if (composite[i]) continue;
            count++;
            for (uint64_t j = (uint64_t)i * i; j <= LIMIT; j += i)
                composite[j] = 1;
        }
        crc = crc32(crc, composite, LIMIT + 1);
    }
    printf("primes below %d: %u, crc %08x\n", LIMIT, count, crc);
    free(composite);
    return count == 283146 ? 0 : 1;
}
