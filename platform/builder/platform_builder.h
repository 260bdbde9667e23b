#pragma once
// Builds the SystemC design a MachineConfig describes: creates each component
// through the factory and wires the components by the roles they play
// (models/common/roles.h), never by their concrete types: masters and the
// coherent interconnect on the system bus, caching agents and observers on
// the interconnect, every target on the smallest address window holding it.
#include "core/config/machine_config.h"
#include "core/factory/model_factory.h"
#include "models/common/roles.h"
#include "simulation_config.h"

#include <systemc>

#include <memory>
#include <string>
#include <vector>

namespace fireplane {

class HostPort;

// A region of memory or registers, by the component's name.
struct NamedRange {
    std::string name;
    AddressRange range;
    uint64_t linked_at = 0; // a boot ROM's: the address its images are linked at
};

// One line of the memory map: a bus target and the address map it was put on.
struct MappedTarget {
    std::string name;
    std::string type; // its model type (for a module attached by the user, its kind)
    AddressRange range;
    std::string on; // the AddressMap's component: the system bus or a bridge
};

// An address map below the system bus (a bridge), by its component's name.
struct NamedWindow {
    AddressMap* map;
    std::string name;
};

// An interrupt line wired to the controller, by its source's name.
struct InterruptLine {
    unsigned number;
    std::string source;
};

struct Platform {
    // The parent of every component when the machine has a name (so two
    // machines can live in one design); destroyed after them.
    std::unique_ptr<sc_core::sc_module> container;
    std::vector<std::unique_ptr<sc_core::sc_module>> modules; // in creation order
    std::vector<sparc::SparcCpu*> cpus;                       // Processors, in file order
    std::vector<NamedRange> rams;     // memory targets (BusTarget::is_memory), in file order
    std::vector<NamedRange> monitors; // observers with a register window, in file order
    std::vector<NamedRange> roms;     // targets that hold firmware (boot ROMs), in file order
    std::vector<PowerSwitch*> power_switches;
    // Devices that hand the firmware the machine's facts (fw_cfg): the builder
    // gives them the RAM size and CPU count; a session adds kernel and initrd.
    std::vector<FirmwareConfig*> firmware_configs;
    std::vector<NamedWindow> windows;      // the address maps below the system bus (bridges)
    std::vector<MappedTarget> memory_map;  // every bus target, in the order they were mapped
    std::vector<InterruptLine> interrupts; // every connected interrupt source, in file order
    SystemBus* system_bus = nullptr;
    std::string system_bus_name;
    InterruptController* interrupt_controller = nullptr; // when the machine has one
    CoherentInterconnect* interconnect = nullptr;        // when the machine has one
    std::string interconnect_name;                       // its module name, for its statistics
    HostPort* host = nullptr;    // debug access for host tools (with a system bus)
    SimulationConfig simulation; // the machine file's `simulation` section

    ~Platform();
};

// Registers every model family and the `simulation` settings type.
void register_all_models(ModelFactory& factory);

// Throws ConfigError for wiring problems (no system bus, overlapping devices,
// an interrupt with no controller or taken twice, ...). With a `name`, the
// components are created inside a module of that name.
std::unique_ptr<Platform> build_platform(const MachineConfig& machine, const ModelFactory& factory,
                                         const std::string& name = "");

// Wires a module built outside the machine file by the roles it plays, as the
// builder wires a component (before the end of elaboration). Throws
// std::invalid_argument when it cannot be wired (an overlapping range, a role
// that needs a bus or an interrupt controller the machine lacks, a processor).
void attach_module(Platform& platform, sc_core::sc_module& module);

} // namespace fireplane
