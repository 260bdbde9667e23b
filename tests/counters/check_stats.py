#!/usr/bin/env python3
"""Runs a program on fireplane with --stats and checks exit code and statistics.

usage: check_stats.py FIREPLANE CONFIG PROGRAM [ARGS...] --expect NAME=VALUE [--expect ...]
NAME is a dotted statistic (cpu0.counters.SW_count_0); VALUE an exact number,
or LO..HI for a closed range (for counts the program's structure fixes only
within a few, such as misses of the code around a loop).
"""
import json
import os
import subprocess
import sys
import tempfile


def main():
    args = sys.argv[1:]
    expects = []
    while "--expect" in args:
        i = args.index("--expect")
        expects.append(args[i + 1])
        del args[i:i + 2]
    fireplane, config, program, *prog_args = args
    with tempfile.TemporaryDirectory() as work:
        stats_file = os.path.join(work, "stats.json")
        run = subprocess.run([fireplane, "run", "-q", "--config", config, "--stats", stats_file, "--", program,
                              *prog_args], capture_output=True, text=True, timeout=120)
        sys.stdout.write(run.stdout)
        sys.stderr.write(run.stderr)
        failed = False
        if run.returncode != 0:
            print(f"FAIL: exit code {run.returncode} (the program checks its own PIC readings)")
            failed = True
        stats = json.load(open(stats_file))
        for expect in expects:
            name, value = expect.split("=")
            node = stats
            for part in name.split("."):
                node = node[part]
            got = node["value"]
            if ".." in value:
                lo, hi = value.split("..")
                ok = float(lo) <= got <= float(hi)
            else:
                ok = got == float(value)
            print(f"{'ok  ' if ok else 'FAIL'} {name} = {got:.0f} (expected {value})")
            failed |= not ok
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
