#include "breakpoint_table.h"

#include <algorithm>

namespace fireplane::gdb {

bool BreakpointTable::insert(BreakpointType type, uint64_t address, uint64_t length) {
    switch (type) {
    case BreakpointType::Software: ++breakpoints_[address].software; return true;
    case BreakpointType::Hardware: ++breakpoints_[address].hardware; return true;
    default:
        if (length == 0 || address + length < address) return false; // empty, or past 2^64
        watchpoints_.push_back({type, address, length});
        return true;
    }
}

bool BreakpointTable::remove(BreakpointType type, uint64_t address, uint64_t length) {
    if (type == BreakpointType::Software || type == BreakpointType::Hardware) {
        const auto it = breakpoints_.find(address);
        if (it == breakpoints_.end()) return false;
        unsigned& n = type == BreakpointType::Software ? it->second.software : it->second.hardware;
        if (n == 0) return false;
        --n;
        if (it->second.software == 0 && it->second.hardware == 0) breakpoints_.erase(it);
        return true;
    }
    const auto it =
        std::find_if(watchpoints_.begin(), watchpoints_.end(), [&](const Watchpoint& w) {
            return w.type == type && w.address == address && w.length == length;
        });
    if (it == watchpoints_.end()) return false;
    watchpoints_.erase(it);
    return true;
}

void BreakpointTable::clear() {
    breakpoints_.clear();
    watchpoints_.clear();
}

std::optional<BreakpointTable::Hit> BreakpointTable::watch_hit(uint64_t address, unsigned size,
                                                               bool read, bool write) const {
    for (const Watchpoint& w : watchpoints_) {
        const bool wanted = w.type == BreakpointType::Access ||
                            (w.type == BreakpointType::Write && write) ||
                            (w.type == BreakpointType::Read && read);
        if (!wanted || size == 0) continue;
        const uint64_t last = address + (size - 1), w_last = w.address + (w.length - 1);
        if (address <= w_last && w.address <= last)
            return Hit{w.type, std::max(address, w.address)};
    }
    return std::nullopt;
}

} // namespace fireplane::gdb
