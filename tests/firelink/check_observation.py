#!/usr/bin/env python3
"""Observation does not change the run: the same program with busstat and with
trace sampling gives bit-identical statistics to a plain run, except the
monitors' own (firelink*), which the tools program.

usage: check_observation.py FIREPLANE CONFIG PROGRAM [ARGS...] [--model MODEL]
                            [--trace-events EVENTS]

Runs `FIREPLANE run -q --config CONFIG [--model MODEL] --stats FILE -- PROGRAM
ARGS` three times: plain; with --busstat (five events on two counters, so the
filters are reprogrammed every interval) at 20us; with --trace-sample WB every
5us (or EVENTS) and --trace-full. Every other statistic (cpu*, the bus,
memory, os, ...) must be equal, and the program's output too; host.* (host
seconds, MIPS) are the host's, not the simulation's.
"""
import os
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.realpath(__file__)), "..", "..", "python"))
from fireplane_tools import argv, checks, simulator, stats  # noqa: E402

BUSSTAT = "sfi_hstgrm_all_trans,sfi_hstgrm_cohrnt,RTS,RTO,WB"
OWN = "firelink"  # the monitors' statistics: the tools change what they count
HOST = stats.HOST + "."  # wall-clock time and MIPS


def run(fireplane, config, model, program, work, name, options):
    """(every statistic by its dotted name, stdout) of one run."""
    p = simulator.fireplane_run(fireplane, program, config=config, model=model,
                                stats=os.path.join(work, name + ".json"), options=options,
                                cwd=work)
    if p.returncode != 0:
        checks.fail_now(f"{name}: exit code {p.returncode}: {p.stderr[-500:]}")
    return stats.flatten(p.need_stats()), p.stdout_bytes


def main():
    args = sys.argv[1:]
    model = argv.take_last(args, "--model")
    trace_events = argv.take_last(args, "--trace-events", "WB")
    fireplane, config = os.path.abspath(args[0]), os.path.abspath(args[1])
    program = [os.path.abspath(args[2])] + args[3:]
    with tempfile.TemporaryDirectory() as work:
        plain, out = run(fireplane, config, model, program, work, "plain", [])
        runs = {
            "busstat": run(fireplane, config, model, program, work, "busstat",
                           ["--busstat", BUSSTAT, "--interval", "20us", "--busstat-out",
                            os.path.join(work, "busstat.txt")]),
            "trace": run(fireplane, config, model, program, work, "trace",
                         ["--trace-sample", trace_events, "--trace-interval", "5us",
                          "--trace-out", os.path.join(work, "s.csv"),
                          "--trace-full", os.path.join(work, "f.csv")]),
        }
        lines = sum(1 for line in open(os.path.join(work, "busstat.txt")) if line[:1].isdigit())
        segments = sum(1 for _ in open(os.path.join(work, "s.csv"))) - 1
    cycles = {k: v for k, v in plain.items() if k.startswith("cpu") and k.endswith(".cycles")}
    print(f"plain run: {len(plain)} statistics, cycles {sum(cycles.values())} over "
          f"{len(cycles)} CPUs; busstat printed {lines} sample lines, the trace {segments} "
          f"sampled transactions")
    ok = True
    for name, (observed, stdout) in runs.items():
        keys = sorted(k for k in set(plain) | set(observed)
                      if not k.startswith(OWN) and not k.startswith(HOST))
        differ = [k for k in keys if plain.get(k) != observed.get(k)]
        for k in differ[:12]:
            print(f"FAIL: {name}: {k} = {observed.get(k)}, plain {plain.get(k)}")
        if differ:
            print(f"FAIL: {name}: {len(differ)} of {len(keys)} statistics differ")
        if stdout != out:
            print(f"FAIL: {name}: the program's output differs")
        good = not differ and stdout == out
        if good:
            print(f"ok   {name}: all {len(keys)} statistics outside {OWN}* and {HOST}* identical")
        ok = ok and good
    if lines == 0:
        print("FAIL: busstat printed no samples")
        ok = False
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
