// The classic five-body (Sun and Jovian planets) simulation of sw/lib/nbody.h:
// double-precision mul/add/div/sqrt in tight loops over an array of structs.
// The energies at step 0 and 1000 are the well-known reference values.
#include "nbody.h"
#include "check.h"
#include <math.h>
#include <stdio.h>

static struct body bodies[NBODIES];

int main(void) {
    nbody_init(bodies);
    double e0 = nbody_energy(bodies);
    printf("%.9f\n", e0);
    CHECK(fabs(e0 - -0.169075164) < 5e-10);
    for (int step = 1; step <= 20000; step++) {
        nbody_advance(bodies, 0.01);
        if (step == 1000) {
            double e1 = nbody_energy(bodies);
            printf("%.9f (step 1000)\n", e1);
            CHECK(fabs(e1 - -0.169087605) < 5e-10);
        }
        if (step % 5000 == 0)
            printf("step %5d energy %.17g x1 %.17g\n", step, nbody_energy(bodies), bodies[1].x);
    }
    return check_done();
}
