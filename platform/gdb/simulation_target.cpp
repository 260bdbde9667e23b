#include "simulation_target.h"

#include "models/common/big_endian.h"

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
    store_big_endian(bytes, value, register_size(regno));
    return true;
}

bool SimulationTarget::write_register(ThreadId thread, unsigned regno, const uint8_t* bytes) {
    const uint64_t value = load_big_endian(bytes, register_size(regno));
    if (sparc::SparcCore* core = guest_.core_of(thread))
        return registers_.write(*core, regno, value);
    if (linux_user::ThreadContext* saved = guest_.saved_registers(thread))
        return registers_.write(*saved, regno, value);
    return false;
}

} // namespace fireplane::gdb
