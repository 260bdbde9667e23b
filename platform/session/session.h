#pragma once
// One simulated machine as a library object: built from a machine file and
// overrides, a program loaded, host tools attached, run, statistics read.
// `fireplane run` is flags over it; a user's own sc_main uses it the same way
// (examples/embed/). The order of calls follows SystemC's phases: build and
// attach modules (elaboration), load a program (ends elaboration), attach
// tools, run.
//
// Each Session keeps its statistics in its own registry. Two named Sessions
// can be built side by side in one design; SystemC has one kernel per
// process, so they then run together, and the first program to exit ends the
// simulation for both.
#include "core/checkpoint/checkpoint_file.h"
#include "core/checkpoint/checkpointable.h"
#include "core/config/machine_config.h"
#include "core/factory/model_factory.h"
#include "core/stats/stats.h"
#include "core/stats/stats_checkpoint.h"
#include "live_points.h"
#include "monitor_tools.h"
#include "platform/builder/platform_builder.h"
#include "platform/loader/linux_boot.h"
#include "platform/profiling/collector.h"
#include "run_control.h"
#include "run_summary.h"
#include "sampler.h"
#include "simulation_loop.h"

#include <systemc>

#include <cstdint>
#include <functional>
#include <iostream>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace fireplane {

namespace linux_user {
class LinuxProcess;
}
namespace loader {
struct ElfImage;
}
namespace gdb {
class GdbStub;
struct GdbOptions;
} // namespace gdb

struct SessionOptions {
    std::string config;                 // the machine file (YAML)
    std::vector<std::string> overrides; // "path=value", applied in order (as --set)
    // The user's own model types, registered beside the platform's so the
    // machine file can name them.
    std::function<void(ModelFactory&)> register_models;
    // With a name, the machine's modules are created inside a module of that
    // name (its statistics are then "NAME.cpu0...."); empty: at the top.
    std::string name;
    std::ostream* diagnostics = &std::cerr; // the guest's stderr is its own
    // User mode: the folder the program's file system calls are confined to,
    // as after chroot(2) (platform/linux/guest_file_system.h); empty: the host's files.
    std::string fs_root;
};

// Where a run pauses to write a checkpoint (docs/checkpoints.md).
struct CheckpointOptions {
    std::string dir;
    enum class At { Instructions, Time, Magic } at = At::Instructions;
    uint64_t instructions = 0;   // At::Instructions: after this many (all CPUs), in this run
    sc_core::sc_time time;       // At::Time: at this simulated time
    bool continue_after = false; // the run goes on (else it ends once the checkpoint is written)
};

// Where a run ends besides the program's exit.
struct RunLimitsOptions {
    uint64_t instructions = 0;                      // all CPUs together; 0: none
    sc_core::sc_time time = sc_core::sc_max_time(); // simulated
};

struct RunResult {
    RunEnd end = RunEnd::Idle;
    // The program exited, or the firmware powered the machine off (its exit code).
    bool program_exited = false;
    int program_exit_code = 0;
    bool powered_off = false; // firmware: the power_control's poweroff ended the run
    // A checkpoint was written (and the run ended there, unless it went on).
    bool checkpoint_written = false;
    double host_seconds = 0;
    // As `fireplane run` exits: the program's code; 124 (timeout(1)'s) when a
    // limit stopped it or a debugger killed it; 1 when the simulation ended
    // before it did.
    int exit_code() const;
    static constexpr int kLimitExitCode = 124;
};

class Session {
public:
    // Throws ConfigError (with file:line:column) for a bad machine file.
    explicit Session(SessionOptions options);
    ~Session();
    Session(const Session&) = delete;
    Session& operator=(const Session&) = delete;

    const MachineConfig& machine() const { return machine_; }
    Platform& platform() { return *platform_; }
    const SimulationConfig& simulation() const { return platform_->simulation; }
    StatsRegistry& stats() { return stats_; }
    const RunSummary& summary() const { return *summary_; }

    // A module of the user's, wired by the roles it plays (models/common/roles.h)
    // as a component of the machine file would be: a BusTarget is mapped on
    // the smallest window that holds its range, and so on. Before load_program.
    void attach(sc_core::sc_module& module);

