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
import json
import os
import subprocess
import sys
import tempfile


def take(args, flag, n=1):
    out = []
    while flag in args:
        i = args.index(flag)
        out.append(args[i + 1:i + 1 + n])
        del args[i:i + 1 + n]
    return out


def main():
    args = sys.argv[1:]
    events = take(args, "--events")[0][0]
    interval = take(args, "--interval")[0][0]
    exact = [e[0] for e in take(args, "--exact")]
    scaled = take(args, "--scaled", 2)
    fireplane, config = os.path.abspath(args[0]), os.path.abspath(args[1])
    program = [os.path.abspath(args[2])] + args[3:]
    with tempfile.TemporaryDirectory() as work:
        samples, stats = os.path.join(work, "busstat.txt"), os.path.join(work, "stats.json")
        cmd = [fireplane, "run", "-q", "--config", config, "--stats", stats, "--busstat", events,
               "--interval", interval, "--busstat-out", samples, "--"] + program
        p = subprocess.run(cmd, cwd=work, stdin=subprocess.DEVNULL, capture_output=True,
                           timeout=300)
        if p.returncode != 0:
            print(f"FAIL: exit code {p.returncode}: {p.stderr.decode()[-500:]}")
            return 1
        lines = open(samples).read().splitlines()
        doc = json.load(open(stats))
    carried = sum(v["value"] for v in doc["fireplane"]["transactions"].values())
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
        good = sums.get(e) == carried
        print(("ok  " if good else "FAIL") + f" {e}: samples sum to {sums.get(e)}, bus {carried}")
        ok = ok and good
    for e, pct in scaled:
        est = totals.get(e, -1)
        good = carried > 0 and abs(est - carried) <= carried * float(pct) / 100
        print(("ok  " if good else "FAIL") + f" {e}: scaled {est} within {pct}% of {carried}")
        ok = ok and good
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
