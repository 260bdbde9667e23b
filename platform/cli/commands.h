#pragma once
// The subcommands of the `fireplane` program.
#include "platform/profiling/collector.h"
#include "platform/session/monitor_tools.h"
#include "platform/session/sampler.h"

#include <string>
#include <vector>

namespace fireplane::cli {

struct MachineOptions {
    std::string config;                         // machine YAML
    std::vector<std::string> sets;              // --set PATH=VALUE
    std::string model;                          // --model: simulation.model
    std::string fast_forward;                   // --fast-forward: simulation.fast_forward
    std::vector<std::string> overrides() const; // sets, then the shorthands above
};

struct RunOptions {
    MachineOptions machine;
    std::vector<std::string> program;   // program path and its arguments
    std::string raw_address;            // boot --raw ADDR: the image is a raw binary placed there
    std::string kernel, initrd, append; // boot --kernel, --initrd, --append
    std::string stats_file;             // --stats FILE ("" for none)
    bool quiet = false;                 // no end-of-run summary
    std::string trace_file;             // --trace FILE: every executed instruction of cpu0
    std::string rtl_trace;              // --rtl-trace FILE: the RTL blocks' pins as VCD
    std::string rtl_trace_window;       // --rtl-trace-window FROM,TO (simulated time)
    MonitorOptions monitors;            // --busstat, --trace-sample and their files
    std::string vamap_file;             // --vamap FILE: the process's VA-to-PA page map at the end
    std::string fs_root;                // run --fs-root DIR: the program's "/" ("": the host's)
    bool clear_env = false;             // run --clear-env: the program gets none of the host's
    std::vector<std::string> env;       // run --env NAME=VALUE, in order
    uint64_t max_instructions = 0;      // --max-instructions N (all CPUs; 0: no limit)
    std::string max_time;               // --max-time T, simulated ("": no limit)
    std::string checkpoint_dir;         // --checkpoint DIR ("": none)
    std::string checkpoint_at;          // --checkpoint-at N|TIME|magic
    bool checkpoint_continue = false;   // --checkpoint-continue
    std::string restore_dir;            // run --restore DIR
    uint64_t sample_interval = 0;       // --sample N: sampled simulation (0: none)
    uint64_t sample_unit = SamplingOptions::kPerCpu;    // --sample-unit N
    uint64_t sample_warmup = SamplingOptions::kPerCpu;  // --sample-warmup N
    uint64_t sample_warming = 0;                        // --sample-warming N (0: all the interval)
    uint64_t sample_stretch = SamplingOptions::kPerCpu; // --sample-stretch N
    std::string sample_by = "instructions";             // --sample-by instructions|work
    std::string save_live_points;                       // --save-live-points DIR (with --sample)
    std::string live_points; // --live-points DIR: measure a library's units
    unsigned jobs = 1;       // --jobs N: live points measured at once
    int progress = -1;       // --progress 1, --no-progress 0, else when stderr is a terminal
    int gdb_port = -1;       // --gdb PORT: a GDB stub on 127.0.0.1 (0: a free port); -1: none
    bool gdb_wait = false;   // --gdb-wait: wait for gdb before the first instruction
    bool collect = false;    // `collect`: overflow profiling into an experiment
    bool boot = false;       // `collect --boot`: of a firmware boot (the program is the image)
    profiling::CollectOptions profile;
};

// Each returns the process exit code; configuration and load errors are thrown.
int run_program(const RunOptions& options);
// `boot`: options.program holds the firmware image; exits with its power-off code.
int boot_firmware(const RunOptions& options);
int dump_config(const MachineOptions& options);
int list_models();
// Reprints saved --busstat samples, merging every `every` intervals.
int busstat_file(const std::string& path, unsigned every);
// `collect` with no program: the counter lists.
int list_counters();

// `analyze EXP.er [COMMAND [ARG]]...`: args as given after the subcommand.
int analyze(const std::vector<std::string>& args);

// The machine used when --config is not given: configs/FILE, installed or in the source tree.
std::string default_config(const std::string& file = "uni.yaml");

} // namespace fireplane::cli
