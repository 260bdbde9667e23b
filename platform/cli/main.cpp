// fireplane: the simulator's command line. Subcommands: run, boot, dump-config, list-models, ...
#include "commands.h"
#include "core/checkpoint/checkpoint_error.h"
#include "core/config/location.h"
#include "core/config/units.h"
#include "core/log/log.h"
#include "platform/loader/elf_image.h"
#include "version.h"

#include <CLI/CLI.hpp>
#include <systemc>

#include <cstdio>
#include <cstdlib>
#include <exception>

namespace {

constexpr int kUsageOrInputError = 2;

// SystemC prints its banner before sc_main runs; the guest's output must stay its own.
const bool kBannerOff = ::setenv("SYSTEMC_DISABLE_COPYRIGHT_MESSAGE", "1", 1) == 0;

// A simulated time with its unit, as in the machine files ("10ms").
std::string check_time(const std::string& text) {
    try {
        if (fireplane::units::parse_time_ps(text) == 0) return "the time must be greater than 0";
        return "";
    } catch (const std::invalid_argument& e) {
        return e.what();
    }
}

// A count of at least 1, in decimal.
std::string check_count(const std::string& text) {
    const bool digits = !text.empty() && text.find_first_not_of("0123456789") == std::string::npos;
    if (!digits || text.find_first_not_of('0') == std::string::npos || text.size() > 19)
        return "expected a whole number from 1 to 10^19 - 1, got '" + text + "'";
    return "";
}

// Where --checkpoint-at pauses: a count of instructions, a time with its unit, or "magic".
std::string check_checkpoint_at(const std::string& text) {
    if (text == "magic") return "";
    if (check_count(text).empty()) return "";
    if (check_time(text).empty()) return "";
    return "expected a number of instructions, a simulated time (5ms) or 'magic', got '" + text +
           "'";
}

// run --restore and boot --restore.
CLI::Option* add_restore_option(CLI::App& cmd, fireplane::cli::RunOptions& run) {
    return cmd.add_option(
        "--restore", run.restore_dir,
        "go on from a checkpoint (its software and memory; this run's machine file, model and "
        "--set, which may change caches and timing but not CPUs, memories or devices)");
}

// Sampled simulation: run and boot.
void add_sampling_options(CLI::App& cmd, fireplane::cli::RunOptions& run) {
    auto* sample = cmd.add_option("--sample", run.sample_interval,
                                  "sampled simulation: measure a unit of the timed model every N "
                                  "instructions (all CPUs), warming caches and predictor between "
                                  "(docs/sampling.md)")
                       ->check(CLI::Validator(check_count, "N"));
    cmd.add_option("--sample-unit", run.sample_unit,
                   "instructions each unit measures, all CPUs together (default 1000 a CPU)")
        ->check(CLI::Validator(check_count, "N"))
        ->needs(sample);
    cmd.add_option("--sample-warmup", run.sample_warmup,
                   "timed instructions before each unit, not measured (default 2000 a CPU)")
        ->check(CLI::Range(uint64_t(0), uint64_t(1) << 62))
        ->needs(sample);
    cmd.add_option("--sample-warming", run.sample_warming,
                   "warm caches and predictor only for N instructions before each unit's "
                   "warm-up, and run the rest functionally (default: warm all the interval)")
        ->check(CLI::Validator(check_count, "N"))
        ->needs(sample);
    cmd.add_option("--sample-stretch", run.sample_stretch,
                   "on several CPUs with the detailed model: run contention (an atomic whose "
                   "line is in another cache) in the timed model, N instructions at a time while "
                   "atomics go on; 0: never (default: 4000 a CPU)")
        ->check(CLI::Range(uint64_t(0), uint64_t(1) << 62))
        ->needs(sample);
    cmd.add_option("--sample-by", run.sample_by,
                   "what the interval, warm-up and unit count: instructions, or work (the "
                   "instructions not spent spinning: on several CPUs, units then fall where the "
                   "full run's would however long warming makes threads spin)")
        ->check(CLI::IsMember({"instructions", "work"}))
        ->needs(sample);
    cmd.add_option("--save-live-points", run.save_live_points,
                   "save each unit's start in this folder as a live point: the machine with its "
                   "warm caches and predictor, and the memory the unit touches")
        ->needs(sample);
    auto* live = cmd.add_option("--live-points", run.live_points,
                                "measure the units of live points saved by --save-live-points, "
                                "without the instructions between them, under this run's "
                                "--config, --model and --set")
                     ->excludes(sample);
    cmd.add_option("--jobs", run.jobs,
                   "processes measuring live points side by side, each a run of consecutive "
                   "points (default 1)")
        ->check(CLI::Range(1u, 256u))
        ->needs(live);
}

// How a run ends and what it shows while it goes: run and collect alike.
void add_run_control_options(CLI::App& cmd, fireplane::cli::RunOptions& run) {
    cmd.add_option("--max-instructions", run.max_instructions,
                   "stop after N instructions, all CPUs together (exit code 124)")
        ->check(CLI::Validator(check_count, "N"));
    cmd.add_option("--max-time", run.max_time,
                   "stop at this simulated time, e.g. 10ms (exit code 124)")
        ->check(CLI::Validator(check_time, "TIME"));
    auto* checkpoint = cmd.add_option("--checkpoint", run.checkpoint_dir,
                                      "save the machine to this folder (see --checkpoint-at)");
    cmd.add_option("--checkpoint-at", run.checkpoint_at,
                   "where: after N instructions (all CPUs), at a simulated time (5ms), or at the "
                   "program's FIREPLANE_CHECKPOINT() (magic); then the run ends (exit code 0)")
        ->check(CLI::Validator(check_checkpoint_at, "N|TIME|magic"))
        ->needs(checkpoint);
    cmd.add_flag("--checkpoint-continue", run.checkpoint_continue,
                 "go on running once the checkpoint is written")
        ->needs(checkpoint);
    cmd.add_flag_callback(
           "--progress", [&run] { run.progress = 1; },
           "a progress line on stderr every few seconds (default: when stderr is a terminal)")
        ->disable_flag_override();
    cmd.add_flag_callback(
           "--no-progress", [&run] { run.progress = 0; }, "no progress line")
        ->disable_flag_override();
}

// What run and boot both write: statistics, the summary, the timing model,
// the instruction trace and the Fire Link monitors' samples.
void add_output_options(CLI::App& cmd, fireplane::cli::RunOptions& run) {
    cmd.add_option("--stats", run.stats_file, "write every statistic to FILE as JSON");
    cmd.add_flag("-q,--quiet", run.quiet, "no end-of-run summary on stderr");
    cmd.add_option("--model", run.machine.model,
                   "timing model: functional, fixed or detailed (simulation.model)");
    cmd.add_option("--trace", run.trace_file,
                   "write every instruction the first CPU executes to FILE");
    cmd.add_option("--busstat", run.monitors.busstat,
                   "sample the Fire Link monitors' counters: EVENT,EVENT,... (busstat(1M) "
                   "names, e.g. sfi_hstgrm_all_trans,sfi_hstgrm_cohrnt)")
        ->delimiter(',');
    cmd.add_option("--interval", run.monitors.busstat_interval,
                   "simulated time between two --busstat samples (default 100us)");
    cmd.add_option("--busstat-out", run.monitors.busstat_file,
                   "write the --busstat samples to FILE instead of stderr");
    cmd.add_option("--trace-sample", run.monitors.trace_sample,
                   "sample the first monitor's transaction sequence buffer for these events "
                   "(busstat names or types: WB, RTS,RTSA, ...)")
        ->delimiter(',');
    cmd.add_option("--trace-interval", run.monitors.trace_interval,
                   "simulated time between two reads of the sequence buffer (default 10us)");
    cmd.add_option("--trace-out", run.monitors.sampled_trace_file,
                   "write the sampled trace to FILE (CSV)");
    cmd.add_option("--trace-full", run.monitors.full_trace_file,
                   "also write every matching transaction to FILE (CSV): the whole truth");
    cmd.add_option("--rtl-trace", run.rtl_trace,
                   "write the RTL blocks' pins to FILE as a VCD waveform (docs/cosim.md)");
    cmd.add_option("--rtl-trace-window", run.rtl_trace_window,
                   "only this stretch of simulated time in --rtl-trace: FROM,TO (e.g. 10us,20us)");
}

// The GDB stub: run and boot alike.
void add_gdb_options(CLI::App& cmd, fireplane::cli::RunOptions& run) {
    CLI::Option* port =
        cmd.add_option("--gdb", run.gdb_port,
                       "serve gdb's remote protocol on 127.0.0.1:PORT (0: a free port, printed); "
                       "gdb-multiarch: target remote :PORT")
            ->check(CLI::Range(0, 65535));
    cmd.add_flag("--gdb-wait", run.gdb_wait,
                 "stop before the first instruction until gdb connects (with --gdb)")
        ->needs(port);
}

// What firmware boots besides itself, as QEMU's -kernel, -initrd and -append: boot and collect
// --boot.
void add_boot_payload_options(CLI::App& cmd, fireplane::cli::RunOptions& run) {
    cmd.add_option("--kernel", run.kernel,
                   "a Linux kernel (ELF) for the firmware to boot, handed over through fw_cfg "
                   "as QEMU's -kernel");
    cmd.add_option("--initrd", run.initrd, "an initial RAM disk, above the kernel");
    cmd.add_option("--append", run.append, "the kernel's command line");
}

void add_machine_options(CLI::App& cmd, fireplane::cli::MachineOptions& m,
                         const char* default_file = "uni.yaml") {
    cmd.add_option("-c,--config", m.config, "machine description (YAML)")
        ->default_val(fireplane::cli::default_config(default_file));
    cmd.add_option("-s,--set", m.sets, "override a parameter: 'cpu*.clock=1.2GHz' (repeatable)")
        ->allow_extra_args(false); // one value each: boot's image may follow
}

} // namespace

