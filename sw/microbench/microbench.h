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

struct mb_row {
    const char* id;   // "T2.1", as in ../shared/VALIDATION.md
    const char* name; // the row's text in the paper's table
    enum mb_state state;
    int store_first; // 1: store to the lines (so they are M) before loading them
    mb_timed_fn timed;
    mb_timed_fn empty; // the same code without the timed instruction
};

// The one row a program measures; every row file defines it with MB_ROW.
extern const struct mb_row mb_row;
#define MB_ROW(id, name, state, store_first)                                                       \
    const struct mb_row mb_row = {id, name, state, store_first, timed, empty}

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
