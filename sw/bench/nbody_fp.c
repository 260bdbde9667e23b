// Benchmark: double-precision floating point. The five-body Jovian planets
// simulation of sw/lib/nbody.h (mul/add/div/sqrt), printing the energy
// before and after.
#include "nbody.h"
#include <stdio.h>
#include <stdlib.h>

#define STEPS 300000

static struct body bodies[NBODIES];

int main(int argc, char** argv) {
    long steps = argc > 1 ? atol(argv[1]) : STEPS;
    nbody_init(bodies);
    printf("%.9f\n", nbody_energy(bodies));
    for (long s = 0; s < steps; s++)
        nbody_advance(bodies, 0.01);
    printf("%.9f after %ld steps\n", nbody_energy(bodies), steps);
    return 0;
}
