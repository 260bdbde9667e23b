#!/usr/bin/env python3
"""Checks `fireplane collect` experiments against what the simulator knows.

  check_collect.py FIREPLANE PROGRAM counts   [-- collect options]
      every counter's packets equal its wraps: floor(exact events / overflow)
  check_collect.py FIREPLANE PROGRAM skid N
      on hotspots' miss loop (ldx; add; add base; deccc; bne; nop) the
      interrupted PC is N+1 instructions after the load, and backtracking
      finds the load (and its address while the base register survives)
  check_collect.py FIREPLANE PROGRAM threads CONFIG
      a threaded program's packets come from several CPUs and threads
  check_collect.py FIREPLANE PROGRAM deterministic
      two identical collects give identical experiments
The experiment files are read directly (docs/experiment-format.md), so these
checks do not depend on the analyzer.
"""
import collections
import os
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.realpath(__file__)), "..", "..", "python"))
from fireplane_tools import checks, experiments  # noqa: E402

from fireplane_tools.checks import fail_now as fail  # noqa: E402


def collect(fireplane, program, out, options, args=()):
    """(info, packets, exact) of a `fireplane collect` run; the end of the check if it fails."""
    checks.run_or_fail([fireplane, "collect", "-q", "-o", out] + list(options) + ["--", program]
                       + list(args))
    return experiments.load(out)


def check_counts(fireplane, program, options):
    with tempfile.TemporaryDirectory() as tmp:
        exp, rows, exact = collect(fireplane, program, os.path.join(tmp, "e.er"),
                                   options + ["--exact"], ["2", "200000"])
    for c in exp["counters"]:
        k = c["index"]
        total = sum(exact[k].values())
        wraps = total // c["overflow"]
        packets = sum(1 for r in rows if int(r["counter"]) == k)
        print(f"{c['name']}: {total} events, overflow {c['overflow']}: "
              f"{wraps} wraps, {packets} packets")
        if wraps < 5:
            fail(f"{c['name']}: too few wraps ({wraps}) for a meaningful check")
        # A wrap within the skid of the program's end is never delivered.
        if not (wraps - exp["cpus"] <= packets <= wraps):
            fail(f"{c['name']}: {packets} packets for {wraps} wraps")
    if len(rows) != exp["packets"]:
        fail("experiment.json's packet count disagrees with packets.tsv")
    print("PASS")


def check_skid(fireplane, program, skid):
    if not 0 <= skid <= 5:
        sys.exit("skid mode covers 0..5: beyond, the interrupt lands in a later iteration")
    with tempfile.TemporaryDirectory() as tmp:
        exp, rows, _ = collect(fireplane, program, os.path.join(tmp, "e.er"),
                               ["-h", "+dcrm,101", "--skid", str(skid)], ["2", "1000"])
    if exp["skid"] != skid or not exp["counters"][0]["backtrack"]:
        fail("experiment.json does not record the skid and backtracking")
    # The loop's load causes nearly every D$ read miss: the commonest true PC.
    load_pc = collections.Counter(r["true_pc"] for r in rows).most_common(1)[0][0]
    loop = [r for r in rows if r["true_pc"] == load_pc]
    if len(loop) < 100:
        fail(f"only {len(loop)} packets from the miss loop")
    ldx = int(load_pc, 16)
    # Execution order after the load: +4 +8 +12 +16 +20 (delay slot), then the load again.
    expected_pc = ldx + 4 * (skid + 1) if skid < 5 else ldx
    bad_pc = [r for r in loop if int(r["pc"], 16) != expected_pc]
    if bad_pc:
        fail(f"{len(bad_pc)} packets with pc != {expected_pc:#x} (first {bad_pc[0]['pc']})")
    found = sum(r["cand_pc"] == r["true_pc"] for r in loop)
    with_ea = sum(r["cand_ea"] == r["true_ea"] for r in loop)
    no_ea = sum(r["cand_ea"] == "-" for r in loop)
    print(f"skid {skid}: {len(loop)} packets from the load at {load_pc}; backtracking found it "
          f"in {found}, with its address in {with_ea}")
    if skid <= 1:  # only the sum register was written since: the address is recomputed
        ok = found == len(loop) and with_ea == len(loop)
    elif skid <= 4:  # `add base, stride` overwrote the address register
        ok = found == len(loop) and no_ea == len(loop)
    else:  # the interrupt lands on the load itself: searching back cannot find it
        ok = found == 0
    if not ok:
        fail("backtracking did not behave as the loop's layout implies")
    print("PASS")


def check_threads(fireplane, program, config):
    with tempfile.TemporaryDirectory() as tmp:
        exp, rows, _ = collect(fireplane, program, os.path.join(tmp, "e.er"),
                               ["-c", config, "-h", "insts,20011"], ["4"])
    cpus = {r["cpu"] for r in rows}
    tids = {r["tid"] for r in rows}
    print(f"{len(rows)} packets from CPUs {sorted(cpus)} and threads {sorted(tids)}")
    if exp["cpus"] < 2 or len(cpus) < 2 or len(tids) < 3:
        fail("expected packets from every CPU and several threads")
    if any(not r["stack"] for r in rows):
        fail("a packet without a call stack")
    print("PASS")


def check_deterministic(fireplane, program):
    with tempfile.TemporaryDirectory() as tmp:
        outs = []
        for n in (1, 2):
            folder = os.path.join(tmp, f"e{n}.er")
            collect(fireplane, program, folder, ["-h", "cycles,100003", "-h", "+dcrm,1009"],
                    ["1", "50000"])
            with open(os.path.join(folder, "packets.tsv")) as f:
                outs.append(f.read())
    if outs[0] != outs[1] or outs[0].count("\n") < 20:
        fail("two identical collects differ (or recorded nothing)")
    print("PASS")


def main():
    fireplane, program, mode = sys.argv[1:4]
    rest = sys.argv[4:]
    if mode == "counts":
        check_counts(fireplane, program, [a for a in rest if a != "--"])
    elif mode == "skid":
        check_skid(fireplane, program, int(rest[0]))
    elif mode == "threads":
        check_threads(fireplane, program, rest[0])
    elif mode == "deterministic":
        check_deterministic(fireplane, program)
    else:
        sys.exit(f"unknown mode {mode}")


if __name__ == "__main__":
    main()
