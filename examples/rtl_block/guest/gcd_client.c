// Drives examples/rtl_block's GCD engine through /dev/mem: random pairs,
// each result checked against Euclid's algorithm computed here. The
// engine's registers are little-endian words, swapped on this big-endian CPU.
//
//   gcd_client [PAIRS] [PHYSICAL-ADDRESS]   (default 200, 0x1fff2300000)
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

enum { A = 0, B = 1, CTRL = 2, STATUS = 3, RESULT = 4, STEPS = 5 };

static volatile uint32_t* regs;

static uint32_t rd(unsigned r) {
    return __builtin_bswap32(regs[r]);
}
static void wr(unsigned r, uint32_t v) {
    regs[r] = __builtin_bswap32(v);
}

static uint32_t euclid(uint32_t a, uint32_t b) {
    while (b) {
        const uint32_t t = a % b;
        a = b;
        b = t;
    }
    return a;
}

int main(int argc, char** argv) {
    const int pairs = argc > 1 ? atoi(argv[1]) : 200;
    const uint64_t pa = argc > 2 ? strtoull(argv[2], NULL, 0) : 0x1fff2300000ull;
    const int fd = open("/dev/mem", O_RDWR | O_SYNC);
    if (fd < 0) {
        perror("gcd_client: /dev/mem");
        return 1;
    }
    void* p = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_SHARED, fd, (off_t)pa);
    if (p == MAP_FAILED) {
        perror("gcd_client: mmap");
        return 1;
    }
    regs = p;
    uint64_t seed = 1, steps = 0;
    int wrong = 0;
    for (int i = 0; i < pairs; ++i) {
        seed = seed * 6364136223846793005ull + 1442695040888963407ull;
        const uint32_t common = 1 + (uint32_t)(seed >> 60);
        const uint32_t a = common * (1 + (uint32_t)(seed >> 40) % 5000);
        const uint32_t b = common * (1 + (uint32_t)(seed >> 20) % 5000);
        wr(A, a);
        wr(B, b);
        wr(CTRL, 1);
        while (rd(STATUS) & 1)
            ;
        const uint32_t got = rd(RESULT);
        steps += rd(STEPS);
        if (got != euclid(a, b)) {
            printf("gcd_client: gcd(%u, %u): engine %u, software %u\n", a, b, got, euclid(a, b));
            ++wrong;
        }
    }
    printf("gcd_client: %d pairs, %d wrong, %llu subtraction steps in the engine\n", pairs, wrong,
           (unsigned long long)steps);
    return wrong != 0;
}
