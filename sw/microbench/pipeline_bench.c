// main() of every pipeline microbenchmark: times the row's 64-unit body and
// its 32-unit twin REPS times each, alternating, and prints the difference of
// the minima, the cost of 32 units (README.md, "The pipeline rows").
#include "pipeline_bench.h"

#include <stdio.h>

// Repetitions of each body. The first runs fill the I$, the D$ and the
// branch predictor; on real hardware interrupts and the like only add time,
// so the minimum is the steady state.
#define REPS 6
#define UNITS 32 // the units the difference covers

static struct pb_data data = {.zero = 0, .one = 1.0};

// Loaded values go here, so the load before each body is not optimised away.
static volatile long sink;

static unsigned long min_of(const unsigned long* v) {
    unsigned long m = v[0];
    for (int r = 1; r < REPS; r++)
        if (v[r] < m) m = v[r];
    return m;
}

static void print_samples(const char* what, const unsigned long* v) {
    printf("samples %s", what);
    for (int r = 0; r < REPS; r++)
        printf(" %lu", v[r]);
    printf("\n");
}

int main(void) {
    const struct pb_row* row = &pb_row;
    data.self = &data.self;

    unsigned long timed[REPS], twin[REPS];
    for (int r = 0; r < REPS; r++) {
        sink = data.zero; // the line the units load is in the D$
        timed[r] = row->body64(&data);
        sink = data.zero;
        twin[r] = row->body32(&data);
    }

    // The report of the memory rows (check_row.py, scripts/validate): "timed"
    // and "raw" are the 64-unit body, "empty" its 32-unit twin.
    unsigned long t = min_of(timed), e = min_of(twin);
    printf("row %s %s\n", row->id, row->name);
    print_samples("timed", timed);
    print_samples("empty", twin);
    printf("raw %lu empty %lu\n", t, e);
    printf("cycles %ld\n", (long)(t - e));
    printf("instructions %d\n", UNITS * row->insns_per_unit);
    return 0;
}
