// The VA and PA data watchpoints: the registers hold the watched doubleword,
// the DCU control register the enables and a byte mask per watchpoint.
#include "cheetah_mmu.h"

#include <algorithm>

namespace fireplane::mmu {

namespace {

// Whether the `size` bytes at `addr` touch a byte of the doubleword at
// `dword` whose bit is set in `mask` (bit n: the byte at offset n).
bool touches(uint64_t addr, unsigned size, uint64_t dword, unsigned mask) {
    if (!mask || size == 0) return false;
    const uint64_t end = addr + size < addr ? ~0ull : addr + size;
    const uint64_t lo = std::max(addr, dword), hi = std::min(end, dword + 8);
    if (lo >= hi) return false;
    const unsigned bytes = ((1u << unsigned(hi - lo)) - 1) << unsigned(lo - dword);
    return bytes & mask;
}

} // namespace

uint16_t CheetahMmu::watch_hit(uint64_t va, uint64_t pa, unsigned size, bool is_write,
                               uint64_t dcu_control) const {
    const unsigned vmask = unsigned(dcu_control >> dcu::kVmShift) & 0xff;
    const unsigned pmask = unsigned(dcu_control >> dcu::kPmShift) & 0xff;
    if ((dcu_control & (is_write ? dcu::kVw : dcu::kVr)) &&
        touches(va, size, regs_.va_watchpoint, vmask))
        return kTrapVaWatchpoint;
    if ((dcu_control & (is_write ? dcu::kPw : dcu::kPr)) &&
        touches(pa & tte::kPhysicalMask, size, regs_.pa_watchpoint, pmask))
        return kTrapPaWatchpoint;
    return kNoTrap;
}

uint16_t CheetahMmu::watchpoint(const MmuRequest& request, uint64_t pa, unsigned size,
                                uint64_t dcu_control) {
    const uint16_t trap =
        watch_hit(request.va, pa, size, request.kind == AccessKind::Write, dcu_control);
    if (trap) record_fault(request, trap, 0, false, false);
    return trap;
}

} // namespace fireplane::mmu
