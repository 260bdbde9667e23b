#pragma once
// Interrupts in the machine, two contracts:
// - devices and the interrupt controller: a device drives a level-sensitive
//   line, named by its interrupt number (INO), into the one input the
//   controller exposes; a level is only reported when it changes;
// - interrupt vectors: the Fireplane's INT transaction carries three 64-bit
//   data words from one agent to another (a CPU's cross-call, or the
//   controller's device interrupt). The target's receive unit takes one at a
//   time; a second one while it is busy is refused (NACK) and the sender retries.
#include <cstdint>

namespace fireplane {

// The largest interrupt number a machine file may give a device: the
// controller decides which it accepts (sun4u: the interrupt group and the
// 6-bit INO, 11 bits together).
constexpr int64_t kMaxInterruptNumber = 2047;

class InterruptInput {
public:
    virtual ~InterruptInput() = default;
    // Line `ino` is now asserted (true) or deasserted (false).
    virtual void set_level(unsigned ino, bool asserted) = 0;
};

struct InterruptVector {
    uint16_t source = 0; // agent ID of the sender
    uint16_t target = 0; // agent ID of the receiver
    uint64_t data[3] = {};
};

// A CPU's interrupt receive unit, which the coherent interconnect delivers INT to.
class InterruptReceiver {
public:
    virtual ~InterruptReceiver() = default;
    virtual unsigned interrupt_agent_id() const = 0;
    // False: the receive unit still holds a vector (NACK).
    virtual bool accept_interrupt(const InterruptVector& vector) = 0;
};

// The INT transaction's address: the target agent ID in bits 23:14, as the
// CPU's dispatch address (ASI 0x77) has it.
constexpr unsigned kInterruptTargetShift = 14;
constexpr uint64_t interrupt_address(unsigned target) {
    return uint64_t(target & 0x3ff) << kInterruptTargetShift;
}
constexpr unsigned interrupt_target(uint64_t address) {
    return unsigned(address >> kInterruptTargetShift) & 0x3ff;
}

} // namespace fireplane
