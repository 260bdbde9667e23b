// atomic_upgrade: what an atomic costs when its line must first be made
// exclusive, timed on CPU 0 with rd %tick while a second thread, pinned to
// CPU 1, puts the line in the state it needs. The paper (section 4.1): "an
// atomic operation which requires the upgrade [costs] the upgrade latency and
// the atomic latency (i.e., 165 cycles) ... observed 171"; "an atomic requiring
// a cache to cache transfer would be expected to take 310 cycles (compared to
// an observed 300-320)". So five measurements, each the minimum over REPS
// repetitions of (timed sequence) - (the same without the instruction):
//
//   st_upgrade     stx to a line both CPUs hold S (clean), then MEMBAR #Sync:
//                  the store-upgrade latency (Table 2, T2.5: 126-134)
//   cas_M          casx on a line Modified here (T2.10: 42-50): the atomic alone
//   cas_S          casx on a line both hold S (T2.11: 171-183)
//   ld_foreign_M   ldx of a line Modified in CPU 1: a cache-to-cache transfer
//                  (T2.8: 269-273)
//   cas_foreign_M  casx of a line Modified in CPU 1 (T2.15: 301-321)
//
// and the paper's two sums: cas_S ~ st_upgrade + cas_M, cas_foreign_M ~
// ld_foreign_M + cas_M. Each measurement's last repetition is a region of
// interest whose statistics the simulator dumps (FIREPLANE_STATS_DUMP); the
// program prints `region K NAME` for each, in order, and `value NAME N`.
//
// States without a flush: st_upgrade and cas_S use a fresh line each time,
// one neither CPU has touched: CPU 0 loads it (E, from memory), CPU 1 loads
// it (S in both, memory current). cas_M uses a line only CPU 0 touches (a
// store, drained, then a load: M, in the D$). The foreign-M rows use one
// line that CPU 1 stores to before each repetition (M there, invalidated
// here whatever the previous repetition left).
//
// The handoff between the CPUs is that of sw/microbench/microbench_smp.c: a
// flag per CPU, each in an E$ block of its own, plain stores and MEMBAR #Sync,
// so CPU 1 spins in its D$ and puts nothing on the bus while CPU 0 times.
#define _GNU_SOURCE
#include "behaviours.h"
#include "cpu_pin.h"
#include "fireplane_magic.h"

#include <pthread.h>
#include <sched.h>
#include <string.h>

#define REPS 5
#define FRESH_LINES 15     // blocks 0-14 of the fresh page; block 15 is its TLB word
#define SETTLE_CYCLES 3000 // after a handoff: CPU 1's flag store has left its store buffer

// ---- the timed sequences: rd %tick; INSN; POST; rd %tick ----
// One asm statement, so nothing can be scheduled into it; ".align 32" puts
// the two rd %tick and what lies between them in one I$ line, and "ba,a" to
// the next instruction starts the sequence in a new issue group whatever the
// padding was. The loaded value goes to %g1 and is not used.
#define TIMED(name, insn, post)                                                                    \
    static unsigned long name(char* a) {                                                           \
        unsigned long t0, t1;                                                                      \
        __asm__ volatile(".align 32\n\tba,a 1f\n1:\n\trd %%tick, %[t0]\n\t" insn "\n\t" post       \
                         "rd %%tick, %[t1]"                                                        \
                         : [t0] "=&r"(t0), [t1] "=&r"(t1)                                          \
                         : [a] "r"(a)                                                              \
                         : "g1", "memory");                                                        \
        return t1 - t0;                                                                            \
    }
TIMED(timed_store, "stx %%g0, [%[a]]", "membar #Sync\n\t") // the store has left the buffer
TIMED(empty_store, "", "membar #Sync\n\t")
TIMED(timed_cas, "casx [%[a]], %%g0, %%g1", "")
TIMED(timed_load, "ldx [%[a]], %%g1", "")
TIMED(empty_plain, "", "")

// ---- the two CPUs ----
enum action { ACT_LOAD = 1, ACT_STORE, ACT_QUIT };

