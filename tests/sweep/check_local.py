#!/usr/bin/python3
"""scripts/sweep end to end on the local backend:

  - a 2x2 E$ grid (size, ways) for two programs in the detailed model makes a
    results.csv with a row per point, all done; each program retires the same
    instructions at every point, a smaller E$ never lowers its E$ misses, and the
    program with the larger working set has a higher CPI in the smaller E$;
    the plot is a PNG;
  - a rerun runs nothing (every point is done), quickly, and writes the same table;
  - a point whose program exits with a code the manifest does not expect, and
    points whose --set value is wrong, are reported as FAILED with their logs,
    the sweep exits 1, and a rerun runs the failed point again;
  - a wrong manifest is one line with FILE:LINE and exit 2.

usage: check_local.py FIREPLANE SW_DIR   (SW_DIR: the build's sw/, with tests/ programs)
"""
import csv
import os
import subprocess
import sys
import tempfile
import textwrap
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.realpath(__file__)), "..", "..", "python"))
from fireplane_tools import checks, simulator  # noqa: E402

SWEEP = os.path.join(simulator.REPO_ROOT, "scripts", "sweep")
UNI = os.path.join(simulator.REPO_ROOT, "configs", "uni.yaml")
# A run long enough to leave its start-up (about 100k instructions) for its kernel.
MAX_INSTRUCTIONS = 400000
# mem_string streams buffers larger than 64 KiB; int_arith lives in its registers.
GRID_MANIFEST = """\
name: grid
config: {uni}
model: detailed
args: [--max-instructions, {max_insns}]
exit_codes: [0, 124]
programs:
  - {{name: mem_string, argv: [{sw}/tests/mem_string]}}
  - {{name: int_arith, argv: [{sw}/tests/int_arith]}}
grid:
  'cpu*.ecache.size': [64KiB, 8MiB]
  'cpu*.ecache.ways': [1, 2]
metrics: [cpi, ecache_mpki, bus_transactions_per_kinst]
plot: {{x: 'cpu*.ecache.size', metrics: [cpi, bus_transactions_per_kinst]}}
"""
FAILING_MANIFEST = """\
name: failing
config: {uni}
programs:
  - {{name: return42, argv: [{sw}/tests/return42]}}
  - {{name: return42_expected, argv: [{sw}/tests/return42], exit_codes: 42}}
points:
  - {{'cpu*.ecache.size': 1MiB}}
  - {{'cpu*.ecache.size': banana}}
"""
BAD_MANIFEST = "programs:\n  - argv: [{sw}/tests/return42]\nmodel: fast\n"


def check(report, ok, what, detail=None):
    """report.check, and on a failure what was seen, indented."""
    if not report.check(ok, what) and detail is not None:
        print(textwrap.indent(str(detail).rstrip("\n"), "     "))


def sweep(*args):
    t0 = time.monotonic()
    r = subprocess.run([SWEEP] + list(args), stdin=subprocess.DEVNULL, capture_output=True,
                       text=True, timeout=150)
    return r, time.monotonic() - t0


def write(work, name, template, sw):
    path = os.path.join(work, name)
    with open(path, "w") as f:
        f.write(template.format(uni=UNI, sw=sw, max_insns=MAX_INSTRUCTIONS))
    return path


def read_table(out):
    with open(os.path.join(out, "results.csv"), newline="") as f:
        return list(csv.DictReader(f))


