#include "simulation_target.h"

namespace fireplane::gdb {

SimulationTarget::SimulationTarget(Guest& guest, MonitorCommands& monitor)
    : guest_(guest), monitor_(monitor), registers_(guest.firmware()),
      xml_(registers_.target_xml()) {}

unsigned SimulationTarget::register_size(unsigned regno) {
    return regno < registers_.size() ? registers_.list()[regno].bits / 8 : 0;
}

// Big-endian, as the target stores them.
bool SimulationTarget::read_register(ThreadId thread, unsigned regno, uint8_t* bytes) {
    uint64_t value = 0;
    bool ok = false;
    if (sparc::SparcCore* core = guest_.core_of(thread))
        ok = registers_.read(*core, regno, value);
    else if (linux_user::ThreadContext* saved = guest_.saved_registers(thread))
        ok = registers_.read(*saved, regno, value);
    if (!ok) return false;
    for (unsigned i = register_size(regno); i-- > 0; value >>= 8)
        bytes[i] = uint8_t(value);
    return true;
}

bool SimulationTarget::write_register(ThreadId thread, unsigned regno, const uint8_t* bytes) {
    uint64_t value = 0;
    for (unsigned i = 0; i < register_size(regno); ++i)
        value = value << 8 | bytes[i];
    if (sparc::SparcCore* core = guest_.core_of(thread))
        return registers_.write(*core, regno, value);
    if (linux_user::ThreadContext* saved = guest_.saved_registers(thread))
        return registers_.write(*saved, regno, value);
    return false;
}

} // namespace fireplane::gdb
