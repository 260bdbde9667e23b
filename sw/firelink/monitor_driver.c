// A guest-side driver for the Fire Link monitor: the firmware engineer's view
// of the hardware that `fireplane run --busstat` drives from the host. It maps
// the monitor's registers through /dev/mem, counts a kernel's bus
// transactions by type (one type at a time on counter set 0, all of them on
// set 1, re-running the kernel for each type: time-multiplexing, as the
// paper's tools did), reads a segment of the transaction sequence buffer, and
// prints its own histogram. The register map is models/firelink/README.md's.
//
// usage: monitor_driver [MONITOR_PA]   (default 0x1fff0100000, configs/uni.yaml's firelink0)
// It needs the detailed model: in the functional model no transaction
// crosses the bus, and every count is 0.
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

enum {
    REG_ID = 0x000,
    REG_CONTROL = 0x008,
    REG_TSB_STATUS = 0x010,
    REG_SET = 0x100, // + 0x40 * set
    SET_TYPES = 0x00,
    SET_ADDR_MASK = 0x08,
    SET_SRC_MASK = 0x18,
    SET_TID_MASK = 0x28,
    SET_COUNT = 0x38,
    REG_TSB = 0x200, // + 0x10 * entry: address, then info
};
#define CONTROL_SET0 1u
#define CONTROL_SET1 2u
#define CONTROL_TSB 4u

// The 19 transaction types, in the order of their codes (the type-mask bits).
static const char* const kTypes[19] = {"RTS",    "RTSA",  "RTO",  "RS",   "WS",   "WB",   "R_RTS",
                                       "R_RTSA", "R_RTO", "R_RS", "R_WS", "R_WB", "RTSR", "RTOR",
                                       "RIO",    "RBIO",  "WIO",  "WBIO", "INT"};

static volatile uint64_t* regs;

static uint64_t rd(unsigned off) {
    return regs[off / 8];
}
static void wr(unsigned off, uint64_t v) {
    regs[off / 8] = v;
}

// Set `set` counts the types in `mask`, from any address, agent or ID.
static void program(unsigned set, uint64_t mask) {
    const unsigned base = REG_SET + 0x40 * set;
    wr(base + SET_TYPES, mask);
    wr(base + SET_ADDR_MASK, 0);
    wr(base + SET_SRC_MASK, 0);
    wr(base + SET_TID_MASK, 0);
    wr(base + SET_COUNT, 0);
}

// The kernel under measurement: a walk over twice the E$ that reads and
// writes one line of every 512-byte block, so each run misses and the bus
// sees read-to-own traffic and writebacks of the dirty lines it evicts.
static unsigned long kernel(char* buf, size_t size) {
    unsigned long sum = 0;
    for (size_t i = 0; i < size; i += 512) {
        sum += (unsigned char)buf[i];
        buf[i + 8] = (char)sum;
    }
    return sum;
}

int main(int argc, char** argv) {
    const uint64_t pa = argc > 1 ? strtoull(argv[1], NULL, 0) : 0x1fff0100000ull;
    int fd = open("/dev/mem", O_RDWR | O_SYNC);
    if (fd < 0) {
        perror("monitor_driver: /dev/mem");
        return 1;
    }
    void* p = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_SHARED, fd, (off_t)pa);
    if (p == MAP_FAILED) {
        perror("monitor_driver: mmap of the monitor's registers");
        return 1;
    }
    regs = p;
    const uint64_t id = rd(REG_ID);
    if (id >> 32 != 0x46694c6bu) { // "FiLk"
        fprintf(stderr, "monitor_driver: no Fire Link monitor at %#llx (id %#llx)\n",
                (unsigned long long)pa, (unsigned long long)id);
        return 1;
    }
    printf("Fire Link monitor at %#llx, agent %llu\n", (unsigned long long)pa,
           (unsigned long long)(id & 0x3ff));

    const size_t size = 16u << 20;
    char* buf = malloc(size);
    if (!buf) return 1;
    memset(buf, 1, size);

    // Per type on set 0, the total on set 1, one kernel run per type.
    uint64_t count[19], total = 0;
    unsigned long check = 0;
    for (unsigned t = 0; t < 19; t++) {
        program(0, 1ull << t);
        program(1, (1ull << 19) - 1);
        wr(REG_CONTROL, CONTROL_SET0 | CONTROL_SET1);
        check += kernel(buf, size);
        wr(REG_CONTROL, 0);
        count[t] = rd(REG_SET + SET_COUNT);
        total += rd(REG_SET + 0x40 + SET_COUNT);
    }
    printf("kernel checksum %lu\n", check);
    printf("%-8s %10s\n", "type", "per run");
    uint64_t sum = 0;
    for (unsigned t = 0; t < 19; t++) {
        sum += count[t];
        if (count[t]) printf("%-8s %10llu\n", kTypes[t], (unsigned long long)count[t]);
    }
    printf("types add up to %llu; all types counted together: %llu per run on average\n",
           (unsigned long long)sum, (unsigned long long)(total / 19));

    // One segment of the trace: the first 8 reads-to-share and writebacks of a run.
    program(1, 1ull << 0 | 1ull << 5);
    wr(REG_TSB_STATUS, 0);
    wr(REG_CONTROL, CONTROL_SET1 | CONTROL_TSB);
    check += kernel(buf, size);
    wr(REG_CONTROL, 0);
    const uint64_t status = rd(REG_TSB_STATUS);
    printf("sequence buffer: %llu entries%s\n", (unsigned long long)(status & 0xf),
           (status >> 8 & 1) ? ", overrun" : "");
    for (unsigned i = 0; i < (status & 0xf); i++) {
        const uint64_t info = rd(REG_TSB + 0x10 * i + 8);
        printf("  %-5s pa %#012llx agent %llu%s\n", kTypes[info & 0x1f],
               (unsigned long long)rd(REG_TSB + 0x10 * i), (unsigned long long)(info >> 16 & 0x3ff),
               (info >> 9 & 1) ? " owned" : "");
    }
    munmap(p, 4096);
    close(fd);
    return 0;
}
