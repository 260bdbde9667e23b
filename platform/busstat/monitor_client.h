#pragma once
// A host tool's handle on one Fire Link monitor: its registers by name
// (models/firelink/monitor_registers.h), reached through HostPort's debug
// transport, as guest software would reach them.
#include "models/firelink/monitor_registers.h"
#include "platform/builder/host_port.h"
#include "platform/builder/platform_builder.h"

#include <systemc>

#include <stdexcept>
#include <string>

namespace fireplane::busstat {

// Throws std::invalid_argument, naming the tool's `option`, unless the
// machine has what the monitor tools need: a bus, a monitor, the host port.
inline void require_monitors(const Platform& platform, const std::string& option) {
    if (platform.monitors.empty() || !platform.host || !platform.interconnect)
        throw std::invalid_argument(option +
                                    " needs a machine with a fireplane_bus and a firelink_monitor");
}

class MonitorClient {
public:
    MonitorClient(HostPort& host, NamedRange monitor) : host_(host), monitor_(std::move(monitor)) {}

    const std::string& name() const { return monitor_.name; }
    uint64_t get(const std::string& reg) const {
        uint64_t value = 0;
        if (!host_.read64(address(reg), value)) fail("read", reg);
        return value;
    }
    void set(const std::string& reg, uint64_t value) {
        if (!host_.write64(address(reg), value)) fail("write", reg);
    }
    // Loads counter set `set`'s filter: these types, from sources matching the
    // trits (no address or transaction-ID condition), counting from zero.
    void load_filter(unsigned set, uint64_t types, uint64_t src_mask, uint64_t src_match) {
        const std::string p = "set" + std::to_string(set) + ".";
        this->set(p + "types", types);
        this->set(p + "addr_mask", 0);
        this->set(p + "src_mask", src_mask);
        this->set(p + "src_match", src_match);
        this->set(p + "tid_mask", 0);
        this->set(p + "count", 0);
    }
    // Its Safari board (agent ID / 4), from the ID register.
    uint64_t board() const { return (get("id") & 0x3ff) >> 2; }

private:
    uint64_t address(const std::string& reg) const {
        uint64_t offset = 0;
        if (!firelink::find_register(reg, offset)) fail("find", reg);
        return monitor_.range.base + offset;
    }
    [[noreturn]] void fail(const char* what, const std::string& reg) const {
        SC_REPORT_FATAL("busstat", ("cannot " + std::string(what) + " " + monitor_.name + "." +
                                    reg + " through the host port")
                                       .c_str());
        throw; // not reached: SC_REPORT_FATAL ends the simulation
    }

    HostPort& host_;
    NamedRange monitor_;
};

} // namespace fireplane::busstat
