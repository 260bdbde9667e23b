// Benchmark: a tight integer loop that lives in registers. Each iteration
// hashes a counter with a 64-bit mixer (the xor-shift-multiply finaliser of
// splitmix64: shifts, xors and two 64-bit multiplies), looks the hash up in
// a 2 KiB table and takes branches whose direction depends on bits of the
// hash, so they are as unpredictable as the hash is random. Little memory
// traffic: it measures the cost of simple ALU instructions, multiplies and
// branches, where an interpreter's dispatch shows most. Prints a checksum of
// the accumulators and the table.
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define ITERATIONS_PER_ROUND (1 << 20)
#define ROUNDS 36

static uint64_t table[256];

static inline uint64_t mix64(uint64_t z) {
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

int main(int argc, char** argv) {
    int rounds = argc > 1 ? atoi(argv[1]) : ROUNDS;
    for (int i = 0; i < 256; i++)
        table[i] = mix64((uint64_t)i + 1);
    uint64_t counter = 0, acc = 0, odd = 0;
    unsigned long taken[4] = {0, 0, 0, 0};
    for (int r = 0; r < rounds; r++) {
        for (long i = 0; i < ITERATIONS_PER_ROUND; i++) {
            counter += 0x9e3779b97f4a7c15ULL; // the golden-ratio increment of splitmix64
            uint64_t h = mix64(counter);
            uint64_t t = table[h & 255];
            if (h >> 63) { // half the iterations, at random
                acc += t ^ (h >> 17);
                taken[0]++;
                if ((h >> 60) == 15) // one in eight of those rewrites an entry
                    table[(h >> 8) & 255] = t + acc;
            } else if ((h >> 61) & 1) {
                acc = (acc << 7 | acc >> 57) ^ t;
                taken[1]++;
            } else if (t & 1) { // depends on the table, and so on earlier iterations
                odd = odd * 5 + (h >> 40);
                taken[2]++;
            } else {
                acc -= t * (h | 1);
                taken[3]++;
            }
        }
    }
    uint64_t sum = 0;
    for (int i = 0; i < 256; i++)
        sum = sum * 31 + table[i];
    printf("hash_loop %d x %d: acc %016llx odd %016llx table %016llx taken %lu %lu %lu %lu\n",
           rounds, ITERATIONS_PER_ROUND, (unsigned long long)acc, (unsigned long long)odd,
           (unsigned long long)sum, taken[0], taken[1], taken[2], taken[3]);
    return 0;
}
