#pragma once
// Virtual-to-physical translation for the CPU: in user mode the Linux layer's
// page table, later the MMU model. Without one, addresses are physical: the
// low 43 bits, as on the III Cu with its MMUs off (after reset).
#include "memory_backend.h"

#include <cstdint>

namespace fireplane::sparc {

constexpr unsigned kPhysicalAddressBits = 43;
constexpr uint64_t kPhysicalAddressMask = (uint64_t(1) << kPhysicalAddressBits) - 1;

class AddressTranslator {
public:
    virtual ~AddressTranslator() = default;
    // Physical address of `va`, or false on a translation or protection fault.
    virtual bool translate(uint64_t va, Access access, uint64_t& pa) = 0;
};

} // namespace fireplane::sparc
