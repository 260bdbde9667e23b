// A fixed-seed 64-bit linear congruential generator (Knuth's MMIX
// constants), so "random" data is the same on every run and every emulator.
// Callers take whichever bits of the state they need.
#ifndef FIREPLANE_SW_LIB_LCG_H
#define FIREPLANE_SW_LIB_LCG_H

#include <stdint.h>

// Advances the state by one step and returns the new state.
static inline uint64_t lcg_step(uint64_t* state) {
    *state = *state * 6364136223846793005ULL + 1442695040888963407ULL;
    return *state;
}

#endif
