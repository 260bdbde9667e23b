#!/usr/bin/env python3
"""Runs one microbenchmark (sw/microbench) and checks the cycles it prints.

usage: check_row.py FIREPLANE CONFIG PROGRAM [ARGS...] --range LO HI [--model MODEL]
       check_row.py --qemu PROGRAM [ARGS...]

The first form runs `FIREPLANE run -q --config CONFIG --model MODEL -- PROGRAM ARGS`
(MODEL defaults to detailed) and passes when the program exits 0 and its
`cycles N` line has LO <= N <= HI (HI may be "inf", for a row like "205+").
It prints `<row id and name>: simulated N, target LO-HI, pass|fail`.

The second form runs PROGRAM under qemu-sparc64 and checks only that it
exits 0 and prints a well-formed report: cycles there mean nothing.
"""
import re
import subprocess
import sys

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
    if "--range" not in args:
        sys.exit(__doc__)
    i = args.index("--range")
    lo, hi = float(args[i + 1]), float(args[i + 2])
    del args[i:i + 3]
    if len(args) < 3:
        sys.exit(__doc__)
    fireplane, config, program, *prog_args = args

    proc = run([fireplane, "run", "-q", "--config", config, "--model", model, "--", program, *prog_args])
    row, _, cycles = parse(proc.stdout)
    target = f"{lo:.0f}" if lo == hi else f"{lo:.0f}+" if hi == float("inf") else f"{lo:.0f}-{hi:.0f}"
    ok = proc.returncode == 0 and cycles is not None and lo <= cycles <= hi
    print(f"{row or program}: simulated {cycles if cycles is not None else '?'}, target {target}, "
          f"{'pass' if ok else 'fail'}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
