#!/usr/bin/env python3
"""Runs a program with `fireplane run --trace-sample` and `--trace-full`, and
checks the sampled trace against the whole one:

- every segment (one read of the 8-entry sequence buffer) is a run of
  consecutive transactions of the full trace, in order;
- a segment that reports no overrun lost nothing: the next segment starts
  right after it in the full trace;
- with --complete, no segment overran and the samples are the full trace.

usage: check_trace.py FIREPLANE CONFIG PROGRAM [ARGS...] --events E1,E2 --interval T [--complete]
"""
import os
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.realpath(__file__)), "..", "..", "python"))
from fireplane_tools import argv, simulator, tables  # noqa: E402


def main():
    args = sys.argv[1:]
    complete = argv.take_flag(args, "--complete")
    events = argv.take_last(args, "--events")
    interval = argv.take_last(args, "--interval")
    fireplane, config = os.path.abspath(args[0]), os.path.abspath(args[1])
    program = [os.path.abspath(args[2])] + args[3:]
    with tempfile.TemporaryDirectory() as work:
        samples, full = os.path.join(work, "s.csv"), os.path.join(work, "f.csv")
        p = simulator.fireplane_run(fireplane, program, config=config, cwd=work,
                                    options=["--trace-sample", events, "--trace-interval",
                                             interval, "--trace-out", samples, "--trace-full",
                                             full])
        if p.returncode != 0:
            print(f"FAIL: exit code {p.returncode}: {p.stderr[-400:]}")
            return 1
        key = lambda r: (r["address"], r["type"], r["source"], r["tid"], r["shared"], r["owned"])
        truth = [key(r) for r in tables.read_csv(full)]
        segs = {}
        for r in tables.read_csv(samples):
            segs.setdefault(int(r["sample"]), []).append((key(r), r["overrun"] == "1"))
    ok = True
    pos = 0  # where the next segment must start at the earliest
    prev_overrun = True
    overruns = 0
    for n in sorted(segs):
        recs = [k for k, _ in segs[n]]
        overrun = segs[n][0][1]
        overruns += overrun
        # Find the segment as a consecutive run in the full trace, from pos on.
        at = -1
        for s in range(pos, len(truth) - len(recs) + 1):
            if truth[s:s + len(recs)] == recs:
                at = s
                break
        if at < 0:
            print(f"FAIL: segment {n} is not a consecutive run of the full trace after {pos}")
            return 1
        if not prev_overrun and at != pos:
            print(f"FAIL: segment {n} starts at {at}, but the one before lost nothing (expected {pos})")
            ok = False
        pos, prev_overrun = at + len(recs), overrun
    sampled = sum(len(v) for v in segs.values())
    print(f"{len(segs)} segments, {sampled} of {len(truth)} transactions sampled, "
          f"{overruns} overruns")
    if complete and (overruns or sampled != len(truth)):
        print("FAIL: expected the samples to be the whole trace")
        ok = False
    if sampled == 0:
        print("FAIL: nothing sampled")
        ok = False
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
