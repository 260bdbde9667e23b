#!/usr/bin/env python3
"""Runs a program with `fireplane run --busstat` and checks the samples against
the bus's own statistics.

usage: check_busstat.py FIREPLANE CONFIG PROGRAM [ARGS...] --events E1,E2 --interval T
                        [--exact EVENT] [--scaled EVENT PERCENT]

--exact EVENT          the sum of EVENT's samples equals every transaction the
                       bus carried (sfi_hstgrm_all_trans, never multiplexed out)
--scaled EVENT PCT     EVENT's scaled total (time-multiplexed) lies within PCT
                       percent of the bus's count
It also checks the layout: a header `time dev event0 pic0 event1 pic1 util`,
then one line per monitor and interval.
"""
import os
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.realpath(__file__)), "..", "..", "python"))
from fireplane_tools import argv, checks, simulator, stats  # noqa: E402


def main():
    args = sys.argv[1:]
    events = argv.take_last(args, "--events")
    interval = argv.take_last(args, "--interval")
    exact = argv.take(args, "--exact")
    scaled = argv.take(args, "--scaled", 2)
    fireplane, config = os.path.abspath(args[0]), os.path.abspath(args[1])
    program = [os.path.abspath(args[2])] + args[3:]
    with tempfile.TemporaryDirectory() as work:
        samples = os.path.join(work, "busstat.txt")
        p = simulator.fireplane_run(fireplane, program, config=config,
                                    stats=os.path.join(work, "stats.json"), cwd=work,
                                    options=["--busstat", events, "--interval", interval,
                                             "--busstat-out", samples])
        if p.returncode != 0:
            print(f"FAIL: exit code {p.returncode}: {p.stderr[-500:]}")
            return 1
        with open(samples) as f:
            lines = f.read().splitlines()
        doc = p.need_stats()
    carried = sum(stats.flatten(doc["fireplane"]["transactions"]).values())
    ok = True
    if lines[0].split() != ["time", "dev", "event0", "pic0", "event1", "pic1", "util"]:
        print("FAIL: header", lines[0])
        ok = False
    sums, totals = {}, {}
    for line in lines[1:]:
        f = line.split()
        if line.startswith("busstat totals") or not f:
            continue
        if line.startswith("  "):
            totals[f[0]] = float(f[1])
            continue
        for name, count in ((f[2], f[3]), (f[4], f[5])):
            if name != "-":
                sums[name] = sums.get(name, 0) + int(count)
    print(f"bus carried {carried} transactions; sums {sums}; totals {totals}")
    for e in exact:
        ok &= checks.line(sums.get(e) == carried,
                          f"{e}: samples sum to {sums.get(e)}, bus {carried}")
    for e, pct in scaled:
        est = totals.get(e, -1)
        ok &= checks.line(carried > 0 and abs(est - carried) <= carried * float(pct) / 100,
                          f"{e}: scaled {est} within {pct}% of {carried}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
