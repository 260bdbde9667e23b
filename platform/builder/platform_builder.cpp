#include "platform_builder.h"

#include "host_port.h"
#include "models/cache/snoop_protocol.h"
#include "models/common/bus_interfaces.h"
#include "models/cpu/register_cpu.h"
#include "models/cpu/sparc_cpu.h"
#include "models/devices/register_devices.h"
#include "models/devices/router.h"
#include "models/firelink/register_firelink.h"
#include "models/fireplane/address_bus.h"
#include "models/fireplane/io_bridge.h"
#include "models/fireplane/register_fireplane.h"

#include <stdexcept>

namespace fireplane {

void register_all_models(ModelFactory& factory) {
    factory.add({"simulation", "global simulation settings", simulation_params().specs(), nullptr});
    register_device_models(factory);
    register_fireplane_models(factory);
    register_firelink_models(factory);
    register_cpu_models(factory);
}

namespace {

// Each CPU's caches reach memory through the Fireplane bus when the machine
// has one (agent and snooper i are CPU i), else straight through the router.
void bind_caches(Platform& platform) {
    FireplaneBus* bus = platform.bus;
    if (!bus) {
        for (auto* cpu : platform.cpus)
            if (platform.router) cpu->caches().bus_side.bind(platform.router->target_socket);
        return;
    }
    for (auto* cpu : platform.cpus) {
        cpu->caches().bus_side.bind(bus->agents);
        bus->snoopers.bind(cpu->caches().snoop_side);
    }
    bus->memory.bind(platform.router->target_socket);
    bus->set_line_checker(
        [](const std::vector<MoesiState>& states) { return cache::check_line_invariants(states); });
}

} // namespace

std::unique_ptr<Platform> build_platform(const MachineConfig& machine,
                                         const ModelFactory& factory) {
    auto platform = std::make_unique<Platform>();
    platform->simulation = simulation_params().read(machine.simulation.params);
    const SimulationConfig& sim = platform->simulation;

    Location bus_where;
    std::vector<IoBridge*> bridges;
    for (const ComponentConfig& c : machine.components) {
        const ModelType* type = factory.find(c.type);
        if (!type || !type->create)
            throw ConfigError(c.where, "type '" + c.type + "' cannot be instantiated");
        platform->modules.push_back(type->create(c.name.c_str(), c.params));
        sc_core::sc_module* m = platform->modules.back().get();
        if (auto* router = dynamic_cast<Router*>(m)) {
            if (platform->router)
                throw ConfigError(c.where, "only one router is supported per machine for now");
            platform->router = router;
        }
        if (auto* cpu = dynamic_cast<sparc::SparcCpu*>(m)) platform->cpus.push_back(cpu);
        if (auto* bridge = dynamic_cast<IoBridge*>(m)) bridges.push_back(bridge);
        if (auto* bus = dynamic_cast<FireplaneBus*>(m)) {
            if (platform->bus)
                throw ConfigError(c.where, "only one fireplane_bus is supported per machine");
            platform->bus = bus;
            bus_where = c.where;
        }
    }
    if (platform->bus && !platform->router)
        throw ConfigError(bus_where, "a fireplane_bus reaches memory and devices through a "
                                     "router, but the machine has no component of type router");
    bind_caches(*platform);
    // I/O bridges announce what they carry on the bus, for its monitors.
    if (platform->bus)
        for (IoBridge* b : bridges)
            b->announce.bind(platform->bus->io);
    // Observers (monitors) see every transaction after the caches have answered it.
    for (size_t i = 0; i < machine.components.size(); ++i)
        if (auto* observer = dynamic_cast<BusObserver*>(platform->modules[i].get())) {
            if (!platform->bus)
                throw ConfigError(machine.components[i].where,
                                  "'" + machine.components[i].name +
                                      "' watches the Fireplane bus, but the machine has no "
                                      "component of type fireplane_bus");
            platform->bus->snoopers.bind(observer->observer_socket());
        }

    for (size_t i = 0; i < machine.components.size(); ++i) {
        const ComponentConfig& c = machine.components[i];
        sc_core::sc_module* m = platform->modules[i].get();
        auto* initiator = dynamic_cast<BusInitiator*>(m);
        auto* target = dynamic_cast<BusTarget*>(m);
        if ((initiator || target) && !platform->router)
            throw ConfigError(c.where,
                              "'" + c.name +
                                  "' needs a bus, but the machine has no component of type router");
        if (initiator)
            for (auto* socket : initiator->bus_initiators())
                socket->bind(platform->router->target_socket);
        if (target) {
            const uint64_t base = c.params.get_bytes("base");
            // A device inside an I/O bridge's window sits behind the bridge.
            IoBridge* behind = nullptr;
            for (IoBridge* b : bridges)
                if (b != m && b->contains(base, target->bus_size())) behind = b;
            try {
                if (behind)
                    behind->map_device(target->bus_target(), base, target->bus_size(), c.name);
                else
                    platform->router->map(target->bus_target(), base, target->bus_size(), c.name);
            } catch (const std::invalid_argument& e) {
                c.params.fail("base", e.what());
            }
            if (c.type == "ram" || c.type == "fireplane_memory")
                platform->rams.push_back({c.name, base, target->bus_size()});
            if (c.type == "firelink_monitor") platform->monitors.push_back({c.name, base});
        }
    }
    if (platform->router) {
        auto host = std::make_unique<HostPort>("host");
        host->socket.bind(platform->router->target_socket);
        platform->host = host.get();
        platform->modules.push_back(std::move(host));
    }
    for (auto* cpu : platform->cpus) {
        cpu->set_run_timing(sim.model, uint64_t(sim.fast_forward));
        cpu->set_run_ahead(sim.quantum, sim.timed_quantum, sim.lookahead);
    }
    return platform;
}

} // namespace fireplane