    // Loads a static sparc64 Linux program (argv[0] is its path) on the
    // machine's CPUs and RAM. Ends elaboration. Throws ConfigError when the
    // machine cannot run programs, and loader errors for a bad ELF.
    linux_user::LinuxProcess& load_program(const std::vector<std::string>& argv,
                                           std::vector<std::string> envp);
    linux_user::LinuxProcess* process() { return process_.get(); }

    // Firmware mode: places an ELF by its segments' physical addresses
    // (p_paddr), or a raw binary at `raw_address`, into the boot ROM and RAM
    // through debug transport, then every CPU takes the power-on reset. A
    // power_control's poweroff ends the run with its exit code. Ends
    // elaboration. Throws ConfigError when the machine cannot boot, loader
    // errors for a bad ELF or an image outside the ROM and RAM.
    //
    // With `payload.kernel`, a Linux kernel (and initrd) goes into RAM too,
    // as QEMU's sun4u board places them, and the machine's fw_cfg tells the
    // firmware where they are and the command line (loader/linux_boot.h).
    struct BootPayload {
        std::string kernel;       // ELF; "" for none
        std::string initrd;       // "" for none (needs a kernel)
        std::string command_line; // "" for none (needs a kernel)
    };
    void load_firmware(const std::string& path, std::optional<uint64_t> raw_address = {},
                       const BootPayload& payload = {});
    bool firmware_loaded() const { return firmware_; }

    // ---- checkpoints (session_checkpoint.cpp, docs/checkpoints.md) ----
    // Instead of load_program/load_firmware: the machine as a checkpoint
    // saved it. Throws CheckpointError (a checkpoint that is missing, damaged,
    // of a newer format, or made on another machine), ConfigError when the
    // machine cannot run what it holds. Ends elaboration; SystemC time is
    // then the checkpoint's.
    void restore(const std::string& dir);
    // Before run(): where the run pauses to save the machine to options.dir.
    // The checkpoint is taken at the first point from there at which every
    // model can be saved (no instruction waiting for its caches, no thread
    // inside a timed wait).
    void checkpoint_at(const CheckpointOptions& options);
    // Saves the machine now: before or after run(), or from a pause.
    // Throws CheckpointError when a model cannot be saved now.
    void write_checkpoint(const std::string& dir);
    // The hash of what a checkpoint must match to be restored here: the
    // components and their types, the memory map. Caches, clocks and timing
    // parameters may differ.
    std::string machine_hash() const;
    // Why the machine cannot be saved now, or ""; with `optional`, why its
    // timing state (caches, pipelines, bus) cannot be saved warm now.
    std::string not_quiescent(bool optional = false) const;
    CheckpointRegistry& checkpoint_sections() { return checkpoints_; }

    // ---- sampled simulation (sampler.h, docs/sampling.md) ----
    // Once the program, firmware or checkpoint is loaded, before run(): the
    // run's timed model measures units, and every CPU warms in between.
    // Throws std::invalid_argument for options that cannot work, with a
    // functional model, with fast-forward, or with a checkpoint to take.
    void sample(const SamplingOptions& options);
    const Sampler* sampler() const { return sampler_.get(); }
    // With sample(), before run(): each unit's start is saved in `dir` as a
    // live point (live_points.h): the machine warm, and the memory the unit touches.
    void save_live_points(const std::string& dir);
    // Instead of loading anything: measures every unit of the live points in
    // `dir` in this machine's timed model, in `jobs` child processes at a
    // time, and keeps the estimates as a sampled run does (sampler()).
    // Throws CheckpointError for a library that does not fit this machine.
    struct LivePointRun {
        size_t points = 0;
        std::vector<std::string> unusable; // a point, and why its unit is left out
        std::string notes;                 // what restoring said (cold sections)
        size_t processes = 0;              // forked to measure them
        std::vector<std::string> unparked; // a point after which parking failed, and why
        double host_seconds = 0;
    };
    LivePointRun run_live_points(const std::string& dir, unsigned jobs = 1);

