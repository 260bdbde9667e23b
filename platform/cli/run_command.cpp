// `fireplane run` and `collect`: the flags, over a Session.
#include "commands.h"
#include "core/checkpoint/checkpoint_error.h"
#include "core/config/units.h"
#include "models/cpu/traps.h"
#include "models/rtl/pin_trace.h"
#include "models/rtl/register_rtl.h"
#include "platform/gdb/gdb_stub.h"
#include "platform/linux/linux_process.h"
#include "platform/session/session.h"
#include "progress_line.h"

#include <algorithm>
#include <climits>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iostream>
#include <optional>
#include <stdexcept>
#include <unistd.h>

extern char** environ;

namespace fireplane::cli {

namespace {

// The host's environment (unless --clear-env), then each --env NAME=VALUE.
std::vector<std::string> program_environment(const RunOptions& options) {
    std::vector<std::string> env;
    if (!options.clear_env)
        for (char** e = environ; e && *e; ++e)
            if (std::strncmp(*e, "SYSTEMC_", 8) != 0) env.emplace_back(*e); // ours, not the guest's
    for (const std::string& set : options.env) {
        const std::string name = set.substr(0, set.find('=') + 1);
        auto same = [&](const std::string& e) { return e.compare(0, name.size(), name) == 0; };
        env.erase(std::remove_if(env.begin(), env.end(), same), env.end());
        env.push_back(set);
    }
    return env;
}

std::string absolute(const std::string& path) {
    if (path.empty() || path[0] == '/') return path;
    char cwd[PATH_MAX];
    return ::getcwd(cwd, sizeof cwd) ? std::string(cwd) + "/" + path : path;
}

// Where the run ends, from --max-instructions and --max-time.
RunLimitsOptions run_limits(const RunOptions& options) {
    RunLimitsOptions limits;
    limits.instructions = options.max_instructions;
    if (!options.max_time.empty())
        limits.time = sc_core::sc_time::from_value(units::parse_time_ps(options.max_time));
    return limits;
}

void open_output(std::ofstream& out, const std::string& path, const char* what) {
    out.open(path);
    if (!out)
        throw std::invalid_argument(std::string("cannot write ") + what + " to '" + path + "'");
}

// --restore: a firmware checkpoint with boot, a program's with run.
void restore(Session& session, const std::string& dir, bool firmware) {
    session.restore(absolute(dir));
    if (session.firmware_loaded() != firmware)
        throw CheckpointError("'" + dir + "' holds " +
                              (firmware ? "a program's run: use fireplane run --restore"
                                        : "a firmware run: use fireplane boot --restore"));
}

// --checkpoint and --checkpoint-at, for the session.
void plan_checkpoint(const RunOptions& options, Session& session) {
    if (options.checkpoint_dir.empty()) return;
    CheckpointOptions c;
    c.dir = absolute(options.checkpoint_dir);
    c.continue_after = options.checkpoint_continue;
    const std::string& at = options.checkpoint_at;
    if (at.empty()) throw std::invalid_argument("--checkpoint needs --checkpoint-at N|TIME|magic");
    if (at == "magic") {
        c.at = CheckpointOptions::At::Magic;
    } else if (at.find_first_not_of("0123456789") == std::string::npos) {
        c.at = CheckpointOptions::At::Instructions;
        c.instructions = std::stoull(at);
    } else {
        c.at = CheckpointOptions::At::Time;
        c.time = sc_core::sc_time::from_value(units::parse_time_ps(at));
    }
    session.checkpoint_at(c);
}

// What the run says of its checkpoint: where it was written, or why it was not.
int report_checkpoint(const RunOptions& options, const RunResult& result, int code) {
    if (options.checkpoint_dir.empty()) return code;
    if (!result.checkpoint_written) {
        std::fprintf(stderr,
                     "fireplane: error: checkpoint: none written: the run ended before "
                     "--checkpoint-at %s\n",
                     options.checkpoint_at.c_str());
        return 2;
    }
    if (!options.quiet)
        std::fprintf(stderr, "fireplane: checkpoint written to %s\n",
                     options.checkpoint_dir.c_str());
    return code;
}

// The end-of-run report, statistics file and summary: run and boot alike.
void write_stats(const RunOptions& options, Session& session, std::ofstream& stats_out) {
    if (!stats_out.is_open()) return;
    session.stats().write_json(stats_out);
    stats_out.close();
    if (!stats_out)
        std::fprintf(stderr, "fireplane: error: cannot write statistics to '%s'\n",
                     options.stats_file.c_str());
}

void finish_run(const RunOptions& options, Session& session, std::ofstream& stats_out, int code) {
    write_stats(options, session, stats_out);
    if (options.quiet) return;
    session.summary().print(std::cerr, code, session.region_of_interest_used());
    if (session.sampler()) session.sampler()->write_report(std::cerr);
}

// --sample and its unit and warm-up, once the software is loaded.
void plan_sampling(const RunOptions& options, Session& session) {
    if (!options.sample_interval) return;
    SamplingOptions s;
    s.interval = options.sample_interval;
    s.unit = options.sample_unit;
    s.warmup = options.sample_warmup;
    s.warming = options.sample_warming;
    s.stretch = options.sample_stretch;
    s.by_work = options.sample_by == "work";
    session.sample(s);
    if (!options.save_live_points.empty())
        session.save_live_points(absolute(options.save_live_points));
}

// --live-points: the library's units measured on this machine, instead of a run.
int measure_live_points(const RunOptions& options, Session& session, std::ofstream& stats_out) {
    const Session::LivePointRun r =
        session.run_live_points(absolute(options.live_points), options.jobs);
    std::cerr << r.notes;
    // The first few of a list, then how many more.
    const auto list = [](const std::vector<std::string>& items, const char* line,
                         const char* more) {
        constexpr size_t kShown = 5;
        for (size_t i = 0; i < items.size() && i < kShown; ++i)
            std::fprintf(stderr, line, items[i].c_str());
        if (items.size() > kShown) std::fprintf(stderr, more, items.size() - kShown);
    };
    list(r.unusable, "fireplane: live point %s; its unit is left out\n",
         "fireplane: ... and %zu more points left out\n");
    if (!options.quiet)
        list(r.unparked,
             "fireplane: live points: the machine could not be parked after %s; a new process "
             "goes on\n",
             "fireplane: ... and after %zu more points\n");
    const int code = session.sampler()->units() ? 0 : 1;
    if (!code && !options.quiet)
        std::fprintf(stderr,
                     "live points: %zu units of %zu measured from %s in %.3f s (%u at once, "
                     "%zu processes)\n",
                     session.sampler()->units(), r.points, options.live_points.c_str(),
                     r.host_seconds, options.jobs, r.processes);
    if (code) std::fprintf(stderr, "fireplane: error: no live point could be measured\n");
    write_stats(options, session, stats_out);
    if (!options.quiet) session.sampler()->write_report(std::cerr);
    return code;
}

std::string limit_reason(const RunOptions& options, const RunResult& result) {
    return result.end == RunEnd::InstructionLimit
               ? std::to_string(options.max_instructions) + " instructions (--max-instructions)"
               : options.max_time + " of simulated time (--max-time)";
}

// A CPU that trapped at TL = MAXTL halted (error_state: the watchdog reset,
// which ends the run rather than vectoring to RSTVaddr + 0x40): its trap
// stack says how it got there.
void report_watchdog(Session& session) {
    for (size_t i = 0; i < session.platform().cpus.size(); ++i) {
        const sparc::SparcCore& c = session.platform().cpus[i]->core();
        if (!c.halted() || c.error_state_tt == 0) continue;
        std::fprintf(stderr,
                     "fireplane: cpu%zu: watchdog reset: trap 0x%03x (%s) at TL = MAXTL, pc "
                     "0x%llx; trap stack:\n",
                     i, c.error_state_tt, sparc::trap_name(c.error_state_tt),
                     static_cast<unsigned long long>(c.pc));
        for (unsigned tl = 1; tl <= c.tl; ++tl)
            std::fprintf(stderr, "  TL %u: tt 0x%03x (%s) tpc 0x%llx tnpc 0x%llx tstate 0x%llx\n",
                         tl, c.trap_stack[tl].tt, sparc::trap_name(c.trap_stack[tl].tt),
                         static_cast<unsigned long long>(c.trap_stack[tl].tpc),
                         static_cast<unsigned long long>(c.trap_stack[tl].tnpc),
                         static_cast<unsigned long long>(c.trap_stack[tl].tstate));
    }
}

} // namespace

namespace {

// --rtl-trace: a waveform of every RTL block's pins, made before the
// software is loaded (elaboration ends there). Null without the option.
std::unique_ptr<rtl::PinTrace> rtl_trace_of(const RunOptions& options) {
    if (options.rtl_trace.empty()) {
        if (!options.rtl_trace_window.empty())
            throw std::invalid_argument("--rtl-trace-window needs --rtl-trace");
        return nullptr;
    }
    sc_core::sc_time from = sc_core::SC_ZERO_TIME, to = sc_core::sc_max_time();
    if (!options.rtl_trace_window.empty()) {
        const std::string& w = options.rtl_trace_window;
        const size_t comma = w.find(',');
        if (comma == std::string::npos)
            throw std::invalid_argument("--rtl-trace-window: expected FROM,TO, got '" + w + "'");
        from = sc_core::sc_time(double(units::parse_time_ps(w.substr(0, comma))), sc_core::SC_PS);
        to = sc_core::sc_time(double(units::parse_time_ps(w.substr(comma + 1))), sc_core::SC_PS);
    }
    const std::vector<const sc_core::sc_object*> traced = rtl::find_traced_pins();
    if (traced.empty())
        throw std::invalid_argument("--rtl-trace: the machine has no RTL block to trace");
    return std::make_unique<rtl::PinTrace>("rtl_trace", absolute(options.rtl_trace), traced, from,
                                           to);
}

SessionOptions machine_of(const RunOptions& options) {
    SessionOptions setup;
    setup.config = options.machine.config;
    setup.overrides = options.machine.overrides();
    setup.register_models = register_rtl_models;
    setup.fs_root = options.fs_root;
    return setup;
}

// What run and boot share once the software is loaded: the instruction trace,
// the statistics dumps, and the run with its progress line.
RunResult run_with_progress(Session& session, const RunOptions& options, std::ofstream& trace) {
    if (!options.trace_file.empty()) {
        open_output(trace, options.trace_file, "the trace");
        session.trace_instructions(trace);
    }
    if (!options.stats_file.empty()) session.set_stats_dump_file(absolute(options.stats_file));
    if (options.gdb_port >= 0)
        session.debug_with_gdb({uint16_t(options.gdb_port), options.gdb_wait});
    const bool terminal = ::isatty(STDERR_FILENO);
    std::optional<ProgressLine> progress;
    if (options.progress == 1 || (options.progress < 0 && terminal))
        progress.emplace(session.summary(), std::cerr, terminal);
    const RunResult result =
        session.run(run_limits(options), progress ? std::function<void()>([&] { progress->tick(); })
                                                  : std::function<void()>());
    if (progress) progress->finish();
    return result;
}

// Why a run ended before the software did: a limit, or nothing left to run.
// `software` names it ("program", "firmware") and `end` what it did not do.
void report_early_end(const RunOptions& options, Session& session, const RunResult& result,
                      const char* software, const char* end) {
    if (result.program_exited) return;
    if (result.end == RunEnd::Killed) {
        std::fprintf(stderr, "fireplane: killed by the debugger; the %s had not %s\n", software,
                     end);
        return;
    }
    if (result.exit_code() == RunResult::kLimitExitCode) {
        std::fprintf(stderr, "fireplane: stopped after %s; the %s had not %s\n",
                     limit_reason(options, result).c_str(), software, end);
        return;
    }
    std::fprintf(stderr, "fireplane: error: the simulation stopped before the %s %s (pc 0x%llx)\n",
                 software, end,
                 static_cast<unsigned long long>(session.platform().cpus.front()->core().pc));
}

// `collect`: where the experiment went.
void report_experiment(const RunOptions& options, const Session& session) {
    if (const profiling::Collector* collector = session.collector(); collector && !options.quiet)
        std::fprintf(stderr, "fireplane collect: %zu packets in experiment %s\n",
                     collector->packets(), collector->folder().c_str());
}

} // namespace

int boot_firmware(const RunOptions& options) {
    std::ofstream stats_out, trace;
    // Opened first: a bad path should not cost a whole run.
    if (!options.stats_file.empty())
        open_output(stats_out, absolute(options.stats_file), "statistics");
    Session session(machine_of(options));
    if (!options.live_points.empty()) return measure_live_points(options, session, stats_out);
    const std::unique_ptr<rtl::PinTrace> rtl_trace = rtl_trace_of(options);
    std::optional<uint64_t> raw;
    if (!options.raw_address.empty()) raw = units::parse_bytes(options.raw_address);
    plan_checkpoint(options, session); // refused at once if the machine cannot be saved
    if (options.restore_dir.empty())
        session.load_firmware(options.program.front(), raw,
                              {options.kernel, options.initrd, options.append});
    else
        restore(session, options.restore_dir, true);
    plan_sampling(options, session);
    if (options.monitors.any()) session.sample_monitors(options.monitors);
    if (options.collect)
        session.collect(options.profile, {options.program, options.machine.config,
                                          sparc::timing_kind_name(session.simulation().model)});
    const RunResult result = run_with_progress(session, options, trace);
    std::fflush(stdout); // the console's output before the report

    if (!result.checkpoint_written || result.end != RunEnd::Paused) {
        if (!result.program_exited && result.exit_code() != RunResult::kLimitExitCode)
            report_watchdog(session);
        report_early_end(options, session, result, "firmware", "powered off");
    }
    const int code = report_checkpoint(options, result, result.exit_code());
    finish_run(options, session, stats_out, code);
    report_experiment(options, session);
    return code;
}

int run_program(const RunOptions& options) {
    std::ofstream stats_out, trace;
    if (!options.stats_file.empty())
        open_output(stats_out, absolute(options.stats_file), "statistics");
    Session session(machine_of(options));
    if (!options.live_points.empty()) return measure_live_points(options, session, stats_out);
    const std::unique_ptr<rtl::PinTrace> rtl_trace = rtl_trace_of(options);
    plan_checkpoint(options, session); // refused at once if the machine cannot be saved
    if (options.restore_dir.empty())
        session.load_program(options.program, program_environment(options));
    else
        restore(session, options.restore_dir, false);
    plan_sampling(options, session);
    if (options.monitors.any()) session.sample_monitors(options.monitors);
    if (options.collect)
        session.collect(options.profile, {options.program, options.machine.config,
                                          sparc::timing_kind_name(session.simulation().model)});
    const RunResult result = run_with_progress(session, options, trace);
    if (!options.vamap_file.empty()) {
        std::ofstream vamap(options.vamap_file);
        session.process()->memory().write_page_map(vamap);
        if (!vamap)
            std::fprintf(stderr, "fireplane: error: cannot write the page map to '%s'\n",
                         options.vamap_file.c_str());
    }

    if (!result.checkpoint_written || result.end != RunEnd::Paused)
        report_early_end(options, session, result, "program", "exited");
    const int code = report_checkpoint(options, result, result.exit_code());
    finish_run(options, session, stats_out, code);
    report_experiment(options, session);
    return code;
}

} // namespace fireplane::cli
