// `fireplane run`: build the machine, load the program, simulate, report.
#include "commands.h"
#include "core/config/units.h"
#include "core/stats/stats.h"
#include "models/cpu/sparc_cpu.h"
#include "monitor_tools.h"
#include "platform/builder/platform_builder.h"
#include "platform/linux/linux_process.h"
#include "platform/loader/elf_image.h"
#include "platform/profiling/collector.h"
#include "progress_line.h"
#include "run_control.h"
#include "run_summary.h"
#include "simulation_loop.h"

#include <chrono>
#include <climits>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iostream>
#include <optional>
#include <stdexcept>
#include <unistd.h>

extern char** environ;

namespace fireplane::cli {

namespace {

std::vector<std::string> host_environment() {
    std::vector<std::string> env;
    for (char** e = environ; e && *e; ++e)
        if (std::strncmp(*e, "SYSTEMC_", 8) != 0) env.emplace_back(*e); // ours, not the guest's
    return env;
}

std::string absolute(const std::string& path) {
    if (path.empty() || path[0] == '/') return path;
    char cwd[PATH_MAX];
    return ::getcwd(cwd, sizeof cwd) ? std::string(cwd) + "/" + path : path;
}

// Where the run ends, from --max-instructions and --max-time.
sparc::RunLimits run_limits(const RunOptions& options) {
    sparc::RunLimits limits;
    if (options.max_instructions) limits.instructions_left = options.max_instructions;
    if (!options.max_time.empty())
        limits.end = sc_core::sc_time::from_value(units::parse_time_ps(options.max_time));
    return limits;
}

// The exit code of a run that a limit ended: as timeout(1)'s.
constexpr int kLimitExitCode = 124;

} // namespace

int run_program(const RunOptions& options) {
    ModelFactory factory;
    register_all_models(factory);
    MachineConfig machine =
        load_machine(options.machine.config, options.machine.overrides(), factory);
    loader::ElfImage image = loader::read_elf(options.program.front());
    std::ofstream stats_out;
    if (!options.stats_file.empty()) { // opened now: a bad path should not cost a whole run
        stats_out.open(absolute(options.stats_file));
        if (!stats_out)
            throw std::invalid_argument("cannot write statistics to '" + options.stats_file + "'");
    }

    std::unique_ptr<Platform> platform = build_platform(machine, factory);
    if (platform->cpus.empty())
        throw ConfigError(Location{machine.file, 0, 0},
                          "the machine has no sparc_cpu to run the program on");
    if (platform->rams.empty())
        throw ConfigError(Location{machine.file, 0, 0}, "the machine has no ram for the program");

    sc_core::sc_start(
        sc_core::SC_ZERO_TIME); // ends elaboration: sockets can carry DMI requests now
    sparc::SparcCpu& cpu = *platform->cpus.front();
    const NamedRange& ram = platform->rams.front();
    const AddressRange r = ram.range;
    linux_user::PhysicalMemory memory{cpu.physical_pointer(r.base, r.size), r.base, r.size};
    if (!memory.host)
        throw ConfigError(Location{machine.file, 0, 0},
                          "RAM '" + ram.name + "' does not grant DMI to the CPU");

    const SimulationConfig& sim = platform->simulation;
    linux_user::ProcessConfig pc;
    pc.argv = options.program;
    pc.envp = host_environment();
    pc.stack_size = sim.stack_size;
    pc.seed = uint64_t(sim.seed);
    pc.epoch_seconds = uint64_t(sim.epoch);
    pc.timeslice = sim.timeslice;
    linux_user::LinuxProcess process(platform->cpus, memory, pc, std::cerr);
    process.load(image);

    std::ofstream trace;
    if (!options.trace_file.empty()) {
        trace.open(options.trace_file);
        if (!trace)
            throw std::invalid_argument("cannot write the trace to '" + options.trace_file + "'");
        cpu.core().set_trace(&trace);
    }

    RunControl control(platform->cpus,
                       options.stats_file.empty() ? "" : absolute(options.stats_file), std::cerr);
    for (auto* c : platform->cpus)
        c->core().set_magic_handler(&control);

    MonitorTools monitor_tools(*platform, options);
    monitor_tools.start();
    std::unique_ptr<profiling::Collector> collector;
    if (options.collect) {
        profiling::RunDescription run{options.program, options.machine.config,
                                      sparc::timing_kind_name(sim.model)};
        collector = std::make_unique<profiling::Collector>(options.profile, platform->cpus, process,
                                                           image, run);
        collector->start();
    }

    sparc::RunLimits limits = run_limits(options);
    for (auto* c : platform->cpus)
        c->set_limits(&limits);
    RunSummary summary(*platform);
    const bool terminal = ::isatty(STDERR_FILENO);
    std::optional<ProgressLine> progress;
    if (options.progress == 1 || (options.progress < 0 && terminal))
        progress.emplace(summary, std::cerr, terminal);
    const auto start = std::chrono::steady_clock::now();
    const RunEnd end = simulate(limits, progress ? &*progress : nullptr);
    if (progress) progress->finish();
    monitor_tools.finish();
    if (!options.vamap_file.empty()) {
        std::ofstream vamap(options.vamap_file);
        process.memory().write_page_map(vamap);
        if (!vamap)
            std::fprintf(stderr, "fireplane: error: cannot write the page map to '%s'\n",
                         options.vamap_file.c_str());
    }
    summary.set_host_seconds(
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());

    int code = process.exit_code();
    if (!process.exited() && (end == RunEnd::InstructionLimit || end == RunEnd::TimeLimit)) {
        const std::string why =
            end == RunEnd::InstructionLimit
                ? std::to_string(options.max_instructions) + " instructions (--max-instructions)"
                : options.max_time + " of simulated time (--max-time)";
        std::fprintf(stderr, "fireplane: stopped after %s; the program had not exited\n",
                     why.c_str());
        code = kLimitExitCode;
    } else if (!process.exited()) {
        std::fprintf(
            stderr,
            "fireplane: error: the simulation stopped before the program exited (pc 0x%llx)\n",
            static_cast<unsigned long long>(cpu.core().pc));
        code = 1;
    }
    if (stats_out.is_open()) {
        StatsRegistry::current().write_json(stats_out);
        stats_out.close();
        if (!stats_out)
            std::fprintf(stderr, "fireplane: error: cannot write statistics to '%s'\n",
                         options.stats_file.c_str());
    }
    if (!options.quiet) summary.print(std::cerr, code, control.region_of_interest_used());
    if (collector) {
        collector->finish(code);
        if (!options.quiet)
            std::fprintf(stderr, "fireplane collect: %zu packets in experiment %s\n",
                         collector->packets(), collector->folder().c_str());
    }
    return code;
}

} // namespace fireplane::cli
