#!/usr/bin/env python3
"""`fireplane analyze cpi` on the program with known hot spots
(sw/profiling/hotspots.c), collected with --exact in the detailed model:
miss_loads() misses the D$ on every load, compute() only computes. The CPI
stack per function must say so: most of miss_loads' cycles are D$ misses,
compute's are Base; and the <Total> row must hold exactly the cycles and
instructions of the same run's statistics, and be the sum of the functions.

  check_cpi_functions.py FIREPLANE HOTSPOTS UNI.yaml
"""
import os
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.realpath(__file__)), "..", "..", "python"))
from fireplane_tools import checks, stats, tables  # noqa: E402

from fireplane_tools.checks import fail_now as fail  # noqa: E402


def main():
    fireplane, hotspots, machine = sys.argv[1:4]
    with tempfile.TemporaryDirectory() as tmp:
        exp = os.path.join(tmp, "hot.er")
        checks.run_or_fail([fireplane, "collect", "-q", "-o", exp, "-h", "cycles,100003",
                            "--exact", "--set", "simulation.model=detailed", "--", hotspots])
        rows = tables.records(checks.run_or_fail([fireplane, "analyze", exp, "--tsv", "cpi"]))
        checks.run_or_fail([fireplane, "run", "-q", "-c", machine, "--model", "detailed",
                            "--stats", os.path.join(tmp, "s.json"), hotspots])
        doc = stats.load(os.path.join(tmp, "s.json"))
    by_name = {r["name"]: r for r in rows}
    total = by_name["<Total>"]
    causes = [c for c in rows[0] if c not in ("cycles", "instructions", "CPI", "name")]
    print({k: total[k] for k in ["cycles", "instructions"] + causes})
    if int(total["cycles"]) != stats.value(doc, "cpu0.cycles"):
        fail(f"<Total> has {total['cycles']} cycles, the run {stats.value(doc, 'cpu0.cycles')}")
    if int(total["instructions"]) != stats.value(doc, "cpu0.instructions"):
        fail(f"<Total> has {total['instructions']} instructions, the run "
             f"{stats.value(doc, 'cpu0.instructions')}")
    for column in ["cycles", "instructions"] + causes:
        functions = sum(int(r[column]) for r in rows if r["name"] != "<Total>")
        if functions != int(total[column]):
            fail(f"{column}: the functions sum to {functions}, <Total> says {total[column]}")
    for r in rows:
        if sum(int(r[c]) for c in causes) != int(r["cycles"]):
            fail(f"{r['name']}: its causes do not sum to its cycles")
    miss, compute = by_name["miss_loads"], by_name["compute"]
    if int(miss["dc_miss"]) < 0.5 * int(miss["cycles"]):
        fail(f"miss_loads: only {miss['dc_miss']} of {miss['cycles']} cycles are D$ misses")
    if int(compute["base"]) < 0.9 * int(compute["cycles"]):
        fail(f"compute: only {compute['base']} of {compute['cycles']} cycles are Base")
    print(f"ok: miss_loads CPI {miss['CPI']} (dc_miss {miss['dc_miss']} cycles), "
          f"compute CPI {compute['CPI']}")


if __name__ == "__main__":
    main()
