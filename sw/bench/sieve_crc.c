// Benchmark: integer, memory-bound. Repeats a byte sieve of Eratosthenes up
// to 4 million and a table-driven CRC-32 (sw/lib/crc32.h) over the sieve
// array; prints the prime count and a checksum over all rounds.
#include "crc32.h"
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define LIMIT 4000000
#define ROUNDS 18

int main(int argc, char** argv) {
    int rounds = argc > 1 ? atoi(argv[1]) : ROUNDS;
    crc32_init();
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
