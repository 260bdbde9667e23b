// The classic five-body simulation (the Sun and the four Jovian planets, as
// in the Computer Language Benchmarks Game): double-precision
// mul/add/div/sqrt in tight loops over an array of structs.
//
//   struct body b[NBODIES];
//   nbody_init(b);                 // initial state, centre of mass at rest
//   double e = nbody_energy(b);    // -0.169075164 at the start
//   nbody_advance(b, 0.01);        // one time step
#ifndef FIREPLANE_SW_LIB_NBODY_H
#define FIREPLANE_SW_LIB_NBODY_H

#include <math.h>
#include <string.h>

#define NBODY_PI 3.141592653589793
#define NBODY_SOLAR_MASS (4 * NBODY_PI * NBODY_PI)
#define NBODY_DAYS_PER_YEAR 365.24
#define NBODIES 5

struct body {
    double x, y, z, vx, vy, vz, mass;
};

// Positions in AU, velocities in AU/year, masses in solar masses * 4 pi^2.
static const struct body nbody_start[NBODIES] = {
    {0, 0, 0, 0, 0, 0, NBODY_SOLAR_MASS},
    {4.84143144246472090e+00, -1.16032004402742839e+00, -1.03622044471123109e-01,
     1.66007664274403694e-03 * NBODY_DAYS_PER_YEAR, 7.69901118419740425e-03 * NBODY_DAYS_PER_YEAR,
     -6.90460016972063023e-05 * NBODY_DAYS_PER_YEAR, 9.54791938424326609e-04 * NBODY_SOLAR_MASS},
    {8.34336671824457987e+00, 4.12479856412430479e+00, -4.03523417114321381e-01,
     -2.76742510726862411e-03 * NBODY_DAYS_PER_YEAR, 4.99852801234917238e-03 * NBODY_DAYS_PER_YEAR,
     2.30417297573763929e-05 * NBODY_DAYS_PER_YEAR, 2.85885980666130812e-04 * NBODY_SOLAR_MASS},
    {1.28943695621391310e+01, -1.51111514016986312e+01, -2.23307578892655734e-01,
     2.96460137564761618e-03 * NBODY_DAYS_PER_YEAR, 2.37847173959480950e-03 * NBODY_DAYS_PER_YEAR,
     -2.96589568540237556e-05 * NBODY_DAYS_PER_YEAR, 4.36624404335156298e-05 * NBODY_SOLAR_MASS},
    {1.53796971148509165e+01, -2.59193146099879641e+01, 1.79258772950371181e-01,
     2.68067772490389322e-03 * NBODY_DAYS_PER_YEAR, 1.62824170038242295e-03 * NBODY_DAYS_PER_YEAR,
     -9.51592254519715870e-05 * NBODY_DAYS_PER_YEAR, 5.15138902046611451e-05 * NBODY_SOLAR_MASS}};

// Moves the system's centre of mass to rest by giving the Sun the opposite momentum.
static inline void nbody_offset_momentum(struct body* bodies) {
    double px = 0, py = 0, pz = 0;
    for (int i = 0; i < NBODIES; i++) {
        px += bodies[i].vx * bodies[i].mass;
        py += bodies[i].vy * bodies[i].mass;
        pz += bodies[i].vz * bodies[i].mass;
    }
    bodies[0].vx = -px / NBODY_SOLAR_MASS;
    bodies[0].vy = -py / NBODY_SOLAR_MASS;
    bodies[0].vz = -pz / NBODY_SOLAR_MASS;
}

// The starting state, ready to simulate.
static inline void nbody_init(struct body* bodies) {
    memcpy(bodies, nbody_start, sizeof nbody_start);
    nbody_offset_momentum(bodies);
}

// One time step of dt years: pairwise gravity, then positions.
static inline void nbody_advance(struct body* bodies, double dt) {
    for (int i = 0; i < NBODIES; i++) {
        struct body* a = &bodies[i];
        for (int j = i + 1; j < NBODIES; j++) {
            struct body* b = &bodies[j];
            double dx = a->x - b->x, dy = a->y - b->y, dz = a->z - b->z;
            double d2 = dx * dx + dy * dy + dz * dz;
            double mag = dt / (d2 * sqrt(d2));
            a->vx -= dx * b->mass * mag;
            a->vy -= dy * b->mass * mag;
            a->vz -= dz * b->mass * mag;
            b->vx += dx * a->mass * mag;
            b->vy += dy * a->mass * mag;
            b->vz += dz * a->mass * mag;
        }
    }
    for (int i = 0; i < NBODIES; i++) {
        bodies[i].x += dt * bodies[i].vx;
        bodies[i].y += dt * bodies[i].vy;
        bodies[i].z += dt * bodies[i].vz;
    }
}

// Total energy: kinetic minus the pairwise potential.
static inline double nbody_energy(const struct body* bodies) {
    double e = 0;
    for (int i = 0; i < NBODIES; i++) {
        const struct body* a = &bodies[i];
        e += 0.5 * a->mass * (a->vx * a->vx + a->vy * a->vy + a->vz * a->vz);
        for (int j = i + 1; j < NBODIES; j++) {
            const struct body* b = &bodies[j];
            double dx = a->x - b->x, dy = a->y - b->y, dz = a->z - b->z;
            e -= a->mass * b->mass / sqrt(dx * dx + dy * dy + dz * dz);
        }
    }
    return e;
}

#endif
