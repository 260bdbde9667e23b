#pragma once
// The breakpoints and watchpoints gdb has inserted, checked by the simulator
// at each instruction and data access (not by planting trap instructions in
// guest memory, so code in ROM can be stopped at and nothing guest-visible
// changes).
#include "debug_target.h"

#include <cstdint>
#include <optional>
#include <unordered_map>
#include <vector>

namespace fireplane::gdb {

class BreakpointTable {
public:
    // Software and hardware breakpoints are the same thing here; gdb may put
    // both at one address, so each insertion counts.
    bool insert(BreakpointType type, uint64_t address, uint64_t length);
    bool remove(BreakpointType type, uint64_t address, uint64_t length);
    void clear();

    bool empty() const { return breakpoints_.empty() && watchpoints_.empty(); }
    bool has_watchpoints() const { return !watchpoints_.empty(); }
    // The kind of breakpoint at `pc`, if any.
    std::optional<BreakpointType> breakpoint_at(uint64_t pc) const {
        if (breakpoints_.empty()) return std::nullopt;
        const auto it = breakpoints_.find(pc);
        if (it == breakpoints_.end()) return std::nullopt;
        return it->second.software ? BreakpointType::Software : BreakpointType::Hardware;
    }
    // A watchpoint that a data access of `size` bytes at `address` triggers
    // (`read`, `write`, or both for an atomic), as the stop reply reports it:
    // its type and the first watched byte the access touched.
    struct Hit {
        BreakpointType type;
        uint64_t address;
    };
    std::optional<Hit> watch_hit(uint64_t address, unsigned size, bool read, bool write) const;

private:
    struct Count {
        unsigned software = 0, hardware = 0;
    };
    struct Watchpoint {
        BreakpointType type;
        uint64_t address, length;
    };
    std::unordered_map<uint64_t, Count> breakpoints_;
    std::vector<Watchpoint> watchpoints_; // in insertion order; duplicates allowed
};

} // namespace fireplane::gdb
