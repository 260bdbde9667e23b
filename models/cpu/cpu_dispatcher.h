#pragma once
// What a CPU runs is decided outside it: in user mode by the OS layer's
// thread scheduler (platform/linux), later by firmware. The CPU's own thread
// asks before every run of the core, so context switches happen only between
// runs, never inside an instruction or a trap handler.
namespace fireplane::sparc {

class SparcCpu;

class CpuDispatcher {
public:
    virtual ~CpuDispatcher() = default;
    // May load another context into the CPU's core. Returns false when the
    // CPU has nothing to run: it then sleeps, costing no host time, until
    // SparcCpu::wake().
    virtual bool dispatch(SparcCpu& cpu) = 0;
    // Whether, until the thread on the CPU next traps, nothing but its own
    // instructions reads or changes its state and memory: no other thread
    // runs or may take the CPU, and no timer or signal is due. A timed
    // model may then run compiled blocks ahead of its retirement.
    virtual bool undisturbed(const SparcCpu&) const { return false; }
};

} // namespace fireplane::sparc
