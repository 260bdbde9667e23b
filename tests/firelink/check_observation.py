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
import json
import os
import subprocess
import sys
import tempfile

BUSSTAT = "sfi_hstgrm_all_trans,sfi_hstgrm_cohrnt,RTS,RTO,WB"
OWN = "firelink"  # the monitors' statistics: the tools change what they count
HOST = "host."  # wall-clock time and MIPS


def flatten(node, prefix=""):
    """{"a": {"b": {"value": 1}}} -> {"a.b": 1}"""
    if isinstance(node, dict) and "value" in node and not isinstance(node["value"], dict):
        return {prefix: node["value"]}
    out = {}
    if isinstance(node, dict):
        for k, v in node.items():
            out.update(flatten(v, f"{prefix}.{k}" if prefix else k))
    else:
        out[prefix] = node
    return out


def run(cmd, work, name, extra):
    stats = os.path.join(work, name + ".json")
    p = subprocess.run(cmd[:2] + ["--stats", stats] + extra + cmd[2:], cwd=work,
                       stdin=subprocess.DEVNULL, capture_output=True, timeout=300)
    if p.returncode != 0:
        print(f"FAIL: {name}: exit code {p.returncode}: {p.stderr.decode()[-500:]}")
        sys.exit(1)
    with open(stats) as f:
        return flatten(json.load(f)), p.stdout


def main():
    args = sys.argv[1:]
    model, trace_events = [], "WB"
    if "--model" in args:
        i = args.index("--model")
        model = ["--model", args[i + 1]]
        del args[i:i + 2]
    if "--trace-events" in args:
        i = args.index("--trace-events")
        trace_events = args[i + 1]
        del args[i:i + 2]
    fireplane, config = os.path.abspath(args[0]), os.path.abspath(args[1])
    program = [os.path.abspath(args[2])] + args[3:]
    # cmd[:2] + extra options + cmd[2:]
    cmd = [fireplane, "run", "-q", "--config", config] + model + ["--"] + program
    with tempfile.TemporaryDirectory() as work:
        plain, out = run(cmd, work, "plain", [])
        runs = {
            "busstat": run(cmd, work, "busstat", ["--busstat", BUSSTAT, "--interval", "20us",
                                                  "--busstat-out",
                                                  os.path.join(work, "busstat.txt")]),
            "trace": run(cmd, work, "trace", ["--trace-sample", trace_events, "--trace-interval", "5us",
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
    for name, (stats, stdout) in runs.items():
        keys = sorted(k for k in set(plain) | set(stats)
                      if not k.startswith(OWN) and not k.startswith(HOST))
        differ = [k for k in keys if plain.get(k) != stats.get(k)]
        for k in differ[:12]:
            print(f"FAIL: {name}: {k} = {stats.get(k)}, plain {plain.get(k)}")
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
