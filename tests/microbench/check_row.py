#!/usr/bin/env python3
"""Runs one microbenchmark (sw/microbench) and checks the cycles it prints.

usage: check_row.py FIREPLANE CONFIG PROGRAM [ARGS...] [--range LO HI] [--model MODEL]
                   [--expect NAME=VALUE ...]
       check_row.py --qemu PROGRAM [ARGS...]

The first form runs `FIREPLANE run -q --config CONFIG --model MODEL -- PROGRAM ARGS`
(MODEL defaults to detailed) and passes when the program exits 0 and its
`cycles N` line has LO <= N <= HI (HI may be "inf", for a row like "205+").
It prints `<row id and name>: simulated N, target LO-HI, pass|fail`.
With --expect (repeatable; at least one of --range and --expect is needed),
it also writes the run's statistics (--stats) and checks them, in the syntax
of tests/counters/check_stats.py: NAME is a dotted statistic
(cpu1.counters.EC_snoop_cb), VALUE an exact number or LO..HI ("inf" allowed).
The two-CPU rows mark the timed part of their last repetition as the region
of interest, so their statistics cover that one timed instruction.

The second form runs PROGRAM under qemu-sparc64 and checks only that it
exits 0 and prints a well-formed report: cycles there mean nothing.
"""
import json
import os
import re
import subprocess
import sys
import tempfile

TIMEOUT_S = 120


def parse(stdout):
    """The report's row line and cycles, or None where a line is missing or malformed."""
    row = re.search(r"^row (\S+ .+)$", stdout, re.M)
    raw = re.search(r"^raw (\d+) empty (\d+)$", stdout, re.M)
    cycles = re.search(r"^cycles (-?\d+)$", stdout, re.M)
    return (row.group(1) if row else None, raw is not None, int(cycles.group(1)) if cycles else None)


def run(cmd):
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=TIMEOUT_S)
    sys.stdout.write(proc.stdout)
    sys.stderr.write(proc.stderr)
    if proc.returncode != 0:
        print(f"FAIL: exit code {proc.returncode} from {' '.join(cmd)}")
    return proc


def check_qemu(program, args):
    proc = run(["qemu-sparc64", program, *args])
    row, has_raw, cycles = parse(proc.stdout)
    if row is None or not has_raw or cycles is None:
        print("FAIL: the report lacks a 'row', 'raw' or 'cycles' line")
        return 1
    return 0 if proc.returncode == 0 else 1


def check_stats(stats_file, expects):
    """Prints one line per expectation; True when all hold."""
    try:
        with open(stats_file) as f:
            stats = json.load(f)
    except (OSError, ValueError) as e:
        print(f"FAIL: no statistics ({e})")
        return False
    ok_all = True
    for expect in expects:
        name, value = expect.split("=")
        node = stats
        for part in name.split("."):
            node = node.get(part, {}) if isinstance(node, dict) else {}
        got = node.get("value") if isinstance(node, dict) else None
        if got is None:
            ok = False
        elif ".." in value:
            lo, hi = value.split("..")
            ok = float(lo) <= got <= float(hi)
        else:
            ok = got == float(value)
        shown = "missing" if got is None else f"{got:.0f}"
        print(f"{'ok  ' if ok else 'FAIL'} {name} = {shown} (expected {value})")
        ok_all &= ok
    return ok_all


def main():
    args = sys.argv[1:]
    if args and args[0] == "--qemu":
        if len(args) < 2:
            sys.exit(__doc__)
        return check_qemu(args[1], args[2:])

    model = "detailed"
    if "--model" in args:
        i = args.index("--model")
        model = args[i + 1]
        del args[i:i + 2]
    expects = []
    while "--expect" in args:
        i = args.index("--expect")
        expects.append(args[i + 1])
        del args[i:i + 2]
    cycle_range = None
    if "--range" in args:
        i = args.index("--range")
        cycle_range = float(args[i + 1]), float(args[i + 2])
        del args[i:i + 3]
    if len(args) < 3 or (cycle_range is None and not expects):
        sys.exit(__doc__)
    fireplane, config, program, *prog_args = args

    with tempfile.TemporaryDirectory() as work:
        stats_file = os.path.join(work, "stats.json")
        stats_args = ["--stats", stats_file] if expects else []
        proc = run([fireplane, "run", "-q", "--config", config, "--model", model, *stats_args, "--", program,
                    *prog_args])
        row, _, cycles = parse(proc.stdout)
        ok = proc.returncode == 0 and cycles is not None
        if cycle_range is not None:
            lo, hi = cycle_range
            target = f"{lo:.0f}" if lo == hi else f"{lo:.0f}+" if hi == float("inf") else f"{lo:.0f}-{hi:.0f}"
            ok = ok and lo <= cycles <= hi
            print(f"{row or program}: simulated {cycles if cycles is not None else '?'}, target {target}, "
                  f"{'pass' if ok else 'fail'}")
        if expects:
            ok = check_stats(stats_file, expects) and ok
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
