#pragma once
// The registers gdb sees of a SPARC V9 thread, in gdb's sparc64 numbering:
// %g, %o, %l, %i of the current window (0-31), %f0-%f31 as singles (32-63),
// %f32-%f62 as doubles (64-79), pc, npc, state (CCR<<32 | ASI<<24 |
// PSTATE<<8 | CWP), fsr, fprs, y (80-85); then the privileged registers
// (RDPR's, models/cpu/state_registers.h) and, for firmware, the trap stack of
// TL 1-5. gdb's features/sparc/sparc64-{cpu,fpu,cp0}.xml name the three
// features and the registers gdb requires in them; the other two are ours.
#include "platform/linux/guest_thread.h"

#include <cstdint>
#include <string>
#include <vector>

namespace fireplane::sparc {
class SparcCore;
}

namespace fireplane::gdb {

// How one kind of register is read and written, on a core (a thread on a
// CPU) or in saved registers (a user thread off its CPU). A null function: not
// there (read: unavailable; write: read-only).
struct RegisterAccess {
    uint64_t (*read)(sparc::SparcCore& core, unsigned index);
    bool (*write)(sparc::SparcCore& core, unsigned index, uint64_t value);
    bool (*read_saved)(const linux_user::ThreadContext& saved, unsigned index, uint64_t& value);
    bool (*write_saved)(linux_user::ThreadContext& saved, unsigned index, uint64_t value);
};

struct SparcRegister {
    std::string name;
    unsigned bits;       // 32 or 64
    const char* type;    // gdb's: uint64, code_ptr, ieee_single, ieee_double
    const char* feature; // the target description's feature
    const char* group;   // gdb's register group; nullptr: gdb's choice
    const RegisterAccess* access;
    unsigned index; // which register of its kind
};

class SparcRegisters {
public:
    // With `trap_stack`: TPC, TNPC, TSTATE and TT of every trap level too.
    explicit SparcRegisters(bool trap_stack);

    const std::vector<SparcRegister>& list() const { return registers_; }
    size_t size() const { return registers_.size(); }
    // The whole target description (qXfer:features:read:target.xml).
    std::string target_xml() const;

    bool read(sparc::SparcCore& core, unsigned regno, uint64_t& value) const;
    bool write(sparc::SparcCore& core, unsigned regno, uint64_t value) const;
    bool read(const linux_user::ThreadContext& saved, unsigned regno, uint64_t& value) const;
    bool write(linux_user::ThreadContext& saved, unsigned regno, uint64_t value) const;

private:
    std::vector<SparcRegister> registers_;
};

} // namespace fireplane::gdb
