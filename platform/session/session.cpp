#include "session.h"

#include "core/text/hex_text.h"
#include "models/cpu/sparc_cpu.h"
#include "platform/builder/host_port.h"
#include "platform/gdb/gdb_stub.h"
#include "platform/linux/linux_process.h"
#include "platform/loader/elf_image.h"

#include <chrono>
#include <fstream>
#include <iterator>
#include <stdexcept>

namespace fireplane {

int RunResult::exit_code() const {
    if (program_exited) return program_exit_code;
    if (checkpoint_written && end == RunEnd::Paused) return 0;
    if (end == RunEnd::InstructionLimit || end == RunEnd::TimeLimit || end == RunEnd::Killed)
        return kLimitExitCode;
    return 1;
}

Session::Session(SessionOptions options) : options_(std::move(options)) {
    StatsRegistry::Scope scope(stats_);
    CheckpointRegistry::Scope checkpoint_scope(checkpoints_);
    register_all_models(factory_);
    if (options_.register_models) options_.register_models(factory_);
    machine_ = load_machine(options_.config, options_.overrides, factory_);
    platform_ = build_platform(machine_, factory_, options_.name);
    summary_ = std::make_unique<RunSummary>(*platform_);
    control_ =
        std::make_unique<RunControl>(platform_->cpus, stats_, *summary_, *options_.diagnostics);
    for (auto* cpu : platform_->cpus)
        cpu->core().set_magic_handler(control_.get());
    control_->on_checkpoint([this] {
        if (checkpoint_ && checkpoint_->at == CheckpointOptions::At::Magic) limits_.pause_now();
    });
    stats_section_ = std::make_unique<StatsCheckpoint>(stats_, checkpoints_);
}

Session::~Session() = default;

void Session::attach(sc_core::sc_module& module) {
    attach_module(*platform_, module); // SystemC refuses modules once elaboration is over
}

void Session::end_elaboration() {
    if (elaborated_) return;
    elaborated_ = true;
    sc_core::sc_start(sc_core::SC_ZERO_TIME); // sockets can carry DMI requests now
}

linux_user::LinuxProcess& Session::load_program(const std::vector<std::string>& argv,
                                                std::vector<std::string> envp) {
    StatsRegistry::Scope scope(stats_);
    CheckpointRegistry::Scope checkpoint_scope(checkpoints_);
    if (process_) throw std::logic_error("Session::load_program: a program is already loaded");
    if (argv.empty()) throw std::invalid_argument("Session::load_program: no program");
    image_ = std::make_unique<loader::ElfImage>(loader::read_elf(argv.front()));
    load_process(argv, std::move(envp));
    process_->load(*image_);
    return *process_;
}

void Session::load_process(const std::vector<std::string>& argv, std::vector<std::string> envp) {
    const Location machine_file{machine_.file, 0, 0};
    if (platform_->cpus.empty())
        throw ConfigError(machine_file, "the machine has no sparc_cpu to run the program on");
    if (platform_->rams.empty())
        throw ConfigError(machine_file, "the machine has no ram for the program");

    end_elaboration();
    sparc::SparcCpu& cpu = *platform_->cpus.front();
    const NamedRange& ram = platform_->rams.front();
    const AddressRange r = ram.range;
    linux_user::PhysicalMemory memory{cpu.physical_pointer(r.base, r.size), r.base, r.size};
    if (!memory.host)
        throw ConfigError(machine_file, "RAM '" + ram.name + "' does not grant DMI to the CPU");

    const SimulationConfig& sim = platform_->simulation;
    linux_user::ProcessConfig pc;
    pc.argv = argv;
    pc.envp = std::move(envp);
    pc.stack_size = sim.stack_size;
    pc.fs_root = options_.fs_root;
    pc.max_threads = uint64_t(sim.max_threads);
    pc.seed = uint64_t(sim.seed);
    pc.epoch_seconds = uint64_t(sim.epoch);
    pc.timeslice = sim.timeslice;
    process_ = std::make_unique<linux_user::LinuxProcess>(platform_->cpus, memory, pc,
                                                          *options_.diagnostics);
}

namespace {
// One piece of a firmware image: bytes for [paddr, paddr + filesz), zeros up to memsz.
struct FirmwarePiece {
    uint64_t paddr;
    const uint8_t* data;
    uint64_t filesz, memsz;
    std::string what; // for errors: "'FILE': segment N"
};

// Moves each piece to where its range of `places` is (a ROM linked at
// another address than it sits), or throws a LoadError naming it.
void place_pieces(std::vector<FirmwarePiece>& pieces, const std::vector<NamedRange>& places,
                  const char* places_name) {
    for (FirmwarePiece& s : pieces) {
        if (s.memsz == 0) continue;
        bool inside = false;
        for (const NamedRange& r : places) {
            const uint64_t linked = r.linked_at ? r.linked_at : r.range.base;
            if (s.paddr >= linked && s.memsz <= r.range.size &&
                s.paddr - linked <= r.range.size - s.memsz) {
                s.paddr = r.range.base + (s.paddr - linked);
                inside = true;
                break;
            }
        }
        if (!inside)
            throw loader::LoadError(s.what + " at physical " + hex(s.paddr) + "-" +
                                    hex(s.paddr + s.memsz - 1) + " is outside the machine's " +
                                    places_name);
    }
}

// A file's segments, as pieces.
void add_segments(std::vector<FirmwarePiece>& pieces, const loader::ElfImage& image,
                  const std::string& what) {
    for (size_t i = 0; i < image.segments.size(); ++i) {
        const loader::ElfSegment& s = image.segments[i];
        pieces.push_back({s.paddr, image.bytes.data() + s.offset, s.filesz, s.memsz,
                          what + ": segment " + std::to_string(i)});
    }
}
} // namespace

void Session::load_firmware(const std::string& path, std::optional<uint64_t> raw_address,
                            const BootPayload& payload) {
    StatsRegistry::Scope scope(stats_);
    if (process_ || firmware_)
        throw std::logic_error("Session::load_firmware: a program is already loaded");
    const Location machine_file{machine_.file, 0, 0};
    if (payload.kernel.empty() && !payload.initrd.empty())
        throw loader::LoadError("--initrd needs --kernel");
    if (payload.kernel.empty() && !payload.command_line.empty())
        throw loader::LoadError("--append needs --kernel");
    if (!payload.kernel.empty() && platform_->firmware_configs.empty())
        throw ConfigError(machine_file, "the machine has no fw_cfg to tell the firmware where "
                                        "--kernel's kernel is (see configs/sun4u.yaml)");

    std::vector<FirmwarePiece> pieces;
    if (raw_address) {
        raw_image_ = loader::read_bytes(path, "the image");
        pieces.push_back({*raw_address, raw_image_.data(), raw_image_.size(), raw_image_.size(),
                          "'" + path + "': the image"});
    } else {
        image_ = std::make_unique<loader::ElfImage>(loader::read_elf(path));
        add_segments(pieces, *image_, "'" + path + "'");
    }
    if (platform_->cpus.empty())
        throw ConfigError(machine_file, "the machine has no sparc_cpu to run the firmware on");
    if (!platform_->host)
        throw ConfigError(machine_file, "the machine has no system bus to load firmware through");
    if (platform_->roms.empty())
        throw ConfigError(machine_file, "the machine has no boot_rom to boot from");
    // Where an image may go: a boot ROM (at the address it is linked for) or RAM.
    std::vector<NamedRange> places = platform_->roms;
    places.insert(places.end(), platform_->rams.begin(), platform_->rams.end());
    place_pieces(pieces, places, "boot ROM and RAM");

    // The kernel and initrd go to RAM only, where the firmware expects them.
    std::vector<FirmwarePiece> linux_pieces;
    if (!payload.kernel.empty()) {
        linux_ = std::make_unique<loader::LinuxBoot>(
            loader::read_linux_boot(payload.kernel, payload.initrd));
        add_segments(linux_pieces, linux_->kernel, "the kernel '" + payload.kernel + "'");
        if (!linux_->initrd.empty() && !linux_->header_found)
            *options_.diagnostics << "fireplane: warning: the kernel '" << payload.kernel
                                  << "' has no HdrS header in its first pages: it will not find "
                                     "the initrd\n";
        if (!linux_->initrd.empty())
            linux_pieces.push_back({linux_->initrd_address, linux_->initrd.data(),
                                    linux_->initrd.size(), linux_->initrd.size(),
                                    "the initrd '" + payload.initrd + "'"});
        place_pieces(linux_pieces, platform_->rams, "RAM");
        for (FirmwareConfig* fc : platform_->firmware_configs) {
            fc->set_kernel(linux_->entry, linux_->kernel_size);
            fc->set_initrd(linux_->initrd_address, linux_->initrd.size());
            fc->set_command_line(payload.command_line);
        }
    }
    pieces.insert(pieces.end(), linux_pieces.begin(), linux_pieces.end());

    end_elaboration();
    for (const FirmwarePiece& s : pieces) {
        const std::vector<uint8_t> zeros(s.memsz - s.filesz);
        if (!platform_->host->write(s.paddr, s.data, s.filesz) ||
            !platform_->host->write(s.paddr + s.filesz, zeros.data(), zeros.size()))
            throw loader::LoadError(s.what + " at " + hex(s.paddr) +
                                    " could not be written (debug transport)");
    }
    connect_power_switches();
    for (auto* cpu : platform_->cpus)
        cpu->power_on_reset();
    firmware_ = true;
}

// Power-off halts every CPU at once: none runs past the store.
void Session::connect_power_switches() {
    for (PowerSwitch* p : platform_->power_switches) {
        p->on_poweroff([this](int code) {
            powered_off_ = true;
            poweroff_code_ = code;
            for (auto* cpu : platform_->cpus)
                cpu->core().halt(code);
        });
        p->on_reset([this] {
            for (auto* cpu : platform_->cpus)
                cpu->request_reset();
        });
    }
}

void Session::trace_instructions(std::ostream& out) {
    if (platform_->cpus.empty()) throw std::invalid_argument("the machine has no CPU to trace");
    platform_->cpus.front()->core().set_trace(&out);
}

void Session::set_stats_dump_file(std::string path) {
    control_->set_stats_file(std::move(path));
}

void Session::sample_monitors(const MonitorOptions& options) {
    StatsRegistry::Scope scope(stats_);
    if (monitors_) throw std::logic_error("Session::sample_monitors: called twice");
    monitors_ = std::make_unique<MonitorTools>(*platform_, options, *options_.diagnostics);
    monitors_->start();
}

profiling::Collector& Session::collect(const profiling::CollectOptions& options,
                                       profiling::RunDescription run) {
    StatsRegistry::Scope scope(stats_);
    if (!process_ && !firmware_)
        throw std::logic_error("Session::collect: load a program or firmware first");
    if (collector_) throw std::logic_error("Session::collect: called twice");
    // Firmware mode profiles privileged code by the kernel's symbols (or the
    // firmware's, without a kernel).
    const loader::ElfImage* symbols = linux_ ? &linux_->kernel : image_.get();
    if (!symbols)
        throw std::invalid_argument("collect: a raw firmware image has no symbols to profile by");
    profiling::CollectOptions o = options;
    if (firmware_) o.system = true;
    collector_ = std::make_unique<profiling::Collector>(o, platform_->cpus, process_.get(),
                                                        *symbols, std::move(run));
    collector_->start();
    return *collector_;
}

gdb::GdbStub& Session::debug_with_gdb(const gdb::GdbOptions& options) {
    if (!process_ && !firmware_)
        throw std::logic_error("Session::debug_with_gdb: load a program or firmware first");
    if (debugger_) throw std::logic_error("Session::debug_with_gdb: called twice");
    debugger_ = std::make_unique<gdb::GdbStub>(*platform_, process_.get(), stats_, options,
                                               *options_.diagnostics);
    return *debugger_;
}

namespace {
// How a run's end looks to gdb: the exit code, or a signal for a run that
// stopped before the software ended (SIGXCPU for a limit).
gdb::StopReason end_for_debugger(const RunResult& result) {
    gdb::StopReason end;
    if (result.program_exited) {
        end.kind = gdb::StopReason::Kind::Exited;
        end.exit_code = result.program_exit_code;
    } else {
        end.kind = gdb::StopReason::Kind::Terminated;
        end.signal =
            result.exit_code() == RunResult::kLimitExitCode ? gdb::kSigXcpu : gdb::kSigKill;
    }
    return end;
}
} // namespace

RunResult Session::run(const RunLimitsOptions& limits,
                       const std::function<void()>& between_slices) {
    StatsRegistry::Scope scope(stats_);
    end_elaboration();
    if (limits.instructions) limits_.instructions_left = limits.instructions;
    limits_.end = limits.time;
    for (auto* cpu : platform_->cpus)
        cpu->set_limits(&limits_);

    RunResult result;
    const auto start = std::chrono::steady_clock::now();
    summary_->start_clock();
    if (debugger_) debugger_->start(); // with --gdb-wait, gdb first
    if (!debugger_ || !debugger_->killed()) do
            result.end = simulate(limits_, [&] {
                if (debugger_) debugger_->between_slices();
                if (between_slices) between_slices();
            });
        while (result.end == RunEnd::Paused && (sampler_ ? sampling_pause() : checkpoint_pause()));
    if (live_points_) live_points_->finish();
    result.checkpoint_written = checkpoint_written_;
    if (debugger_ && debugger_->killed()) result.end = RunEnd::Killed;
    result.host_seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    summary_->set_host_seconds(result.host_seconds);
    if (process_) {
        result.program_exited = process_->exited();
        result.program_exit_code = process_->exit_code();
    }
    if (firmware_ && powered_off_) {
        result.program_exited = result.powered_off = true;
        result.program_exit_code = poweroff_code_;
    }
    if (debugger_) debugger_->finish(end_for_debugger(result));
    if (monitors_) monitors_->finish();
    if (collector_) collector_->finish(result.exit_code());
    return result;
}

} // namespace fireplane