def check_grid(report, fireplane, work, sw):
    manifest = write(work, "grid.yaml", GRID_MANIFEST, sw)
    out = os.path.join(work, "grid")
    r, seconds = sweep(manifest, "--out", out, "--fireplane", fireplane, "--jobs", "2")
    check(report, r.returncode == 0, f"the grid sweep exits 0 ({seconds:.1f} s)",
          r.stdout + r.stderr)
    rows = read_table(out)
    check(report, len(rows) == 8 and all(row["status"] == "done" for row in rows),
          "results.csv has 8 rows, all done", [row["status"] for row in rows])
    by_program = {}
    for row in rows:
        by_program.setdefault(row["program"], {})[
            (row["cpu*.ecache.size"], row["cpu*.ecache.ways"])] = row
    for program, points in sorted(by_program.items()):
        insns = {row["instructions"] for row in points.values()}
        check(report, len(insns) == 1, f"{program}: the same instructions at every point",
              sorted(insns))
        for ways in ("1", "2"):
            small, large = points[("64KiB", ways)], points[("8MiB", ways)]
            check(report, float(small["ecache_misses"]) >= float(large["ecache_misses"]),
                  f"{program}, {ways}-way: no fewer E$ misses in 64 KiB than in 8 MiB",
                  (small["ecache_misses"], large["ecache_misses"]))
    streaming = by_program["mem_string"]
    for ways in ("1", "2"):
        small, large = streaming[("64KiB", ways)], streaming[("8MiB", ways)]
        check(report, float(small["cpi"]) > float(large["cpi"]),
              f"mem_string, {ways}-way: CPI higher in a 64 KiB E$ than in 8 MiB",
              (small["cpi"], large["cpi"]))
    keys = {row["key"] for row in rows}
    check(report, len(keys) == 8, "each point has its own key", sorted(keys))
    with open(os.path.join(out, "plot.png"), "rb") as f:
        check(report, f.read(8) == b"\x89PNG\r\n\x1a\n", "plot.png is a PNG")

    with open(os.path.join(out, "results.csv")) as f:
        first_table = f.read()
    again, seconds = sweep(manifest, "--out", out, "--fireplane", fireplane)
    check(report, again.returncode == 0 and "8 points, 0 to run" in again.stdout,
          f"a rerun runs nothing ({seconds:.1f} s)", again.stdout + again.stderr)
    check(report, seconds < 15, "and takes little time", f"{seconds:.1f} s")
    with open(os.path.join(out, "results.csv")) as f:
        check(report, f.read() == first_table, "and writes the same results.csv")


def check_failures(report, fireplane, work, sw):
    manifest = write(work, "failing.yaml", FAILING_MANIFEST, sw)
    out = os.path.join(work, "failing")
    r, _ = sweep(manifest, "--out", out, "--fireplane", fireplane)
    text = r.stdout + r.stderr
    check(report, r.returncode == 1, "a sweep with failed points exits 1", text)
    check(report, "4 points, 2 to run, 2 with a machine that does not resolve" in r.stdout,
          "points whose --set is wrong are not run", text)
    check(report, "4 points: 1 done, 3 failed, 0 not run" in r.stdout,
          "the expected exit code counts as done; the rest failed", text)
    check(report, "FAILED  return42 cpu*.ecache.size=1MiB" in r.stdout and "exit code 42" in text,
          "an unexpected exit code is a FAILED point", text)
    check(report, "the machine did not resolve" in text and "bad bytes value 'banana'" in text,
          "a wrong --set value is a FAILED point, its log the simulator's error", text)
    statuses = sorted(row["status"] for row in read_table(out))
    check(report, statuses == ["done", "failed", "failed", "failed"],
          "results.csv has all four points", statuses)
    again, _ = sweep(manifest, "--out", out, "--fireplane", fireplane)
    check(report, again.returncode == 1 and "4 points, 1 to run" in again.stdout,
          "a rerun runs the failed point again", again.stdout + again.stderr)


def check_bad_manifest(report, fireplane, work, sw):
    manifest = write(work, "bad.yaml", BAD_MANIFEST, sw)
    r, _ = sweep(manifest, "--fireplane", fireplane)
    expected = f"{manifest}:3: model 'fast' is none of functional, fixed, detailed\n"
    check(report, r.returncode == 2 and r.stderr == expected,
          "a wrong manifest is one line naming FILE:LINE, exit 2", r.stderr)


def main():
    if len(sys.argv) != 3:
        print(__doc__.strip().splitlines()[-1], file=sys.stderr)
        return 2
    fireplane, sw = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    report = checks.Report()
    with tempfile.TemporaryDirectory(prefix="sweep-local-") as work:
        check_grid(report, fireplane, work, sw)
        check_failures(report, fireplane, work, sw)
        check_bad_manifest(report, fireplane, work, sw)
    return report.status()


if __name__ == "__main__":
    sys.exit(main())
