#pragma once
// The interrupt contract between devices and the interrupt controller. A
// device drives a level-sensitive line, named by its interrupt number (INO),
// into the one input the controller exposes; the controller turns levels into
// interrupt vectors to the CPUs. A level is only reported when it changes.
namespace fireplane {

class InterruptInput {
public:
    virtual ~InterruptInput() = default;
    // Line `ino` is now asserted (true) or deasserted (false).
    virtual void set_level(unsigned ino, bool asserted) = 0;
};

} // namespace fireplane
