#!/usr/bin/env python3
"""Runs one microbenchmark (sw/microbench) and checks the cycles it prints.

usage: check_row.py FIREPLANE CONFIG PROGRAM [ARGS...] [--range LO HI] [--model MODEL]
                   [--cycles-equal-instructions] [--expect NAME=VALUE ...]
       check_row.py --qemu PROGRAM [ARGS...]

The first form runs `FIREPLANE run -q --config CONFIG --model MODEL -- PROGRAM ARGS`
(MODEL defaults to detailed) and passes when the program exits 0 and its
`cycles N` line has LO <= N <= HI (HI may be "inf", for a row like "205+").
It prints `<row id and name>: simulated N, target LO-HI, pass|fail`.
With --cycles-equal-instructions, N must equal the program's `instructions M`
line (a pipeline row on the functional model, where every instruction costs
one cycle); it prints `<row>: simulated N, instructions M, pass|fail`.
With --expect (repeatable; at least one of --range, --cycles-equal-instructions
and --expect is needed), it also writes the run's statistics (--stats) and
checks them, in the syntax of tests/counters/check_stats.py: NAME is a
dotted statistic (cpu1.counters.EC_snoop_cb), VALUE an exact number or
LO..HI ("inf" allowed).
The two-CPU rows mark the timed part of their last repetition as the region
of interest, so their statistics cover that one timed instruction.

The second form runs PROGRAM under qemu-sparc64 and checks only that it
exits 0 and prints a well-formed report: cycles there mean nothing.
"""
import os
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.realpath(__file__)), "..", "..", "python"))
from fireplane_tools import argv, checks, output, simulator  # noqa: E402


def check_qemu(program, args):
    proc = checks.echoed(simulator.qemu_run([program, *args]))
    if not output.MicrobenchReport(proc.stdout).complete:
        print("FAIL: the report lacks a 'row', 'raw' or 'cycles' line")
        return 1
    return 0 if proc.returncode == 0 else 1


def main():
    args = sys.argv[1:]
    if args and args[0] == "--qemu":
        if len(args) < 2:
            sys.exit(__doc__)
        return check_qemu(args[1], args[2:])

    model = argv.take_last(args, "--model", "detailed")
    expects = argv.take(args, "--expect")
    ranges = argv.take(args, "--range", 2)
    cycle_range = checks.Range(*map(checks.number, ranges[-1])) if ranges else None
    equal_instructions = argv.take_flag(args, "--cycles-equal-instructions")
    if len(args) < 3 or (cycle_range is None and not equal_instructions and not expects):
        sys.exit(__doc__)
    fireplane, config, program, *prog_args = args

    with tempfile.TemporaryDirectory() as work:
        stats_file = os.path.join(work, "stats.json") if expects else None
        proc = checks.echoed(simulator.fireplane_run(fireplane, [program, *prog_args],
                                                     config=config, model=model, stats=stats_file))
        report = output.MicrobenchReport(proc.stdout)
        ok = proc.returncode == 0 and report.cycles is not None
        cycles = report.cycles if report.cycles is not None else "?"
        if cycle_range is not None:
            ok = ok and report.cycles in cycle_range
            print(f"{report.row or program}: simulated {cycles}, target {cycle_range.text}, "
                  f"{'pass' if ok else 'fail'}")
        if equal_instructions:
            ok = ok and report.cycles == report.instructions
            insns = report.instructions if report.instructions is not None else "? (no 'instructions' line)"
            print(f"{report.row or program}: simulated {cycles}, instructions {insns}, "
                  f"{'pass' if ok else 'fail'}")
        if expects:
            doc = checks.statistics(proc)
            ok = doc is not None and checks.check_all(doc, expects) and ok
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