    // ---- tools, once the program is loaded ----
    void trace_instructions(std::ostream& out);          // every instruction cpu0 executes
    void set_stats_dump_file(std::string path);          // where magic dumps go: PATH.dumpN.json
    void sample_monitors(const MonitorOptions& options); // busstat, trace sampling
    // In firmware mode the profile is of privileged code (the kernel's, by
    // its symbols with --kernel). Throws std::invalid_argument for a raw image.
    profiling::Collector& collect(const profiling::CollectOptions& options,
                                  profiling::RunDescription run);
    const profiling::Collector* collector() const { return collector_.get(); }
    bool region_of_interest_used() const { return control_->region_of_interest_used(); }
    // A GDB stub on a loopback TCP port (platform/gdb/gdb_stub.h): gdb can
    // connect while run() runs, or before its first instruction with
    // options.wait. Throws std::invalid_argument when the port cannot be opened.
    gdb::GdbStub& debug_with_gdb(const gdb::GdbOptions& options);
    gdb::GdbStub* debugger() { return debugger_.get(); }

    // Runs to the program's exit or a limit, then finishes the tools (the
    // monitors' last samples, the collector's experiment). `between_slices`
    // runs every slice of simulated time (a progress line).
    RunResult run(const RunLimitsOptions& limits = {},
                  const std::function<void()>& between_slices = {});

private:
    void end_elaboration();
    // The user-mode OS layer on the machine's CPUs and first RAM, nothing loaded yet.
    void load_process(const std::vector<std::string>& argv, std::vector<std::string> envp);
    void connect_power_switches(); // firmware: power-off and reset reach every CPU

    SessionOptions options_;
    StatsRegistry stats_;
    CheckpointRegistry checkpoints_; // before the models, which register with it
    ModelFactory factory_;
    MachineConfig machine_;
    std::unique_ptr<Platform> platform_;
    std::unique_ptr<RunSummary> summary_;
    std::unique_ptr<RunControl> control_;
    std::unique_ptr<loader::ElfImage> image_;
    std::vector<uint8_t> raw_image_;           // a raw firmware image
    std::unique_ptr<loader::LinuxBoot> linux_; // boot --kernel's
    std::unique_ptr<linux_user::LinuxProcess> process_;
    std::unique_ptr<MonitorTools> monitors_;
    std::unique_ptr<profiling::Collector> collector_;
    std::unique_ptr<gdb::GdbStub> debugger_; // last: it leaves the CPUs first
    sparc::RunLimits limits_;
    std::optional<CheckpointOptions> checkpoint_; // checkpoint_at's, until written
    bool checkpoint_written_ = false;
    int checkpoint_attempts_ = 0;
    // Returns whether the run goes on after a pause (a checkpoint written or retried).
    bool checkpoint_pause();
    std::unique_ptr<Sampler> sampler_;
    std::unique_ptr<LivePointWriter> live_points_;
    // In a child process: restores the live points [first, end) one after
    // another into this machine, measures each unit, writes a record for each
    // to `fd`, and exits; early, before a point that cannot be restored into
    // a machine that has run (park_for_restore, CheckpointReader::restores_whole).
    // The guest's standard streams are of the kinds `streams` names, as the
    // saving run's were, and go nowhere.
    [[noreturn]] void measure_live_points(const std::vector<CheckpointReader>& points, size_t first,
                                          size_t end, const std::vector<std::string>& streams,
                                          int fd);
    // After a unit: the machine made ready to restore a checkpoint of time
    // `next`, as a machine just built is (quiescent, every CPU asleep, no
    // event scheduled). Returns "" or why it cannot be.
    std::string park_for_restore(const sc_core::sc_time& next);
    // Why the machine cannot be saved whole (required state, then timing state) now, or "".
    std::string quiescence() const;
    // SystemC time goes on, one pending activity at a time, until ready()
    // says "" or the next step would pass `limit`; returns its last answer.
    std::string run_until(const std::function<std::string()>& ready, const sc_core::sc_time& limit);
    CheckpointInfo checkpoint_info() const;
    // Session::restore's halves: the machine ready for a checkpoint of this
    // kind, then the checkpoint's state (at its time) into it.
    void begin_restore(const std::string& mode, const std::vector<std::string>& argv,
                       const std::string& dir);
    void finish_restore(const CheckpointReader& reader, std::ostream& notes,
                        SectionBuffers* buffers = nullptr);
    // The sampler for the run's timed model (refused for a functional one);
    // `what` names the feature in the message.
    void make_sampler(const SamplingOptions& options, const char* what);
    // The sampler's next phase begins; returns true: the run goes on.
    bool sampling_pause();
    std::unique_ptr<StatsCheckpoint> stats_section_;
    bool elaborated_ = false;
    bool firmware_ = false;
    bool powered_off_ = false;
    int poweroff_code_ = 0;
};

} // namespace fireplane
