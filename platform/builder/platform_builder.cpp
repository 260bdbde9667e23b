#include "platform_builder.h"

#include "host_port.h"
#include "models/cpu/register_cpu.h"
#include "models/cpu/sparc_cpu.h"
#include "models/devices/register_devices.h"
#include "models/firelink/register_firelink.h"
#include "models/fireplane/register_fireplane.h"
#include "models/pci/register_pci.h"
#include "models/sun4u/register_sun4u.h"

#include <functional>
#include <stdexcept>

namespace fireplane {

Platform::~Platform() {
    modules.clear(); // the components before their container
}

void register_all_models(ModelFactory& factory) {
    factory.add({"simulation", "global simulation settings", simulation_params().specs(), nullptr});
    register_device_models(factory);
    register_fireplane_models(factory);
    register_firelink_models(factory);
    register_pci_models(factory);
    register_cpu_models(factory);
    register_sun4u_device_models(factory);
}

namespace {

// One component and the roles it plays.
struct Part {
    sc_core::sc_module* module;
    const ComponentConfig* config; // null for a module attached by the user
    template <typename Role> Role* as() const { return dynamic_cast<Role*>(module); }

    std::string name() const { return config ? config->name : module->name(); }
    std::string type() const { return config ? config->type : module->kind(); }
    // A wiring problem: at the component's line in the machine file, or about
    // the attached module.
    [[noreturn]] void fail(const std::string& message, const char* param = nullptr) const {
        if (!config) throw std::invalid_argument("'" + name() + "': " + message);
        if (param) config->params.fail(param, message);
        throw ConfigError(config->where, "'" + name() + "': " + message);
    }
};

template <typename Role> Role* the_only(const std::vector<Part>& parts, const char* what) {
    Role* found = nullptr;
    for (const Part& p : parts)
        if (Role* r = p.as<Role>()) {
            if (found) p.fail(std::string("only one ") + what + " is supported per machine");
            found = r;
        }
    return found;
}

void need_system_bus(const Part& p, const Platform& platform) {
    const bool on_bus = p.as<BusInitiator>() || p.as<BusTarget>() || p.as<CoherentAgent>() ||
                        p.as<CoherentInterconnect>();
    if (on_bus && !platform.system_bus)
        p.fail("needs a bus, but the machine has no component of type router");
}

// Requests and snoops: each caching agent, then each observer, in the order
// given, so snoops reach them in that order.
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
        if (auto* receiver = p.as<InterruptReceiver>(); receiver && ic)
            ic->attach_interrupt_receiver(*receiver);
        if (auto* observer = p.as<BusObserver>()) {
            if (!ic)
                p.fail("watches the coherent interconnect, but the machine has no component of "
                       "type fireplane_bus");
            ic->attach_observer(observer->observer_port());
        }
    }
}

void bind_initiators(const std::vector<Part>& parts, Platform& platform) {
    for (const Part& p : parts)
        if (auto* initiator = p.as<BusInitiator>())
            initiator->bind_initiators(platform.system_bus->master_port());
}

// Each target goes on the smallest address window that holds it.
void map_targets(const std::vector<Part>& parts, Platform& platform) {
    for (const Part& p : parts) {
        auto* target = p.as<BusTarget>();
        if (!target) continue;
        const AddressRange range = target->bus_range();
        AddressMap* on = platform.system_bus;
        const std::string* on_name = &platform.system_bus_name;
        for (const NamedWindow& w : platform.windows)
            if (w.map != p.as<AddressMap>() && w.map->window().contains(range) &&
                w.map->window().size < on->window().size) {
                on = w.map;
                on_name = &w.name;
            }
        try {
            on->map(target->bus_target(), range, p.name());
        } catch (const std::invalid_argument& e) {
            p.fail(e.what(), "base");
        }
        platform.memory_map.push_back({p.name(), p.type(), range, *on_name});
        if (target->is_memory()) platform.rams.push_back({p.name(), range});
        if (target->holds_firmware())
            platform.roms.push_back({p.name(), range, target->firmware_link_address()});
        if (auto* o = p.as<BusObserver>(); o && o->host_readable())
            platform.monitors.push_back({p.name(), range});
    }
}

// Every interrupt source with a number goes to the one controller; a number
// is one line, so two sources cannot share it.
void wire_interrupts(const std::vector<Part>& parts, Platform& platform) {
    for (const Part& p : parts) {
        auto* source = p.as<InterruptSource>();
        if (!source || source->interrupt_number() == 0) continue;
        const unsigned number = source->interrupt_number();
        if (!platform.interrupt_controller)
            p.fail("asks for interrupt " + std::to_string(number) +
                       ", but the machine has no interrupt controller",
                   "interrupt");
        for (const InterruptLine& line : platform.interrupts)
            if (line.number == number)
                p.fail("interrupt " + std::to_string(number) + " is already taken by '" +
                           line.source + "'",
                       "interrupt");
        source->connect_interrupt(platform.interrupt_controller->interrupt_input());
        platform.interrupts.push_back({number, p.name()});
    }
}

