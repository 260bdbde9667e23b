// A user-mode driver for the RTL DMA engine (rtl_dma_checksum, models/rtl/
// blocks/dma_checksum.sv): it maps the engine's registers through /dev/mem,
// finds the physical pages of its own buffers in /proc/self/pagemap, as
// Linux user-space drivers do, and has the engine copy and checksum them:
// random lengths and offsets inside a page (the pages are not contiguous),
// polling STATUS until the engine is done. Each copy must equal its source,
// each SUM the checksum computed here; an unaligned source, and one where
// no memory is, must end in ERROR. The engine's registers are little-endian words.
//
//   dma_driver [OPERATIONS] [PHYSICAL-ADDRESS]   (default 300, 0x1fff2200000)
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "dma_checksum_regs.h"

#define PAGES 4

static volatile uint32_t* regs;
static long page_size;

static uint32_t rd(unsigned off) {
    return __builtin_bswap32(regs[off / 4]);
}
static void wr(unsigned off, uint32_t v) {
    regs[off / 4] = __builtin_bswap32(v);
}

// The physical address of the byte at `p` (its page must be resident).
static uint64_t physical(int pagemap, const void* p) {
    const uint64_t va = (uint64_t)(uintptr_t)p;
    uint64_t entry = 0;
    if (pread(pagemap, &entry, 8, (off_t)(va / page_size * 8)) != 8 || !(entry >> 63)) {
        fprintf(stderr, "dma_driver: no physical page for %p\n", p);
        exit(100);
    }
    return (entry & ((1ull << 55) - 1)) * (uint64_t)page_size + va % page_size;
}

static uint32_t run(uint64_t src, uint64_t dst, uint32_t len, uint32_t ctrl) {
    wr(DMA_SRC_LO, (uint32_t)src);
    wr(DMA_SRC_HI, (uint32_t)(src >> 32));
    wr(DMA_DST_LO, (uint32_t)dst);
    wr(DMA_DST_HI, (uint32_t)(dst >> 32));
    wr(DMA_LEN, len);
    wr(DMA_CTRL, ctrl | DMA_START);
    uint32_t status;
    while ((status = rd(DMA_STATUS)) & DMA_BUSY)
        ;
    wr(DMA_STATUS, DMA_DONE | DMA_ERROR);
    return status;
}

static uint64_t next = 12345;
static uint32_t random32(void) {
    next = next * 6364136223846793005ull + 1442695040888963407ull;
    return (uint32_t)(next >> 33);
}

int main(int argc, char** argv) {
    const int ops = argc > 1 ? atoi(argv[1]) : 300;
    const uint64_t pa = argc > 2 ? strtoull(argv[2], NULL, 0) : 0x1fff2200000ull;
    page_size = sysconf(_SC_PAGESIZE);
    const int mem = open("/dev/mem", O_RDWR | O_SYNC);
    const int pagemap = open("/proc/self/pagemap", O_RDONLY);
    if (mem < 0 || pagemap < 0) {
        perror("dma_driver: /dev/mem or /proc/self/pagemap");
        return 100;
    }
    void* p = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_SHARED, mem, (off_t)pa);
    if (p == MAP_FAILED) {
        perror("dma_driver: mmap of the engine's registers");
        return 100;
    }
    regs = p;
    printf("dma_driver: id 0x%08x, page size %ld\n", rd(DMA_ID), page_size);

    uint8_t *src, *dst;
    if (posix_memalign((void**)&src, page_size, PAGES * page_size) ||
        posix_memalign((void**)&dst, page_size, PAGES * page_size))
        return 100;
    for (long i = 0; i < PAGES * page_size; ++i) {
        src[i] = (uint8_t)random32();
        dst[i] = 0;
    }

    int wrong_data = 0, wrong_sum = 0, not_done = 0;
    unsigned long bytes = 0;
    for (int op = 0; op < ops; ++op) {
        // Inside one page on each side: the pages are not contiguous in physical memory.
        const long sp = random32() % PAGES, dp = random32() % PAGES;
        const uint32_t so = 8 * (random32() % (page_size / 8)),
                       doff = 8 * (random32() % (page_size / 8));
        const uint32_t room = (uint32_t)page_size - (so > doff ? so : doff);
        const uint32_t len = 8 * (random32() % (room / 8 + 1));
        const int copy = random32() % 4 != 0;
        uint8_t* s = src + sp * page_size + so;
        uint8_t* d = dst + dp * page_size + doff;
        s[0] ^= (uint8_t)op; // the CPU writes the source just before: the engine must see it
        const uint32_t status =
            run(physical(pagemap, s), physical(pagemap, d), len, copy ? DMA_COPY : 0);
        not_done += status != DMA_DONE;
        wrong_sum += rd(DMA_SUM) != dma_checksum(s, len);
        if (copy) wrong_data += memcmp(s, d, len) != 0;
        bytes += len;
    }
    printf(
        "dma_driver: %d operations, %lu bytes: %d not DONE, %d wrong checksums, %d wrong copies\n",
        ops, bytes, not_done, wrong_sum, wrong_data);
    printf("dma_driver: DONE_COUNT %u\n", rd(DMA_DONE_COUNT));
    const uint32_t status = run(physical(pagemap, src) + 4, physical(pagemap, dst), 64, DMA_COPY);
    printf("dma_driver: an unaligned source: %s\n", status == DMA_ERROR ? "ERROR" : "no error");
    // No memory there: the bus answers the engine's read with an error, and the run goes on.
    const uint32_t nowhere = run(0x40000000000ull, physical(pagemap, dst), 64, DMA_COPY);
    printf("dma_driver: a source outside memory: %s\n",
           nowhere == DMA_ERROR ? "ERROR" : "no error");
    return not_done || wrong_sum || wrong_data || status != DMA_ERROR || nowhere != DMA_ERROR ||
           rd(DMA_DONE_COUNT) != (uint32_t)ops;
}