// flag0: written by CPU 0 only (the handoff number and the step to do);
// flag1: by CPU 1 only. Each in an E$ block of its own.
static struct {
    volatile unsigned long n;
    volatile int action;
    char* volatile addr;
    char pad[BH_EC_BLOCK - 24];
} flag0 __attribute__((aligned(BH_EC_BLOCK)));
static struct {
    volatile unsigned long n;
    volatile long sink; // CPU 1's loads
    char pad[BH_EC_BLOCK - 16];
} flag1 __attribute__((aligned(BH_EC_BLOCK)));
static unsigned long handoffs = 1;

static void post(volatile unsigned long* flag, unsigned long n) {
    bh_sync(); // every earlier store (the step's) has completed
    *flag = n;
    bh_sync();
}

static void await(volatile unsigned long* flag, unsigned long n) {
    while (*flag < n)
        continue;
    bh_sync();
}

static void pin(int cpu) {
    int err = pin_to_cpu(cpu);
    if (err)
        fprintf(stderr,
                "atomic_upgrade: cannot pin a thread to CPU %d (%s): timings are not valid\n", cpu,
                strerror(err));
}

static void* cpu1_main(void* unused) {
    (void)unused;
    pin(1);
    unsigned long n = 1;
    post(&flag1.n, n);
    for (;;) {
        await(&flag0.n, ++n);
        int action = flag0.action;
        char* addr = flag0.addr;
        if (action == ACT_QUIT) break;
        if (action == ACT_LOAD) {
            flag1.sink += *(volatile long*)addr;
        } else {
            *(volatile long*)addr = 0; // M here, invalid in CPU 0 (post's MEMBAR waits)
        }
        post(&flag1.n, n);
    }
    return NULL;
}

// CPU 1 does ACTION on ADDR; returns when it is done (for ACT_QUIT at once).
// CPU 1's last store, to its flag, may still be on its way over the bus when
// CPU 0 sees it: in a simulator the store is visible once it executes, before
// the store buffer drains. Waiting a few microseconds keeps that upgrade out
// of the measured region; on a real part the flag is seen after it anyway.
static void on_cpu1(int action, char* addr) {
    flag0.action = action;
    flag0.addr = addr;
    post(&flag0.n, ++handoffs);
    if (action == ACT_QUIT) return;
    await(&flag1.n, handoffs);
    for (unsigned long t0 = bh_tick(); bh_tick() - t0 < SETTLE_CYCLES;)
        continue;
}

// ---- the lines ----
// own: CPU 0's M line at +0, the foreign-M line at +1024, the TLB word at
// +4096 (each in an E$ block and D$ set of its own). fresh: one fresh line
// per 512-byte block, its TLB word (which gives the page its physical page)
// in block 15.
static char own[BH_PAGE] __attribute__((aligned(BH_PAGE)));
static char fresh[BH_PAGE] __attribute__((aligned(BH_PAGE)));
#define LINE_M (own + 0)
#define LINE_F (own + 1024)
#define TLB_WORD_OWN (own + 4096)
#define TLB_WORD_FRESH (fresh + 15 * BH_EC_BLOCK)
static int fresh_used;
static volatile long cpu0_sink;

static char* shared_clean(void) { // S in both CPUs, memory current
    if (fresh_used == FRESH_LINES) {
        fprintf(stderr, "atomic_upgrade: out of fresh lines\n");
        exit(1);
    }
    char* a = fresh + BH_EC_BLOCK * fresh_used++;
    cpu0_sink += *(volatile long*)a; // E here, from memory
    on_cpu1(ACT_LOAD, a);            // S in both
    cpu0_sink += *(volatile long*)TLB_WORD_FRESH;
    return a;
}

static char* modified_here(void) { // M in CPU 0, in its D$; CPU 1 never has it
    *(volatile long*)LINE_M = 0;
    bh_sync();
    cpu0_sink += *(volatile long*)LINE_M;
    cpu0_sink += *(volatile long*)TLB_WORD_OWN;
    return LINE_M;
}

