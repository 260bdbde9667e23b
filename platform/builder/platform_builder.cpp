#include "platform_builder.h"

#include "address_bus.h"
#include "common/bus_interfaces.h"
#include "host_port.h"
#include "io_bridge.h"
#include "register_cpu.h"
#include "register_devices.h"
#include "register_firelink.h"
#include "register_fireplane.h"
#include "router.h"
#include "snoop_protocol.h"
#include "sparc_cpu.h"

#include <stdexcept>

namespace fireplane {

void register_all_models(ModelFactory& factory) {
    factory.add(
        {"simulation",
         "global simulation settings",
         {
             {"quantum", ParamKind::Time, "1us",
              "functional model: how far a CPU may run ahead of SystemC time while other CPUs "
              "run. A CPU sees another's store only when that CPU has run, so each exchange "
              "between CPUs (a barrier, a lock hand-over, a flag) costs up to a quantum of "
              "simulated time, and a spinning CPU burns it in host time too. 1us keeps barriers "
              "close to the real machine's cost for a few percent of speed; longer quanta run "
              "threaded programs faster on the host but make every barrier cost about a quantum"},
             {"timed_quantum", ParamKind::Time, "300ns",
              "fixed and detailed models: the same, for the timed models; a few hundred cycles "
              "keeps the CPUs' bus requests close to the order of their clocks"},
             {"lookahead", ParamKind::Time, "1ms",
              "the most a CPU may run ahead of SystemC time while nothing else is due (other "
              "CPUs asleep or waiting further ahead, no timer or bus event pending): nothing can "
              "observe it then, so a single running thread pays no synchronisation cost. A CPU "
              "that wakes another stops, and both go on a quantum apart"},
             {"seed", ParamKind::Int, "1",
              "seed for every pseudo-random choice (AT_RANDOM, getrandom)"},
             {"stack_size", ParamKind::Bytes, "8MiB", "user-mode stack of the program"},
             {"model",
              ParamKind::Enum,
              "functional",
              "timing model: functional (one cycle per instruction), fixed (fixed memory "
              "latencies) or detailed (pipeline, caches, store buffer, bus)",
              {"functional", "fixed", "detailed"}},
             {"fast_forward", ParamKind::Int, "0",
              "instructions each CPU runs functionally before the timing model takes over"},
             {"timeslice", ParamKind::Time, "4ms",
              "user mode: how long a thread keeps its CPU while another runnable thread waits "
              "for it"},
             {"epoch", ParamKind::Int, "1767225600",
              "CLOCK_REALTIME in seconds at simulated time zero (1767225600 is 2026-01-01)"},
         },
         nullptr});
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
    const ComponentConfig& sim = machine.simulation;
    auto quantum = [&](const char* name, const sc_core::sc_time& otherwise) {
        if (!sim.params.has(name)) return otherwise;
        const sc_core::sc_time q = sim.params.get_time(name);
        if (q == sc_core::SC_ZERO_TIME) sim.params.fail(name, "it must be greater than 0");
        return q;
    };
    const sparc::SparcCpuConfig defaults;
    const sc_core::sc_time functional_quantum = quantum("quantum", defaults.quantum),
                           timed_quantum = quantum("timed_quantum", defaults.timed_quantum),
                           lookahead = quantum("lookahead", defaults.lookahead);

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
    sparc::TimingKind timing = sparc::TimingKind::Functional;
    for (auto kind :
         {sparc::TimingKind::Functional, sparc::TimingKind::Fixed, sparc::TimingKind::Detailed})
        if (sim.params.get_string("model") == sparc::timing_kind_name(kind)) timing = kind;
    const int64_t fast_forward = sim.params.get_int("fast_forward");
    if (fast_forward < 0)
        sim.params.fail("fast_forward", "the fast-forward count cannot be negative");
    for (auto* cpu : platform->cpus) {
        cpu->set_run_timing(timing, uint64_t(fast_forward));
        cpu->set_run_ahead(functional_quantum, timed_quantum, lookahead);
    }
    return platform;
}

} // namespace fireplane
