#!/usr/bin/env python3
"""The CPI stack's invariant: for every CPU of a run, the causes
(cpuN.cpi.*) sum exactly to its cycles (cpuN.cycles) and to Cycle_cnt counted
in both modes (cpuN.counters.Cycle_cnt).

  check_cpi_sum.py STATS.json [--min-cpus N]

Exits 1 naming the CPU and the three numbers when they differ, or when fewer
than N CPUs ran an instruction."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.realpath(__file__)), "..", "..", "python"))
from fireplane_tools import stats  # noqa: E402


def main(argv):
    if len(argv) not in (2, 4) or (len(argv) == 4 and argv[2] != "--min-cpus"):
        print(__doc__, file=sys.stderr)
        return 2
    doc = stats.load(argv[1])
    min_cpus = int(argv[3]) if len(argv) == 4 else 1
    ran = 0
    for name, group in sorted(doc.items()):
        if not isinstance(group, dict) or "cpi" not in group:
            continue
        cycles = group["cycles"]["value"]
        cycle_cnt = group["counters"]["Cycle_cnt"]["value"]
        stack = {k: v["value"] for k, v in group["cpi"].items()}
        total = sum(stack.values())
        if total != cycles or cycle_cnt != cycles:
            print(f"FAIL: {name}: the CPI stack sums to {total:.0f}, cycles {cycles:.0f}, "
                  f"Cycle_cnt {cycle_cnt:.0f}: {stack}")
            return 1
        ran += group["instructions"]["value"] > 0
    if ran < min_cpus:
        print(f"FAIL: {ran} CPUs ran, expected at least {min_cpus}")
        return 1
    print(f"ok: the CPI stack sums to the cycles on {ran} CPUs")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
