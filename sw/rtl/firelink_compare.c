// The RTL Fire Link counters (rtl_firelink_counters, models/rtl/blocks/
// firelink_counters.sv) against the TLM monitor (firelink_monitor): both
// are programmed with the same filters, count the same threaded run, and
// must end with the same counts. Several rounds, each with other filters
// (types, address, source and transaction-ID trits).
//
//   firelink_compare [THREADS] [TLM_PA] [RTL_PA]
//
// The TLM monitor's registers are big-endian 64-bit; the RTL block's are
// two little-endian 32-bit words (low word first). Both count only coherent
// types, so the I/O writes that enable one monitor before the other are not
// in either count; the threads start after both are enabled and end before
// either is disabled. Needs the detailed model (the functional one sends no
// coherent transaction over the bus). Exit code: the rounds that differ.
#include <fcntl.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

enum { REG_CONTROL = 0x008, REG_SET = 0x100, SET_STRIDE = 0x40, SET_COUNT = 0x38 };
#define COHERENT_TYPES 0x3fffull // codes 0-13: RTS ... RTOR, no I/O, no INT
#define RTS (1ull << 0)
#define RTSA (1ull << 1)
#define RTO (1ull << 2)
#define WB (1ull << 5)

static volatile uint64_t* tlm;
static volatile uint32_t* rtl;

static void tlm_write(unsigned off, uint64_t v) {
    tlm[off / 8] = v;
}
static uint64_t tlm_read(unsigned off) {
    return tlm[off / 8];
}
static void rtl_write(unsigned off, uint64_t v) {
    rtl[off / 4] = __builtin_bswap32((uint32_t)v);
    rtl[off / 4 + 1] = __builtin_bswap32((uint32_t)(v >> 32));
}
static uint64_t rtl_read(unsigned off) {
    const uint64_t lo = __builtin_bswap32(rtl[off / 4]);
    return lo | (uint64_t)__builtin_bswap32(rtl[off / 4 + 1]) << 32;
}

// One counter set's filter: the seven registers from `types` on, in order.
struct filter {
    uint64_t types, addr_mask, addr_match, src_mask, src_match, tid_mask, tid_match;
};
struct round {
    const char* what;
    struct filter set[2];
};
static const struct round rounds[] = {
    {"every coherent type / RTS and RTO",
     {{COHERENT_TYPES, 0, 0, 0, 0, 0, 0}, {RTS | RTO, 0, 0, 0, 0, 0, 0}}},
    {"address trits: even lines / odd 64 KiB blocks",
     {{COHERENT_TYPES, 0x40, 0, 0, 0, 0, 0}, {COHERENT_TYPES, 0x10000, 0x10000, 0, 0, 0, 0}}},
    {"source trits: agents 0-3 / odd agents fetching",
     {{COHERENT_TYPES, 0, 0, 0x3fc, 0, 0, 0}, {RTSA | RTS, 0, 0, 1, 1, 0, 0}}},
    {"transaction-ID trits: ID X...X01 / ID X...1X...X0XX",
     {{COHERENT_TYPES, 0, 0, 0, 0, 3, 1}, {RTO | WB | RTS, 0, 0, 0, 0, 0x104, 0x100}}},
};

static void program(void (*wr)(unsigned, uint64_t), const struct round* r) {
    for (unsigned s = 0; s < 2; ++s) {
        const uint64_t* f = &r->set[s].types;
        for (unsigned k = 0; k < 7; ++k)
            wr(REG_SET + s * SET_STRIDE + 8 * k, f[k]);
        wr(REG_SET + s * SET_STRIDE + SET_COUNT, 0);
    }
}

// The work: every thread walks a shared array (lines move between caches)
// and its own (misses and writebacks), and bumps a shared counter.
#define SHARED (64 * 1024)
#define PRIVATE (96 * 1024)
static uint64_t shared_data[SHARED / 8];
static uint64_t hot;
static unsigned nthreads;

