// A user-mode driver for the rtl_axil_regs block (models/rtl/blocks/
// axil_regs.sv) through /dev/mem: reads its ID, writes and reads back its
// registers (whole words and single bytes), and shows that the block's error
// answers reach the program as SIGBUS. The block's lanes are little-endian,
// so 32-bit values are swapped on this big-endian CPU, as on real hardware.
//
//   axil_regs_driver [PHYSICAL-ADDRESS]   (default 0x1fff2000000)
#include <fcntl.h>
#include <setjmp.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

static volatile uint32_t* regs;
static sigjmp_buf recover;

static uint32_t rd(unsigned reg) {
    return __builtin_bswap32(regs[reg]);
}

static void wr(unsigned reg, uint32_t v) {
    regs[reg] = __builtin_bswap32(v);
}

static void on_fault(int sig) {
    siglongjmp(recover, sig);
}

// Runs `access` and says which signal, if any, it raised.
static void expect_fault(const char* what, void (*access)(void)) {
    const int sig = sigsetjmp(recover, 1);
    if (sig == 0) {
        access();
        printf("%s: no fault\n", what);
    } else {
        printf("%s: %s\n", what, sig == SIGBUS ? "SIGBUS" : "another signal");
    }
}

static void write_id(void) {
    wr(15, 0);
}

static void read_past_end(void) {
    (void)rd(16);
}

int main(int argc, char** argv) {
    const uint64_t pa = argc > 1 ? strtoull(argv[1], NULL, 0) : 0x1fff2000000ull;
    const int fd = open("/dev/mem", O_RDWR | O_SYNC);
    if (fd < 0) {
        perror("axil_regs_driver: /dev/mem");
        return 1;
    }
    void* p = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_SHARED, fd, (off_t)pa);
    if (p == MAP_FAILED) {
        perror("axil_regs_driver: mmap of the block's registers");
        return 1;
    }
    regs = p;
    printf("id %#x\n", rd(15));

    uint32_t sum = 0;
    for (unsigned i = 0; i < 15; i++)
        wr(i, 0x01010101u * i ^ 0xdeadbeefu);
    unsigned bad = 0;
    for (unsigned i = 0; i < 15; i++) {
        const uint32_t v = rd(i);
        bad += v != (0x01010101u * i ^ 0xdeadbeefu);
        sum = sum * 31 + v;
    }
    printf("15 registers written and read back: %u wrong, checksum %#x\n", bad, sum);

    ((volatile uint8_t*)p)[4 * 3 + 1] = 0x5a; // register 3, lane 1
    printf("register 3 after a byte write to lane 1: %#x\n", rd(3));

    struct sigaction sa = {0};
    sa.sa_handler = on_fault;
    sigaction(SIGBUS, &sa, NULL);
    sigaction(SIGSEGV, &sa, NULL);
    expect_fault("write to the read-only ID (SLVERR)", write_id);
    expect_fault("read past the registers (DECERR)", read_past_end);
    printf("id still %#x\n", rd(15));
    return bad != 0;
}
