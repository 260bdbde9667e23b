#pragma once
// What the ISS needs from the world around it: address translation to host
// pages (through the platform's MMU and TLM DMI) and a slow path for memory
// without a host pointer (MMIO, through b_transport).
#include "asi.h"

#include <cstdint>

namespace fireplane::sparc {

enum class Access : uint8_t { Read, Write, Fetch };

struct PageMapping {
    uint8_t* host = nullptr; // host address of the page's first byte; null for I/O pages
    uint64_t pa = 0;         // physical address of the page
    bool keep = true;        // the core may cache it (not so for no-fault-only pages...)
    uint16_t trap = 0;       // when map_page fails: the trap to take (0: the access exception)
};

class MemoryBackend {
public:
    virtual ~MemoryBackend() = default;
    // Resolves the 8 KiB page holding `va`. False: translation or protection fault.
    virtual bool map_page(uint64_t va, Access access, PageMapping& out) = 0;
    // Access to a page whose mapping has no host pointer. False: bus error.
    virtual bool io_access(uint64_t pa, Access access, uint8_t* data, unsigned len) = 0;
    // The physical address of `va` for a debugger: no trap, no change to any
    // state (an MMU's fault registers, replacement). False: not mapped.
    virtual bool debug_translate(uint64_t va, Access access, uint64_t& pa) {
        PageMapping m;
        if (!map_page(va, access, m)) return false;
        pa = m.pa | (va & 0x1fff);
        return true;
    }
    // As map_page for an access through an explicit ASI whose context or
    // privilege differs from the access's own (asi.h: secondary, as-if-user...).
    virtual bool map_page_in(uint64_t va, Access access, const AsiInfo& /*asi*/, PageMapping& out) {
        return map_page(va, access, out);
    }
    // The page at physical address `pa`, as map_page with the MMU bypassed
    // (the physical-address ASIs). False: nothing there.
    virtual bool map_physical(uint64_t pa, Access access, PageMapping& out) {
        return map_page(pa, access, out);
    }
    // A register reached through an internal ASI (the MMUs, the DCU control
    // register, the interrupt unit): a read fills `value`, a write takes it.
    // False: no such register, and the access is a data_access_exception.
    virtual bool asi_register(unsigned /*asi*/, uint64_t /*va*/, Access /*access*/,
                              uint64_t& /*value*/) {
        return false;
    }
    // A data access about to happen, while the core watches (set_watching):
    // the watchpoint trap it hits (0x61 PA, 0x62 VA), or 0.
    virtual uint16_t watchpoint(uint64_t /*va*/, uint64_t /*pa*/, unsigned /*len*/,
                                bool /*write*/) {
        return 0;
    }
    // A reset the core was asked for is due (SparcCore::request_reset): the
    // CPU puts everything around the core in its power-on state, then the
    // core's own (SparcCore::power_on_reset).
    virtual void reset_due() {}
    // The core entered RED_state (a trap at TL = MAXTL - 1, or SIR): the
    // III Cu turns its MMUs off.
    virtual void entered_red_state() {}
};

class SparcCore;

// Receives traps when the core runs without a guest trap table: the user-mode
// Linux layer plays the kernel's part (syscalls, window spill/fill, signals).
class TrapHandler {
public:
    virtual ~TrapHandler() = default;
    // Called with TL already raised and TPC/TNPC/TSTATE/TT written. The handler
    // leaves with core.done_trap(), core.retry_trap() or core.halt().
    virtual void handle_trap(SparcCore& core, unsigned tt) = 0;
};

} // namespace fireplane::sparc