static void* work(void* arg) {
    const unsigned t = (unsigned)(uintptr_t)arg;
    uint64_t* mine = malloc(PRIVATE);
    uint64_t sum = 0;
    for (unsigned pass = 0; pass < 3; ++pass) {
        for (unsigned i = 0; i < SHARED / 8; i += 8)
            shared_data[(i + 64 * t) % (SHARED / 8)] += t + pass;
        for (unsigned i = 0; i < PRIVATE / 8; i += 8)
            mine[i] = sum += i * t;
        __atomic_fetch_add(&hot, 1, __ATOMIC_SEQ_CST);
    }
    free(mine);
    return (void*)(uintptr_t)sum;
}

// Both monitors on (3) or off (0), one right after the other: the pointers
// are in registers, so no load between the two stores can miss and reach the bus.
static void set_control(uint64_t on) {
    volatile uint64_t* const t = tlm;
    volatile uint32_t* const r = rtl;
    const uint32_t swapped = __builtin_bswap32((uint32_t)on);
    __asm__ volatile("" ::: "memory");
    t[REG_CONTROL / 8] = on;
    r[REG_CONTROL / 4] = swapped;
}

// Lets every transaction the threads left in flight (writebacks, the last
// misses of CPUs that ran ahead in their quantum) reach the bus first: a
// loop in registers only.
static void quiesce(void) {
    for (unsigned long i = 0; i < 20000; ++i)
        __asm__ volatile("" : "+r"(i));
}

static void run_threads(void) {
    pthread_t th[32];
    for (unsigned t = 0; t < nthreads; ++t)
        pthread_create(&th[t], NULL, work, (void*)(uintptr_t)t);
    for (unsigned t = 0; t < nthreads; ++t)
        pthread_join(th[t], NULL);
}

static volatile void* map(int fd, uint64_t pa) {
    void* p = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_SHARED, fd, (off_t)pa);
    if (p == MAP_FAILED) {
        perror("firelink_compare: mmap");
        exit(100);
    }
    return p;
}

int main(int argc, char** argv) {
    nthreads = argc > 1 ? (unsigned)atoi(argv[1]) : 12;
    if (nthreads < 1 || nthreads > 32) nthreads = 12;
    const uint64_t tlm_pa = argc > 2 ? strtoull(argv[2], NULL, 0) : 0x1fff0100000ull;
    const uint64_t rtl_pa = argc > 3 ? strtoull(argv[3], NULL, 0) : 0x1fff2100000ull;
    const int fd = open("/dev/mem", O_RDWR | O_SYNC);
    if (fd < 0) {
        perror("firelink_compare: /dev/mem");
        return 100;
    }
    tlm = map(fd, tlm_pa);
    rtl = map(fd, rtl_pa);
    printf("monitors: TLM id 0x%llx, RTL id 0x%llx\n", (unsigned long long)tlm_read(0),
           (unsigned long long)rtl_read(0));

    int differ = 0;
    for (unsigned r = 0; r < sizeof rounds / sizeof rounds[0]; ++r) {
        program(tlm_write, &rounds[r]);
        program(rtl_write, &rounds[r]);
        // Twice: the first pass brings this code into the I-cache, so that
        // between the two enables nothing but I/O reaches the bus.
        for (int warm = 0; warm < 2; ++warm) {
            tlm_write(REG_SET + SET_COUNT, 0);
            tlm_write(REG_SET + SET_STRIDE + SET_COUNT, 0);
            rtl_write(REG_SET + SET_COUNT, 0);
            rtl_write(REG_SET + SET_STRIDE + SET_COUNT, 0);
            set_control(3);
            if (warm) run_threads();
            quiesce();
            set_control(0);
        }
        for (unsigned s = 0; s < 2; ++s) {
            const unsigned off = REG_SET + s * SET_STRIDE + SET_COUNT;
            const uint64_t a = tlm_read(off), b = rtl_read(off);
            printf("round %u set %u (%s): TLM %llu RTL %llu: %s\n", r, s, rounds[r].what,
                   (unsigned long long)a, (unsigned long long)b,
                   a == b ? (a ? "equal" : "equal but nothing counted") : "DIFFER");
            differ += a != b || a == 0;
        }
    }
    printf("firelink_compare: %d of %u counts differ (or are 0)\n", differ,
           2 * (unsigned)(sizeof rounds / sizeof rounds[0]));
    return differ;
}
