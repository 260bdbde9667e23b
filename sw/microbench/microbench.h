// Shared framework of the memory microbenchmarks (see README.md).
//
// Each row of the validation tables is one small program: a row file defines
// the row with MB_ROW (its id, its name, the cache state its lines start in)
// and one timing function built on MB_TIME; microbench.c holds main(), which
// sets the state up, times the row several times and prints the result.
//
// The programs know nothing of the simulator: they must give the paper's
// numbers on a real UltraSPARC III as well (paper section 4.1).
#ifndef MICROBENCH_H
#define MICROBENCH_H

// Where the row's lines are just before the timed part.
enum mb_state {
    MB_DCACHE_HIT,  // in D$ and E$
    MB_DCACHE_MISS, // in E$, displaced from D$
    MB_ECACHE_MISS, // displaced from E$ and D$: served by memory
};

// The timed part: returns %tick after minus %tick before. a and b are the
// row's lines A and B (B only for rows that need two lines).
typedef unsigned long (*mb_timed_fn)(char* a, char* b);

// Two-CPU rows (microbench_smp.c): the state of line A is set by a list of
// steps, each done by one CPU. CPU 0 runs main() and times the row; CPU 1
// runs a second thread that does its steps when CPU 0 hands them over and
// otherwise spins on a flag in its own cache (README.md, "The second CPU").
enum mb_cpu {
    MB_CPU0, // the timing CPU
    MB_CPU1, // the other CPU: "foreign" in the paper's Table 2
};
enum mb_action {
    MB_LOAD,     // ldx [A]
    MB_STORE,    // stx [A], then MEMBAR #Sync: A is M here and invalid everywhere else
    MB_FLUSH_EC, // this CPU's E$ (and D$) flushed by displacement: a dirty A is written back
};
struct mb_step {
    enum mb_cpu cpu;
    enum mb_action action;
};
struct mb_row;
struct mb_smp_ops {
    void (*start)(const struct mb_row* row, int reps); // start CPU 1, pin both
    void (*set_state)(const struct mb_row* row);       // the steps, on both CPUs
    void (*finish)(void);                              // CPU 1 leaves
};
extern const struct mb_smp_ops mb_smp_ops; // microbench_smp.c

struct mb_row {
    const char* id;   // "T2.1", as in docs/validation.md
    const char* name; // the row's text in the paper's table
    enum mb_state state;
    int store_first; // 1: store to the lines (so they are M) before loading them
    mb_timed_fn timed;
    mb_timed_fn empty; // the same code without the timed instruction
    // Two-CPU rows only (MB_ROW_2CPU); null otherwise. Then state and
    // store_first are unused: the steps set line A up (B is not used).
    const struct mb_step* steps;
    int nsteps;
    const struct mb_smp_ops* smp;
};

// The one row a program measures; every row file defines it with MB_ROW or
// MB_ROW_2CPU.
extern const struct mb_row mb_row;
#define MB_ROW(id_, name_, state_, store_first_)                                                   \
    const struct mb_row mb_row = {.id = id_,                                                       \
                                  .name = name_,                                                   \
                                  .state = state_,                                                 \
                                  .store_first = store_first_,                                     \
                                  .timed = timed,                                                  \
                                  .empty = empty}

// A two-CPU row: its setup steps, in order, e.g.
//   MB_ROW_2CPU("T2.8", "...", {MB_CPU1, MB_STORE});
// Link the program with microbench_smp.c and -pthread.
#define MB_ROW_2CPU(id_, name_, ...)                                                               \
    static const struct mb_step steps_[] = {__VA_ARGS__};                                          \
    const struct mb_row mb_row = {.id = id_,                                                       \
                                  .name = name_,                                                   \
                                  .state = MB_DCACHE_HIT,                                          \
                                  .timed = timed,                                                  \
                                  .empty = empty,                                                  \
                                  .steps = steps_,                                                 \
                                  .nsteps = sizeof steps_ / sizeof steps_[0],                      \
                                  .smp = &mb_smp_ops}

// Does one setup step on the calling CPU (microbench.c); the loaded value goes
// to *sink, the CPU's own.
void mb_step(enum mb_action action, volatile long* sink);

// Times one instruction as the paper did: rd %tick; INSN; rd %tick.
// PRE (instructions, each ending in "\n\t", or "") runs just before the first
// rd %tick, so the stores a Table 3 row issues there are still in the store
// buffer when INSN runs. One asm statement, so the compiler cannot move
// anything into the timed part. ".align 32" (padding executed before PRE)
// puts PRE and the timed part (at most 8 instructions) in one 32-byte I$
// line, so no instruction fetch miss falls between the two rd %tick. The
// "ba,a" to the next instruction starts the sequence the same way whatever
// the padding was (an in-order CPU groups instructions after a taken branch anew).
// In the asm text, %[a] and %[b] are the lines A and B; %g1 is scratch.
#define MB_TIME(a, b, pre, insn, post)                                                             \
    ({                                                                                             \
        unsigned long t0_, t1_;                                                                    \
        __asm__ volatile(".align 32\n\tba,a 1f\n1:\n\t" pre "rd %%tick, %[t0]\n\t" insn            \
                         "\n\t" post "rd %%tick, %[t1]"                                            \
                         : [t0] "=&r"(t0_), [t1] "=&r"(t1_)                                        \
                         : [a] "r"(a), [b] "r"(b)                                                  \
                         : "g1", "memory");                                                        \
        t1_ - t0_;                                                                                 \
    })

// Defines the row's timed part, timed(), and its empty twin, empty(): the
// same code without INSN, whose count is subtracted (the cost of the timing
// itself, and of PRE's effect on the first rd %tick).
#define MB_DEFINE_TIMED(pre, insn) MB_DEFINE_TIMED_POST(pre, insn, "")

// The same with POST (instructions ending in "\n\t") after INSN in both the
// timed part and its twin: a store is timed with a MEMBAR #Sync after it, so
// that the time it takes to leave the store buffer shows.
#define MB_DEFINE_TIMED_POST(pre, insn, post)                                                      \
    static unsigned long timed(char* a, char* b) {                                                 \
        return MB_TIME(a, b, pre, insn, post);                                                     \
    }                                                                                              \
    static unsigned long empty(char* a, char* b) {                                                 \
        return MB_TIME(a, b, pre, "", post);                                                       \
    }

// Waits until every earlier store has left the store buffer (MEMBAR #Sync).
static inline void mb_sync(void) {
    __asm__ volatile("membar #Sync" ::: "memory");
}

#endif
