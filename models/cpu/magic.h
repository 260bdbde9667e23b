#pragma once
// Magic instructions: `sethi %hi(imm), %g0` with imm22 in 0x3fff00-0x3fffff,
// a no-op on real hardware, asks the simulator for an action. Guest code uses
// sw/lib/fireplane_magic.h. (imm22 0x3f0, the SW_count marker, is not magic.)
#include <cstdint>

namespace fireplane::sparc {

constexpr uint32_t kMagicImm22Base = 0x3fff00;
// `sethi %hi(imm), %g0` with imm22 in the magic range.
constexpr bool is_magic(uint32_t word) {
    return (word & ~0xffu) == ((4u << 22) | kMagicImm22Base);
}

enum class MagicOp : uint8_t {
    RoiBegin = 0x01,   // statistics count from here
    RoiEnd = 0x02,     // ... and stop here
    StatsReset = 0x03, // every cumulative statistic restarts at zero
    StatsDump = 0x04,  // write the statistics as they are now
    Mark = 0x05,       // a milestone: the summary says when each was reached
    Checkpoint = 0x06, // with --checkpoint-at magic: the machine is saved here
    ModelFunctional = 0x10,
    ModelFixed = 0x11,
    ModelDetailed = 0x12,
};

class SparcCore;

class MagicHandler {
public:
    virtual ~MagicHandler() = default;
    virtual void magic(SparcCore& core, unsigned op) = 0;
};

} // namespace fireplane::sparc
