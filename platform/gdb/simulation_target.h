#pragma once
// The protocol's DebugTarget over the simulated machine: registers through
// the SPARC register table, memory and threads through the Guest (firmware or
// a user-mode process), breakpoints into a table the CPUs' debug hook checks,
// monitor commands from a registry. What gdb asked for last (resume with a
// step, detach, kill) waits here for the stub to carry out.
#include "breakpoint_table.h"
#include "debug_target.h"
#include "guest.h"
#include "monitor_commands.h"
#include "sparc_registers.h"

namespace fireplane::gdb {

class SimulationTarget : public DebugTarget {
public:
    SimulationTarget(Guest& guest, MonitorCommands& monitor);

    std::vector<ThreadId> threads() override { return guest_.threads(); }
    std::string thread_description(ThreadId thread) override { return guest_.describe(thread); }
    std::string target_xml() override { return xml_; }
    unsigned register_count() override { return unsigned(registers_.size()); }
    unsigned register_size(unsigned regno) override;
    bool read_register(ThreadId thread, unsigned regno, uint8_t* bytes) override;
    bool write_register(ThreadId thread, unsigned regno, const uint8_t* bytes) override;
    size_t read_memory(ThreadId thread, uint64_t address, uint8_t* out, size_t length) override {
        return guest_.read_memory(thread, address, out, length);
    }
    bool write_memory(ThreadId thread, uint64_t address, const uint8_t* data,
                      size_t length) override {
        return guest_.write_memory(thread, address, data, length);
    }
    bool set_breakpoint(BreakpointType type, uint64_t address, uint64_t length,
                        bool insert) override {
        return insert ? breakpoints_.insert(type, address, length)
                      : breakpoints_.remove(type, address, length);
    }
    std::string monitor(const std::string& command) override { return monitor_.run(command); }
    void resume(const ResumeRequest& request) override { request_ = request; }
    void detach() override { breakpoints_.clear(); }
    void kill() override {}

    const BreakpointTable& breakpoints() const { return breakpoints_; }
    const ResumeRequest& resume_request() const { return request_; }

private:
    Guest& guest_;
    MonitorCommands& monitor_;
    SparcRegisters registers_;
    std::string xml_;
    BreakpointTable breakpoints_;
    ResumeRequest request_;
};

} // namespace fireplane::gdb