// Each PCI function goes on the bus of the component its `bus` names.
void wire_pci(const std::vector<Part>& parts) {
    for (const Part& p : parts) {
        auto* device = p.as<PciDevice>();
        if (!device) continue;
        const std::string bus = device->pci_bus_name();
        if (bus.empty()) p.fail("is a PCI function but names no bus (parameter bus)");
        const Part* owner = nullptr;
        for (const Part& q : parts)
            if (q.name() == bus) owner = &q;
        if (!owner) p.fail("bus '" + bus + "' names no component of the machine", "bus");
        auto* on = owner->as<PciBusOwner>();
        if (!on)
            p.fail("bus '" + bus + "' is a " + owner->type() + ", which has no PCI bus", "bus");
        try {
            on->attach_pci(*device);
        } catch (const std::invalid_argument& e) {
            p.fail(e.what(), "slot");
        }
    }
}

// The parent module a named machine's components are created in: SystemC
// makes a module the child of the one whose constructor is running.
class Container : public sc_core::sc_module {
public:
    Container(sc_core::sc_module_name name, const std::function<void()>& create_children)
        : sc_module(name) {
        create_children();
    }
};

} // namespace

std::unique_ptr<Platform> build_platform(const MachineConfig& machine, const ModelFactory& factory,
                                         const std::string& name) {
    auto platform = std::make_unique<Platform>();
    platform->simulation = simulation_params().read(machine.simulation.params);
    const SimulationConfig& sim = platform->simulation;

    std::vector<Part> parts;
    const auto create = [&] {
        for (const ComponentConfig& c : machine.components) {
            const ModelType* type = factory.find(c.type);
            if (!type || !type->create)
                throw ConfigError(c.where, "type '" + c.type + "' cannot be instantiated");
            platform->modules.push_back(type->create(c.name.c_str(), c.params));
            parts.push_back({platform->modules.back().get(), &c});
        }
        platform->system_bus = the_only<SystemBus>(parts, "system bus (router)");
        if (platform->system_bus) {
            auto host = std::make_unique<HostPort>("host");
            platform->host = host.get();
            platform->modules.push_back(std::move(host));
        }
    };
    if (name.empty())
        create();
    else
        platform->container = std::make_unique<Container>(name.c_str(), create);
    platform->interconnect = the_only<CoherentInterconnect>(parts, "fireplane_bus");
    platform->interrupt_controller = the_only<InterruptController>(parts, "interrupt controller");
    for (const Part& p : parts) {
        if (p.as<CoherentInterconnect>()) platform->interconnect_name = p.module->name();
        if (p.as<SystemBus>()) platform->system_bus_name = p.name();
        if (auto* cpu = p.as<Processor>()) platform->cpus.push_back(&cpu->sparc_cpu());
        if (auto* power = p.as<PowerSwitch>()) platform->power_switches.push_back(power);
        if (auto* fc = p.as<FirmwareConfig>()) platform->firmware_configs.push_back(fc);
        if (auto* window = p.as<AddressMap>(); window && !p.as<SystemBus>())
            platform->windows.push_back({window, p.name()});
        need_system_bus(p, *platform);
    }
    wire_interrupts(parts, *platform);
    wire_pci(parts);
    if (!platform->system_bus) return platform;

    wire_interconnect(parts, *platform);
    if (platform->interconnect)
        platform->interconnect->bind_memory(platform->system_bus->master_port());
    bind_initiators(parts, *platform);
    map_targets(parts, *platform);

    platform->host->socket.bind(platform->system_bus->master_port());
    uint64_t ram = 0;
    for (const NamedRange& r : platform->rams)
        ram += r.range.size;
    for (FirmwareConfig* fc : platform->firmware_configs) {
        fc->set_ram_size(ram);
        fc->set_cpu_count(unsigned(platform->cpus.size()));
    }
    for (auto* cpu : platform->cpus) {
        cpu->set_run_timing(sim.model, uint64_t(sim.fast_forward));
        cpu->set_run_ahead(sim.quantum, sim.timed_quantum, sim.lookahead);
        cpu->core().set_compiled_blocks(sim.compiled_blocks);
    }
    return platform;
}

void attach_module(Platform& platform, sc_core::sc_module& module) {
    const std::vector<Part> part{{&module, nullptr}};
    const Part& p = part.front();
    if (p.as<Processor>() || p.as<SystemBus>() || p.as<CoherentInterconnect>() ||
        p.as<InterruptController>())
        p.fail("processors, buses and the interrupt controller come from the machine file; "
               "attach devices, masters and observers");
    need_system_bus(p, platform);
    if (auto* window = p.as<AddressMap>()) platform.windows.push_back({window, p.name()});
    wire_interrupts(part, platform);
    wire_interconnect(part, platform);
    bind_initiators(part, platform);
    map_targets(part, platform);
}

} // namespace fireplane
