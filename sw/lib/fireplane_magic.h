// Magic instructions for programs run on Fireplane. Each is
// `sethi %hi(0xfffc0000 + (op << 10)), %g0`: a no-op on a real UltraSPARC,
// an action for the simulator (models/cpu/magic.h).
#ifndef FIREPLANE_MAGIC_H
#define FIREPLANE_MAGIC_H

#define FIREPLANE_MAGIC(op)                                                                        \
    __asm__ volatile("sethi %%hi(0xfffc0000 + ((" #op ") << 10)), %%g0" ::: "memory")

#define FIREPLANE_ROI_BEGIN() FIREPLANE_MAGIC(0x01)   /* statistics count from here */
#define FIREPLANE_ROI_END() FIREPLANE_MAGIC(0x02)     /* ... to here */
#define FIREPLANE_STATS_RESET() FIREPLANE_MAGIC(0x03) /* cumulative statistics restart at zero */
#define FIREPLANE_STATS_DUMP() FIREPLANE_MAGIC(0x04)  /* write the statistics as they are now */
#define FIREPLANE_MARK() FIREPLANE_MAGIC(0x05)        /* a milestone the summary lists */
#define FIREPLANE_CHECKPOINT() FIREPLANE_MAGIC(0x06)  /* with --checkpoint-at magic: save here */

/* Timing models, switched at this instruction (see `fireplane run --model`). */
#define FIREPLANE_MODEL_FUNCTIONAL() FIREPLANE_MAGIC(0x10)
#define FIREPLANE_MODEL_FIXED() FIREPLANE_MAGIC(0x11)
#define FIREPLANE_MODEL_DETAILED() FIREPLANE_MAGIC(0x12)

/* The marker SW_count_0/SW_count_1 count (also counted on the real part). */
#define FIREPLANE_SW_COUNT() __asm__ volatile("sethi %%hi(0xfc000), %%g0" ::: "memory")

#endif
