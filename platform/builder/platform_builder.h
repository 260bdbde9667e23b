#pragma once
// Builds the SystemC design a MachineConfig describes: creates each component
// through the factory, binds every bus master to the router and maps every
// device at its `base`.
#include "core/config/machine_config.h"
#include "core/factory/model_factory.h"
#include "simulation_config.h"

#include <systemc>

#include <memory>
#include <string>
#include <vector>

namespace fireplane {
class FireplaneBus;
class Router;
namespace sparc {
class SparcCpu;
}

class HostPort;

// A Fire Link monitor and where its registers are.
struct MonitorInfo {
    std::string name;
    uint64_t base;
};

struct MemoryRegion {
    std::string name;
    uint64_t base;
    uint64_t size;
};

struct Platform {
    std::vector<std::unique_ptr<sc_core::sc_module>> modules; // in creation order
    std::vector<sparc::SparcCpu*> cpus;
    std::vector<MemoryRegion> rams; // in file order
    Router* router = nullptr;
    FireplaneBus* bus = nullptr;       // the Fireplane address bus, when the machine has one
    std::vector<MonitorInfo> monitors; // in file order
    HostPort* host = nullptr;          // debug access for host tools (with a router)
    SimulationConfig simulation;       // the machine file's `simulation` section
};

// Registers every model family and the `simulation` settings type.
void register_all_models(ModelFactory& factory);

// Throws ConfigError for wiring problems (no router, overlapping devices, ...).
std::unique_ptr<Platform> build_platform(const MachineConfig& machine, const ModelFactory& factory);

} // namespace fireplane
