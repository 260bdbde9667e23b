// Benchmark: memory latency. 262144 nodes of 64 bytes (16 MiB, twice the
// 8 MiB E$), each holding a pointer to the next node and a value, linked
// into one random cycle by Sattolo's algorithm (a fixed-seed LCG,
// sw/lib/lcg.h), so every step is a dependent load from a line the caches
// are unlikely to hold and no prefetcher can guess. Walks the whole cycle
// once to check it is a single cycle, then chases it for a number of steps,
// summing the values; prints the cycle length, the final node and the sum.
// It shows what a cache miss costs each model. The default 24 rounds of a
// million steps (about 130 million instructions, fewer than the other
// kernels) keep a detailed run, where nearly every step misses the E$, under
// a minute.
#include "lcg.h"
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define NODES (1 << 18)
#define STEPS_PER_ROUND 1000000
#define ROUNDS 24

struct node {
    struct node* next;
    uint64_t value;
    uint64_t pad[6]; // one node per 64-byte E$ sub-block
};

static struct node nodes[NODES] __attribute__((aligned(64)));

int main(int argc, char** argv) {
    int rounds = argc > 1 ? atoi(argv[1]) : ROUNDS;
    uint32_t* perm = malloc(sizeof(uint32_t) * NODES);
    if (!perm) return 1;
    for (uint32_t i = 0; i < NODES; i++)
        perm[i] = i;
    // Sattolo: swapping only with an earlier slot gives one cycle through all nodes.
    uint64_t s = 1414213562;
    for (uint32_t i = NODES - 1; i > 0; i--) {
        uint32_t j = (uint32_t)((lcg_step(&s) >> 32) % i);
        uint32_t t = perm[i];
        perm[i] = perm[j];
        perm[j] = t;
    }
    for (uint32_t i = 0; i < NODES; i++) {
        nodes[i].next = &nodes[perm[i]];
        nodes[i].value = (uint64_t)i * 0x9e3779b97f4a7c15ULL >> 40;
    }
    free(perm);
    long length = 0;
    struct node* p = &nodes[0];
    do {
        p = p->next;
        length++;
    } while (p != &nodes[0]);
    uint64_t sum = 0;
    for (int r = 0; r < rounds; r++)
        for (long i = 0; i < STEPS_PER_ROUND; i++) {
            sum += p->value;
            p = p->next;
        }
    printf("pointer_chase %d nodes, cycle length %ld, %d x %d steps: node %ld sum %llu\n", NODES,
           length, rounds, STEPS_PER_ROUND, (long)(p - nodes), (unsigned long long)sum);
    return length == NODES ? 0 : 1;
}
