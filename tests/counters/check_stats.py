#!/usr/bin/env python3
"""Runs a program on fireplane with --stats and checks exit code and statistics.

usage: check_stats.py FIREPLANE CONFIG PROGRAM [ARGS...] --expect NAME=VALUE [--expect ...]
NAME is a dotted statistic (cpu0.counters.SW_count_0); VALUE an exact number,
or LO..HI for a closed range (for counts the program's structure fixes only
within a few, such as misses of the code around a loop).
"""
import os
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.realpath(__file__)), "..", "..", "python"))
from fireplane_tools import argv, checks, simulator  # noqa: E402


def main():
    args = sys.argv[1:]
    expects = argv.take(args, "--expect")
    fireplane, config, program, *prog_args = args
    with tempfile.TemporaryDirectory() as work:
        run = simulator.fireplane_run(fireplane, [program, *prog_args], config=config,
                                      stats=os.path.join(work, "stats.json"))
        run.echo()
        failed = False
        if run.returncode != 0:
            print(f"FAIL: exit code {run.returncode} (the program checks its own PIC readings)")
            failed = True
        doc = checks.statistics(run)
        failed |= doc is None or not checks.check_all(doc, expects)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
