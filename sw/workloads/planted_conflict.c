// A planted E$ conflict for scripts/conflicts (the Fire Link paper's section 4.1).
//
// The E$ is physically indexed: 8 MiB, 2-way, 512-byte blocks, so physical
// addresses 4 MiB apart (one way) fall in the same set. The simulator's user
// mode hands out physical pages in first-touch order from contiguous fresh RAM
// (platform/linux/address_space.cpp, AddressSpace::allocate; freed pages are
// recycled first, and this program frees nothing before the touch). Touching a
// fresh allocation's pages in order, with nothing else faulting in between,
// makes it physically contiguous, so offsets 0, 4 MiB and 8 MiB in it are
// three lines contending for the same two ways: a conflict. The program prints
// the buffers' virtual addresses; the run's --vamap gives their physical pages.
//
// Every pass stores to one 64-byte line in each of kBlocks consecutive E$
// blocks of every buffer, round-robin, so each store evicts a dirty line of
// another buffer (one writeback). The W$ (4-way) cannot hold them either:
// the lines are 512 bytes apart, all in one W$ set. Background: one sweep of
// stores over a separate buffer bigger than the E$ (capacity writebacks, each
// line about once).
//
// Usage: planted_conflict [passes] [way_bytes]   (defaults 2000, 4 MiB)
// Under qemu it runs alike; only the timings (and physical pages) differ.
#include <stdio.h>
#include <stdlib.h>

enum { kBuffers = 3, kBlocks = 4, kBlock = 512, kPage = 8192, kLine = 64 };

int main(int argc, char** argv) {
    long passes = argc > 1 ? atol(argv[1]) : 2000;
    unsigned long way = argc > 2 ? strtoul(argv[2], NULL, 0) : 4ul << 20;
    const unsigned long planted_bytes = (kBuffers - 1) * way + kPage;
    const unsigned long background_bytes = 2 * way + way / 2; // 10 MiB: more than the E$

    volatile char* planted = malloc(planted_bytes);
    if (!planted) return 1;
    // First touch, in order, page by page: consecutive physical pages. Nothing
    // else may fault a page in before this loop ends (the background is
    // allocated after it: malloc writes a header into its first page).
    for (unsigned long off = 0; off < planted_bytes; off += kPage)
        planted[off] = 1;
    volatile char* background = malloc(background_bytes);
    if (!background) return 1;

    volatile char* buffers[kBuffers];
    for (int b = 0; b < kBuffers; ++b) {
        buffers[b] = planted + b * way;
        printf("buffer %d: va 0x%lx (%d blocks of %d bytes)\n", b, (unsigned long)buffers[b],
               kBlocks, kBlock);
    }
    printf("background: va 0x%lx, %lu bytes\n", (unsigned long)background, background_bytes);
    fflush(stdout);

    // Background: one store per line over more than the E$.
    for (unsigned long off = 0; off < background_bytes; off += kLine)
        background[off] = (char)off;

    // The conflict: round-robin stores over the buffers' same-set lines.
    unsigned long sum = 0;
    for (long p = 0; p < passes; ++p)
        for (int b = 0; b < kBuffers; ++b)
            for (int k = 0; k < kBlocks; ++k) {
                volatile char* line = buffers[b] + k * kBlock;
                *line = (char)(*line + 1);
                sum += (unsigned char)*line;
            }
    printf("passes %ld, checksum %lu\n", passes, sum);
    return 0;
}
