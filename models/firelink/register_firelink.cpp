#include "register_firelink.h"

#include "firelink_monitor.h"

#include <memory>

namespace fireplane {

namespace {
std::unique_ptr<sc_core::sc_module> create_monitor(const char* name, const Params& p) {
    firelink::FirelinkMonitorConfig c;
    const int64_t id = p.get_int("agent_id");
    if (id < 24 || id > 31) p.fail("agent_id", "monitors are I/O agents: Safari IDs 24 to 31");
    c.agent_id = uint16_t(id);
    if (p.get_bytes("base") % firelink::kWindowSize != 0)
        p.fail("base", "the register window must be 4 KiB aligned");
    return std::make_unique<firelink::FirelinkMonitor>(name, c);
}
} // namespace

void register_firelink_models(ModelFactory& factory) {
    factory.add({"firelink_monitor",
                 "Fire Link performance monitor: watches every address-bus transaction, two "
                 "filtered counter sets and an 8-entry transaction sequence buffer, behind "
                 "memory-mapped registers (detailed model)",
                 {
                     {"base", ParamKind::Bytes, "",
                      "physical address of its 4 KiB register window (inside the I/O bridge's)"},
                     {"agent_id", ParamKind::Int, "25", "Safari agent ID (24-31)"},
                 },
                 create_monitor});
}

} // namespace fireplane
