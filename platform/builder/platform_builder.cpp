#include "platform_builder.h"

#include "host_port.h"
#include "models/cpu/register_cpu.h"
#include "models/cpu/sparc_cpu.h"
#include "models/devices/register_devices.h"
#include "models/firelink/register_firelink.h"
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

// One component and the roles it plays.
struct Part {
    const ComponentConfig* config;
    sc_core::sc_module* module;
    template <typename Role> Role* as() const { return dynamic_cast<Role*>(module); }
};

template <typename Role> Role* the_only(const std::vector<Part>& parts, const char* what) {
    Role* found = nullptr;
    for (const Part& p : parts)
        if (Role* r = p.as<Role>()) {
            if (found)
                throw ConfigError(p.config->where, "'" + p.config->name + "': only one " + what +
                                                       " is supported per machine");
            found = r;
        }
    return found;
}

// Requests and snoops: each caching agent, then each observer, in file order,
// so snoops reach them in that order.
void wire_interconnect(const std::vector<Part>& parts, Platform& platform) {
    CoherentInterconnect* ic = platform.interconnect;
    for (const Part& p : parts)
        if (auto* agent = p.as<CoherentAgent>()) {
            if (!ic) {
                agent->bind_requests(platform.system_bus->master_port());
                continue;
            }
            agent->bind_requests(ic->agent_port());
            ic->attach_snooper(agent->snoop_port());
        }
    for (const Part& p : parts) {
        if (auto* io = p.as<IoAgent>(); io && ic) io->bind_announcements(ic->io_port());
        if (auto* observer = p.as<BusObserver>()) {
            if (!ic)
                throw ConfigError(p.config->where,
                                  "'" + p.config->name +
                                      "' watches the coherent interconnect, but the machine has "
                                      "no component of type fireplane_bus");
            ic->attach_snooper(observer->observer_port());
        }
    }
    if (ic) ic->bind_memory(platform.system_bus->master_port());
}

// Each target goes on the smallest address window that holds it.
void map_targets(const std::vector<Part>& parts, Platform& platform) {
    std::vector<std::pair<const Part*, AddressMap*>> maps;
    for (const Part& p : parts)
        if (auto* m = p.as<AddressMap>()) maps.push_back({&p, m});
    for (const Part& p : parts) {
        auto* target = p.as<BusTarget>();
        if (!target) continue;
        const AddressRange range = target->bus_range();
        AddressMap* on = platform.system_bus;
        for (const auto& [owner, m] : maps)
            if (owner != &p && m->window().contains(range) && m->window().size < on->window().size)
                on = m;
        try {
            on->map(target->bus_target(), range, p.config->name);
        } catch (const std::invalid_argument& e) {
            p.config->params.fail("base", e.what());
        }
        if (target->is_memory()) platform.rams.push_back({p.config->name, range});
        if (p.as<BusObserver>()) platform.monitors.push_back({p.config->name, range});
    }
}

} // namespace

std::unique_ptr<Platform> build_platform(const MachineConfig& machine,
                                         const ModelFactory& factory) {
    auto platform = std::make_unique<Platform>();
    platform->simulation = simulation_params().read(machine.simulation.params);
    const SimulationConfig& sim = platform->simulation;

    std::vector<Part> parts;
    for (const ComponentConfig& c : machine.components) {
        const ModelType* type = factory.find(c.type);
        if (!type || !type->create)
            throw ConfigError(c.where, "type '" + c.type + "' cannot be instantiated");
        platform->modules.push_back(type->create(c.name.c_str(), c.params));
        parts.push_back({&c, platform->modules.back().get()});
    }
    platform->system_bus = the_only<SystemBus>(parts, "system bus (router)");
    platform->interconnect = the_only<CoherentInterconnect>(parts, "fireplane_bus");
    for (const Part& p : parts) {
        if (p.as<CoherentInterconnect>()) platform->interconnect_name = p.module->name();
        if (auto* cpu = p.as<Processor>()) platform->cpus.push_back(&cpu->sparc_cpu());
        const bool on_bus = p.as<BusInitiator>() || p.as<BusTarget>() || p.as<CoherentAgent>() ||
                            p.as<CoherentInterconnect>();
        if (on_bus && !platform->system_bus)
            throw ConfigError(p.config->where,
                              "'" + p.config->name +
                                  "' needs a bus, but the machine has no component of type router");
    }
    if (!platform->system_bus) return platform;

    wire_interconnect(parts, *platform);
    for (const Part& p : parts)
        if (auto* initiator = p.as<BusInitiator>())
            initiator->bind_initiators(platform->system_bus->master_port());
    map_targets(parts, *platform);

    auto host = std::make_unique<HostPort>("host");
    host->socket.bind(platform->system_bus->master_port());
    platform->host = host.get();
    platform->modules.push_back(std::move(host));
    for (auto* cpu : platform->cpus) {
        cpu->set_run_timing(sim.model, uint64_t(sim.fast_forward));
        cpu->set_run_ahead(sim.quantum, sim.timed_quantum, sim.lookahead);
    }
    return platform;
}

} // namespace fireplane
