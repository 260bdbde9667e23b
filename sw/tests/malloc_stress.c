// malloc stress: thousands of blocks of many sizes (tcache, fastbin, small,
// large and mmap-backed chunks), freed in a pseudo-random order, grown and
// shrunk with realloc, and calloc'd. Exercises brk, mmap, munmap and mremap
// in the syscall layer as well as glibc's pointer-heavy bin management.
// Every block carries a pattern derived from its id, checked before free.
#include "check.h"
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SLOTS 2048

static unsigned char* blocks[SLOTS];
static size_t lens[SLOTS];
static unsigned ids[SLOTS];
static int corrupt;

static size_t pick_size(uint64_t* seed) {
    uint64_t r = lcg_next(seed);
    switch (r % 32) {
    case 0: return 0;                                 // malloc(0) is a valid unique pointer
    case 1: return 140000 + (size_t)(r >> 8) % 60000; // above the 128 KiB mmap threshold
    case 2:
    case 3:
    case 4: return 1024 + (size_t)(r >> 8) % 4096; // large bins
    default: return 1 + (size_t)(r >> 8) % 200;    // tcache / fastbin sizes
    }
}

// The first 4 KiB of a block are patterned byte by byte, the rest on a
// sparse stride, to keep the run short. The sampled offsets do not depend on
// the block's size, so a realloc'd prefix can be checked the same way.
static size_t next_offset(size_t i) {
    return i < 4096 ? i + 1 : i + 61;
}

static void fill(unsigned char* p, size_t n, unsigned id) {
    for (size_t i = 0; i < n; i = next_offset(i))
        p[i] = (unsigned char)(id * 13 + i * 7);
}

static int verify(const unsigned char* p, size_t n, unsigned id) {
    for (size_t i = 0; i < n; i = next_offset(i))
        if (p[i] != (unsigned char)(id * 13 + i * 7)) return 0;
    return 1;
}

static void release(int s) {
    if (!blocks[s]) return;
    if (!verify(blocks[s], lens[s], ids[s])) corrupt++;
    free(blocks[s]);
    blocks[s] = NULL;
}

int main(void) {
    uint64_t seed = 2024;
    unsigned next_id = 1;
    unsigned long allocs = 0, reallocs = 0, frees = 0, callocs = 0;
    uint64_t total_bytes = 0;

    for (int round = 0; round < 20000; round++) {
        int s = (int)(lcg_next(&seed) % SLOTS);
        unsigned op = (unsigned)(lcg_next(&seed) % 10);
        if (!blocks[s] && op < 7) {
            size_t n = pick_size(&seed);
            unsigned char* p = malloc(n);
            CHECK(p != NULL);
            CHECK(((uintptr_t)p & 15) == 0); // malloc alignment is 16 on sparc64
            blocks[s] = p;
            lens[s] = n;
            ids[s] = next_id++;
            fill(p, n, ids[s]);
            allocs++;
            total_bytes += n;
        } else if (blocks[s] && op < 4) {
            // Grow or shrink; the kept prefix must survive the move.
            size_t n = pick_size(&seed) + 1;
            size_t keep = n < lens[s] ? n : lens[s];
            if (!verify(blocks[s], lens[s], ids[s])) corrupt++;
            unsigned char* p = realloc(blocks[s], n);
            CHECK(p != NULL);
            if (!verify(p, keep, ids[s])) corrupt++;
            blocks[s] = p;
            lens[s] = n;
            fill(p, n, ids[s]);
            reallocs++;
        } else if (blocks[s] && op < 8) {
            release(s);
            frees++;
        } else if (!blocks[s]) {
            size_t count = 1 + (size_t)(lcg_next(&seed) % 32);
            size_t each = 1 + (size_t)(lcg_next(&seed) % 100);
            unsigned char* p = calloc(count, each);
            CHECK(p != NULL);
            int zero = 1;
            for (size_t i = 0; i < count * each; i++)
                if (p[i]) zero = 0;
            CHECK(zero);
            blocks[s] = p;
            lens[s] = count * each;
            ids[s] = next_id++;
            fill(p, lens[s], ids[s]);
            callocs++;
        }
    }
    // Free the survivors in a shuffled order.
    int order[SLOTS];
    for (int i = 0; i < SLOTS; i++)
        order[i] = i;
    for (int i = SLOTS - 1; i > 0; i--) {
        int j = (int)(lcg_next(&seed) % (uint64_t)(i + 1));
        int t = order[i];
        order[i] = order[j];
        order[j] = t;
    }
    int live = 0;
    for (int i = 0; i < SLOTS; i++) {
        if (blocks[order[i]]) live++;
        release(order[i]);
    }
    printf("allocs %lu reallocs %lu frees %lu callocs %lu bytes %" PRIu64 " live-at-end %d\n",
           allocs, reallocs, frees, callocs, total_bytes, live);
    printf("corrupt blocks: %d\n", corrupt);
    CHECK(corrupt == 0);

    // A calloc after lots of freeing must still return zeroed (recycled) memory.
    for (int k = 0; k < 50; k++) {
        unsigned char* p = malloc(4000);
        memset(p, 0xab, 4000);
        free(p);
        unsigned char* q = calloc(1000, 4);
        int zero = 1;
        for (int i = 0; i < 4000; i++)
            if (q[i]) zero = 0;
        CHECK(zero);
        free(q);
    }
    // Overflowing calloc must fail cleanly rather than allocate too little.
    volatile size_t many = SIZE_MAX / 8;
    void* huge = calloc(many, 16);
    CHECK(huge == NULL);
    // A linked list of small nodes: pointer chasing through the heap.
    struct node {
        struct node* next;
        unsigned v;
    }* head = NULL;
    for (unsigned i = 0; i < 20000; i++) {
        struct node* n = malloc(sizeof *n);
        n->v = i * 2654435761u;
        n->next = head;
        head = n;
    }
    uint64_t sum = 0;
    while (head) {
        struct node* n = head->next;
        sum = sum * 7 + head->v;
        free(head);
        head = n;
    }
    printf("list checksum %016" PRIx64 "\n", sum);
    return check_done();
}