static char* modified_there(void) { // M in CPU 1, invalid here
    on_cpu1(ACT_STORE, LINE_F);
    cpu0_sink += *(volatile long*)TLB_WORD_OWN;
    return LINE_F;
}

struct measurement {
    const char* name;
    char* (*setup)(void);
    unsigned long (*timed)(char*);
    unsigned long (*empty)(char*);
    long cycles; // min(timed) - min(empty)
};

static struct measurement measurements[] = {
    {"st_upgrade", shared_clean, timed_store, empty_store, 0},
    {"cas_M", modified_here, timed_cas, empty_plain, 0},
    {"cas_S", shared_clean, timed_cas, empty_plain, 0},
    {"ld_foreign_M", modified_there, timed_load, empty_plain, 0},
    {"cas_foreign_M", modified_there, timed_cas, empty_plain, 0},
};
#define MEASUREMENTS (int)(sizeof measurements / sizeof measurements[0])

static void measure(struct measurement* m) {
    unsigned long timed[REPS], empty[REPS];
    for (int r = 0; r < REPS; r++) {
        bh_sync();
        empty[r] = m->empty(own + 2048); // its own line: no state this row depends on
        char* a = m->setup();
        unsigned long (*timed_fn)(char*) = m->timed;
        bh_sync(); // no setup store pending
        int last = r == REPS - 1;
        if (last) FIREPLANE_ROI_BEGIN();
        timed[r] = timed_fn(a);
        if (last) {
            FIREPLANE_ROI_END();
            FIREPLANE_STATS_DUMP();
        }
    }
    unsigned long t = timed[0], e = empty[0];
    printf("samples %s timed", m->name);
    for (int r = 0; r < REPS; r++) {
        printf(" %lu", timed[r]);
        if (timed[r] < t) t = timed[r];
    }
    printf(" empty");
    for (int r = 0; r < REPS; r++) {
        printf(" %lu", empty[r]);
        if (empty[r] < e) e = empty[r];
    }
    printf("\n");
    m->cycles = (long)(t - e);
}

static long cycles_of(const char* name) {
    for (int i = 0; i < MEASUREMENTS; i++)
        if (strcmp(measurements[i].name, name) == 0) return measurements[i].cycles;
    return -1;
}

int main(void) {
    bh_touch(own, sizeof own);
    ((volatile char*)fresh)[15 * BH_EC_BLOCK] = 1; // the fresh page's only written line

    pthread_t cpu1;
    int err = pthread_create(&cpu1, NULL, cpu1_main, NULL);
    if (err) {
        fprintf(stderr, "atomic_upgrade: cannot start the second thread (%s)\n", strerror(err));
        return 1;
    }
    pin(0);
    await(&flag1.n, handoffs); // CPU 1 runs, pinned, and spins from now on

    for (int i = 0; i < MEASUREMENTS; i++)
        measure(&measurements[i]);
    on_cpu1(ACT_QUIT, NULL);
    pthread_join(cpu1, NULL);

    printf("atomic_upgrade: cycles on CPU 0, minimum of %d (timed - empty)\n", REPS);
    for (int i = 0; i < MEASUREMENTS; i++) {
        printf("region %d %s\n", i + 1, measurements[i].name);
        printf("value %s %ld\n", measurements[i].name, measurements[i].cycles);
    }
    long up = cycles_of("st_upgrade"), casm = cycles_of("cas_M"), cass = cycles_of("cas_S");
    long c2c = cycles_of("ld_foreign_M"), casf = cycles_of("cas_foreign_M");
    printf("cas_S %ld vs st_upgrade + cas_M = %ld + %ld = %ld (%+ld)\n", cass, up, casm, up + casm,
           cass - (up + casm));
    printf("cas_foreign_M %ld vs ld_foreign_M + cas_M = %ld + %ld = %ld (%+ld)\n", casf, c2c, casm,
           c2c + casm, casf - (c2c + casm));
    return 0;
}
