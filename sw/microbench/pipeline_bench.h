// Shared framework of the pipeline microbenchmarks, the rows P.1-P.19 (see
// README.md, "The pipeline rows").
//
// A row file defines its unit (a few instructions) with PB_ROW;
// pipeline_bench.c holds main(), which times the unit repeated 64 and 32
// times and prints the difference: the steady-state cost of 32 units, free of
// the head and tail effects of the timing itself.
//
// Like the memory rows, the programs know nothing of the simulator: they must
// give the same numbers on a real UltraSPARC IIICu.
#ifndef PIPELINE_BENCH_H
#define PIPELINE_BENCH_H

#include <stddef.h>

// What the units load: one 32-byte D$ line, loaded before every timed body.
struct pb_data {
    long zero;  // 0: a load chain through it stays at offset 0
    double one; // 1.0: FP operands stay finite and normal (no FP trap)
    void* self; // its own address: a pointer chase that never moves
} __attribute__((aligned(32)));

// The fields in the asm text; %[d] is the struct's address.
#define PB_ZERO "[%[d]]"
#define PB_ONE "[%[d] + 8]"
#define PB_SELF "[%[d] + 16]"
_Static_assert(offsetof(struct pb_data, one) == 8, "PB_ONE");
_Static_assert(offsetof(struct pb_data, self) == 16, "PB_SELF");

typedef unsigned long (*pb_timed_fn)(struct pb_data* d);

struct pb_row {
    const char* id;   // "P.1", as in docs/validation.md
    const char* name; // what is timed
    int insns_per_unit;
    pb_timed_fn body64; // %tick after minus before: 64 units
    pb_timed_fn body32; // the same, 32 units: its twin, subtracted
};

// The one row a program measures; every row file defines it with PB_ROW.
extern const struct pb_row pb_row;

// Repeats a string of asm text (string literals, pasted by the compiler).
#define PB_R2(s) s s
#define PB_R4(s) PB_R2(PB_R2(s))
#define PB_R8(s) PB_R2(PB_R4(s))
#define PB_R16(s) PB_R2(PB_R8(s))
#define PB_R32(s) PB_R2(PB_R16(s))
#define PB_R64(s) PB_R2(PB_R32(s))

// Times BODY, straight-line code, between two rd %tick. SETUP (instructions,
// each ending in "\n\t") sets the registers the body reads. One asm
// statement, so the compiler cannot put anything into the timed part. As in
// MB_TIME (microbench.h), ".align 32" starts the timed part on an I$ line and
// the "ba,a" to the next instruction starts it the same way whatever the
// padding was. The body may use %g1-%g4, %f0-%f11 and the condition codes.
#define PB_TIME(d, setup, body)                                                                    \
    ({                                                                                             \
        unsigned long t0_, t1_;                                                                    \
        __asm__ volatile(setup ".align 32\n\tba,a 1f\n1:\n\t"                                      \
                               "rd %%tick, %[t0]\n\t" body "rd %%tick, %[t1]"                      \
                         : [t0] "=&r"(t0_), [t1] "=&r"(t1_)                                        \
                         : [d] "r"(d)                                                              \
                         : "g1", "g2", "g3", "g4", "f0", "f1", "f2", "f3", "f4", "f5", "f6", "f7", \
                           "f8", "f9", "f10", "f11", "cc", "memory");                              \
        t1_ - t0_;                                                                                 \
    })

// Defines the row: SETUP as in PB_TIME, UNIT the asm text of one unit (each
// instruction ending in "\n\t") and INSNS its instruction count. The
// functional model, one cycle per instruction, reports 32 x INSNS cycles.
#define PB_ROW(id_, name_, insns, setup, unit)                                                     \
    static unsigned long body64(struct pb_data* d) {                                               \
        return PB_TIME(d, setup, PB_R64(unit));                                                    \
    }                                                                                              \
    static unsigned long body32(struct pb_data* d) {                                               \
        return PB_TIME(d, setup, PB_R32(unit));                                                    \
    }                                                                                              \
    const struct pb_row pb_row = {                                                                 \
        .id = id_, .name = name_, .insns_per_unit = insns, .body64 = body64, .body32 = body32}

#endif
