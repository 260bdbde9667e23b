#!/usr/bin/env python3
"""The analyzer on a program with known hot spots (sw/profiling/hotspots.c):
miss_loads() misses the D$ on every load, compute() only computes and takes
the most cycles. Collected with cycles and +dcrm and --exact, the analyzer
must rank miss_loads first by dcrm and compute first by cycles, and for every
function with at least MIN_PACKETS packets of a counter, the sampled estimate
(packets x overflow) must be within MAX_ERROR of the exact count.

  check_hotspots.py FIREPLANE HOTSPOTS
"""
import os
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.realpath(__file__)), "..", "..", "python"))
from fireplane_tools import checks, tables  # noqa: E402

from fireplane_tools.checks import fail_now as fail  # noqa: E402

MIN_PACKETS = 20
MAX_ERROR = 0.05  # the stated error: 5% of the exact count


def table(fireplane, exp, *commands):
    """The first table of an analyzer listing (truth adds a backtracking table)."""
    return tables.records(checks.run_or_fail([fireplane, "analyze", exp, "--tsv", *commands]))


def main():
    fireplane, hotspots = sys.argv[1:3]
    overflow = {"cycles": 100003, "dcrm": 1009}
    with tempfile.TemporaryDirectory() as tmp:
        exp = os.path.join(tmp, "hot.er")
        checks.run_or_fail([fireplane, "collect", "-q", "-o", exp, "-h",
                            f"cycles,{overflow['cycles']}", "-h", f"+dcrm,{overflow['dcrm']}",
                            "--skid", "1", "--exact", "--", hotspots, "4", "1000000"])
        by_dcrm = [r for r in table(fireplane, exp, "sort", "e.dcrm", "functions")
                   if r["name"] != "<Total>"]
        by_cycles = [r for r in table(fireplane, exp, "sort", "e.cycles", "functions")
                     if r["name"] != "<Total>"]
        truth = {r["name"]: r for r in table(fireplane, exp, "truth")}
        objects = {r["name"]: r for r in table(fireplane, exp, "data_objects")}

    print("by dcrm:  ", [(r["name"], r["e.dcrm"]) for r in by_dcrm[:3]])
    print("by cycles:", [(r["name"], r["e.cycles"]) for r in by_cycles[:3]])
    if by_dcrm[0]["name"] != "miss_loads":
        fail("miss_loads is not first by dcrm")
    if by_cycles[0]["name"] != "compute":
        fail("compute is not first by cycles")
    names = [r["name"] for r in by_cycles]
    if names.index("compute") > names.index("miss_loads"):
        fail("compute ranks below miss_loads by cycles")
    compute = next(r for r in by_dcrm if r["name"] == "compute")
    if int(compute["e.dcrm"]) != 0:
        fail("compute has D$ read misses, but it never loads")

    checked = 0
    for name, row in truth.items():
        if name == "<Total>":
            continue
        for counter, value in overflow.items():
            sampled, exact = int(row[f"{counter}.sampled"]), int(row[f"{counter}.exact"])
            if sampled // value < MIN_PACKETS:
                continue
            error = abs(sampled - exact) / exact
            print(f"{name:12s} {counter:6s} sampled {sampled:10d} exact {exact:10d} "
                  f"error {100 * error:.2f}%")
            checked += 1
            if error > MAX_ERROR:
                fail(f"{name} {counter}: estimate off by {100 * error:.1f}% (> {100 * MAX_ERROR}%)")
    if checked < 3:
        fail(f"only {checked} function/counter pairs had {MIN_PACKETS} packets")
    if "buffer" not in objects:
        fail("data_objects does not name the buffer the misses come from")
    share = int(objects["buffer"]["e.dcrm"]) / int(objects["<Total>"]["e.dcrm"])
    print(f"buffer: {100 * share:.1f}% of dcrm")
    if share < 0.95:
        fail("the buffer should hold nearly all D$ read misses")
    print("PASS")


if __name__ == "__main__":
    main()