int sc_main(int argc, char* argv[]) {
    using namespace fireplane;
    (void)kBannerOff;
    log::install_report_handler();
    sc_core::sc_report_handler::set_actions("/IEEE_Std_1666/deprecated", sc_core::SC_DO_NOTHING);

    CLI::App app{
        "Fireplane: a SystemC/TLM-2.0 virtual platform of a Sun Fire V1280 (UltraSPARC IIICu SMP)"};
    app.require_subcommand(1);
    app.set_version_flag("--version", cli::version_text(), "print the version and exit");
    std::vector<std::string> log_levels;
    app.add_option("--log", log_levels,
                   "verbosity per module: 'MODULE=LEVEL' (none..debug), globs allowed")
        ->expected(1);

    cli::RunOptions run;
    CLI::App* run_cmd = app.add_subcommand(
        "run", "run a static sparc64 Linux program: run [options] -- prog args...");
    add_machine_options(*run_cmd, run.machine);
    add_run_control_options(*run_cmd, run);
    add_output_options(*run_cmd, run);
    run_cmd->add_option("--fast-forward", run.machine.fast_forward,
                        "run N instructions functionally first (simulation.fast_forward)");
    run_cmd->add_option("--log", log_levels, "verbosity per module: 'MODULE=LEVEL'")->expected(1);
    run_cmd->add_option(
        "--vamap", run.vamap_file,
        "write the program's virtual-to-physical page map to FILE at the end (CSV)");
    run_cmd->add_option("--fs-root", run.fs_root,
                        "confine the program's file system calls to DIR, as chroot(2) would: "
                        "'/', '..' and symbolic links lead no further than DIR");
    run_cmd->add_flag("--clear-env", run.clear_env,
                      "start the program with an empty environment, not the host's (as env -i): "
                      "runs to compare then see the same stack");
    run_cmd
        ->add_option("--env", run.env,
                     "set NAME=VALUE in the program's environment (repeatable; after "
                     "--clear-env)")
        ->check([](const std::string& v) {
            const size_t eq = v.find('=');
            return eq == std::string::npos || eq == 0 ? std::string("'" + v + "' is not NAME=VALUE")
                                                      : std::string();
        });
    add_gdb_options(*run_cmd, run);
    add_sampling_options(*run_cmd, run);
    run_cmd->add_option("program", run.program, "the program and its arguments")
        ->excludes(add_restore_option(*run_cmd, run)->excludes("--live-points"))
        ->excludes("--live-points");

    cli::RunOptions boot;
    CLI::App* boot_cmd = app.add_subcommand(
        "boot", "boot a firmware image (ELF, placed by physical address) at the reset vector: "
                "boot [options] IMAGE; exits with the code it writes to power_control");
    add_machine_options(*boot_cmd, boot.machine, "uni-firmware.yaml");
    add_run_control_options(*boot_cmd, boot);
    add_output_options(*boot_cmd, boot);
    add_gdb_options(*boot_cmd, boot);
    add_sampling_options(*boot_cmd, boot);
    boot_cmd->add_option("--raw", boot.raw_address,
                         "the image is a raw binary, placed at this physical address");
    add_boot_payload_options(*boot_cmd, boot);
    boot_cmd->add_option("image", boot.program, "the firmware image (ELF, or raw with --raw)")
        ->expected(1)
        ->excludes(add_restore_option(*boot_cmd, boot)->excludes("--live-points"))
        ->excludes("--live-points");

    cli::MachineOptions dump;
    CLI::App* dump_cmd =
        app.add_subcommand("dump-config", "print the fully resolved machine with descriptions");
    add_machine_options(*dump_cmd, dump);
    app.add_subcommand("list-models", "list the model types and their parameters");
    std::string busstat_path;
    unsigned busstat_every = 1;
    CLI::App* busstat_cmd = app.add_subcommand(
        "busstat", "reprint samples saved by `run --busstat ... --busstat-out FILE`");
    busstat_cmd->add_option("file", busstat_path, "the saved samples")->required();
    busstat_cmd->add_option("--every", busstat_every, "merge every N intervals into one");
    cli::RunOptions collect;
    collect.collect = true;
    collect.machine.model = "detailed"; // where the cache events are
    CLI::App* collect_cmd = app.add_subcommand(
        "collect",
        "profile a program by hardware-counter overflow: collect [-h COUNTER[,VALUE]]... "
        "[-o EXP.er] -- prog args... (no program: list the counters)");
    collect_cmd->set_help_flag("--help", "print this help and exit");
    add_machine_options(*collect_cmd, collect.machine);
    add_run_control_options(*collect_cmd, collect);
    collect_cmd->add_option("-h", collect.profile.counters,
                            "a counter and its overflow value: 'cycles,9999991', 'dcrm' "
                            "(default value), '+dcrm,hi' (backtrack to the memory instruction); "
                            "at most two");
    collect_cmd->add_option("-o", collect.profile.output,
                            "the experiment folder (default: the next free test.N.er)");
    collect_cmd->add_option(
        "--skid", collect.profile.skid,
        "instructions from a counter's overflow to the recorded PC (default 2)");
    collect_cmd->add_flag("--exact", collect.profile.exact,
                          "also count every event exactly per PC (the simulator's truth)");
    collect_cmd->add_option("--model", collect.machine.model,
                            "timing model: functional, fixed or detailed (default detailed)");
    collect_cmd->add_option("--stats", collect.stats_file, "write every statistic to FILE as JSON");
    collect_cmd->add_flag("-q,--quiet", collect.quiet, "no end-of-run summary on stderr");
    collect_cmd->add_flag("--boot", collect.boot,
                          "profile a firmware boot, as `boot` runs it: the program is the "
                          "firmware image; privileged code is sampled, named by --kernel's "
                          "symbols (or the image's)");
    add_boot_payload_options(*collect_cmd, collect); // with --boot only
    collect_cmd->add_option("program", collect.program, "the program and its arguments");
    CLI::App* analyze_cmd = app.add_subcommand(
        "analyze", "reports over a collected experiment, as er_print: analyze EXP.er [COMMAND "
                   "[ARG]]... (`analyze help` lists the commands)");
    analyze_cmd->prefix_command(); // er_print's commands, `-functions` included, are its own
    analyze_cmd->set_help_flag();

    try {
        app.parse(argc, argv);
    } catch (const CLI::Success& e) { // --help, --version
        return app.exit(e);
    } catch (const CLI::ParseError& e) {
        app.exit(e);
        return kUsageOrInputError;
    }

    try {
        for (const auto& l : log_levels)
            log::set_from_argument(l);
        if (*run_cmd) {
            if (run.program.empty() && run.restore_dir.empty() && run.live_points.empty()) {
                std::fprintf(stderr, "fireplane: error: run needs a program (or --restore DIR, "
                                     "or --live-points DIR)\n");
                return kUsageOrInputError;
            }
            return cli::run_program(run);
        }
        if (*boot_cmd) {
            if (boot.program.empty() && boot.restore_dir.empty() && boot.live_points.empty()) {
                std::fprintf(stderr, "fireplane: error: boot needs an image (or --restore DIR, "
                                     "or --live-points DIR)\n");
                return kUsageOrInputError;
            }
            return cli::boot_firmware(boot);
        }
        if (*dump_cmd) return cli::dump_config(dump);
        if (*busstat_cmd) return cli::busstat_file(busstat_path, busstat_every);
        if (*collect_cmd) {
            if (!collect.boot && !(collect.kernel + collect.initrd + collect.append).empty()) {
                std::fprintf(stderr,
                             "fireplane: error: --kernel, --initrd and --append need --boot\n");
                return kUsageOrInputError;
            }
            if (collect.program.empty()) return cli::list_counters();
            return collect.boot ? cli::boot_firmware(collect) : cli::run_program(collect);
        }
        if (*analyze_cmd) return cli::analyze(analyze_cmd->remaining());
        return cli::list_models();
    } catch (const ConfigError& e) {
        std::fprintf(stderr, "%s\n", e.what());
        return kUsageOrInputError;
    } catch (const CheckpointError& e) {
        std::fprintf(stderr, "fireplane: error: checkpoint: %s\n", e.what());
        return kUsageOrInputError;
    } catch (const loader::LoadError& e) {
        std::fprintf(stderr, "fireplane: error: %s\n", e.what());
        return kUsageOrInputError;
    } catch (const std::invalid_argument& e) {
        std::fprintf(stderr, "fireplane: error: %s\n", e.what());
        return kUsageOrInputError;
    } catch (const std::exception& e) { // a model bug: say so rather than abort
        std::fprintf(stderr, "fireplane: internal error: %s\n", e.what());
        return 1;
    }
}
