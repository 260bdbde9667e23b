// Guest memory beyond the machine's RAM: every way a program asks for memory
// fails with ENOMEM once what it holds would exceed the RAM, and the memory
// comes back when it is freed. Run on a machine with little RAM (see
// tests/limits): the program reads the RAM size from sysinfo.
#define _GNU_SOURCE // mremap
#include "check.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/sysinfo.h>
#include <unistd.h>

#define MIB (1024ul * 1024ul)

static void* blocks[1 << 16];

// Allocates and touches 1 MiB blocks until malloc fails; returns how many.
static size_t fill_with_malloc(void) {
    size_t n = 0;
    while (n < sizeof blocks / sizeof blocks[0]) {
        errno = 0;
        void* p = malloc(MIB);
        if (!p) break;
        memset(p, 0xa5, MIB);
        blocks[n++] = p;
    }
    CHECK(errno == ENOMEM);
    return n;
}

static void free_blocks(size_t n) {
    for (size_t i = 0; i < n; ++i)
        free(blocks[i]);
}

int main(void) {
    struct sysinfo si;
    CHECK(sysinfo(&si) == 0);
    const unsigned long ram = si.totalram * si.mem_unit;
    printf("RAM %lu MiB\n", ram / MIB);

    // One request larger than the RAM.
    errno = 0;
    void* huge = mmap(NULL, 1ul << 40, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    CHECK(huge == MAP_FAILED && errno == ENOMEM);
    printf("mmap of 1 TiB: %s\n", huge == MAP_FAILED ? strerror(errno) : "mapped");
    errno = 0;
    CHECK(sbrk((intptr_t)(2 * ram)) == (void*)-1 && errno == ENOMEM);

    // Reserving address space costs nothing; making it accessible does.
    void* reserve = mmap(NULL, 2 * ram, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    CHECK(reserve != MAP_FAILED);
    errno = 0;
    CHECK(mprotect(reserve, 2 * ram, PROT_READ | PROT_WRITE) == -1 && errno == ENOMEM);
    CHECK(mprotect(reserve, MIB, PROT_READ | PROT_WRITE) == 0);
    memset(reserve, 1, MIB);
    void* grown = mremap(reserve, MIB, 2 * ram, MREMAP_MAYMOVE);
    CHECK(grown == MAP_FAILED && errno == ENOMEM);
    CHECK(munmap(reserve, 2 * ram) == 0);

    // malloc until it fails: it gets most of the RAM, never more.
    size_t first = fill_with_malloc();
    printf("malloc gave %s\n", first * MIB > ram / 2 ? "more than half the RAM" : "too little");
    CHECK(first * MIB <= ram);
    CHECK(first * MIB > ram / 2);
    // What was touched survives, and freeing it all gives it back.
    CHECK(((unsigned char*)blocks[first / 2])[12345] == 0xa5);
    free_blocks(first);
    size_t second = fill_with_malloc();
    CHECK(second + 2 >= first && second <= first + 2);
    free_blocks(second);

    // /dev/mem reaches device registers only, never the RAM.
    int mem = open("/dev/mem", O_RDWR | O_SYNC);
    CHECK(mem >= 0);
    errno = 0;
    void* ram_page = mmap(NULL, 8192, PROT_READ, MAP_SHARED, mem, 0);
    CHECK(ram_page == MAP_FAILED && errno == EPERM);
    char byte;
    CHECK(read(mem, &byte, 1) <= 0);
    // Writes are refused: the host file behind the descriptor is the process's own.
    errno = 0;
    CHECK(write(mem, &byte, 1) == -1 && errno == EPERM);
    close(mem);
    return check_done();
}
