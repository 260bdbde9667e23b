#!/usr/bin/env python3
"""Warming on compiled blocks (models/cpu/warming_timing.h) leaves what warming
one instruction at a time leaves: a sampled run of PROGRAM with compiled
blocks (configs/uni.yaml) and with the interpreter (tests/qemu/
interpreter.yaml) gives the same exit code, output and statistics, every one
but the host's figures and sampling.block_instructions. That one must say
the blocks ran: above 0 with blocks, 0 without.

  check_warming_blocks.py FIREPLANE [--sample N] [--max-instructions N] -- PROGRAM [ARGS...]
"""
import argparse
import os
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.realpath(__file__)), "..", "..", "python"))
from fireplane_tools import sampling, simulator, stats  # noqa: E402

CONFIGS = {"blocks": os.path.join(simulator.REPO_ROOT, "configs", "uni.yaml"),
           "interpreter": os.path.join(simulator.REPO_ROOT, "tests", "qemu", "interpreter.yaml")}
COUNT = "sampling.block_instructions"


def sampled(fireplane, config, args, program, stats_file):
    """(exit code, stdout, statistics less the host's and COUNT, COUNT)."""
    options = ["--sample", str(args.sample)]
    if args.max_instructions:
        options += ["--max-instructions", str(args.max_instructions)]
    r = sampling.checked_run(fireplane, program, config, "detailed", options, stats_file)
    flat = stats.flatten(stats.without_host(r.stats))
    count = flat.pop(COUNT, None)
    if count is None:
        sys.exit(f"FAIL: no statistic {COUNT}")
    return r.returncode, r.stdout, flat, count


def main():
    argv = sys.argv[1:]
    if "--" not in argv:
        sys.exit(__doc__)
    split = argv.index("--")
    ap = argparse.ArgumentParser()
    ap.add_argument("fireplane")
    ap.add_argument("--sample", type=int, default=20000)
    ap.add_argument("--max-instructions", type=int, default=0)
    args = ap.parse_args(argv[:split])
    program = argv[split + 1:]
    with tempfile.TemporaryDirectory() as work:
        (rc_b, out_b, flat_b, n_b), (rc_i, out_i, flat_i, n_i) = (
            sampled(args.fireplane, config, args, program, os.path.join(work, f"{name}.json"))
            for name, config in CONFIGS.items())
    failures = []
    if (rc_b, out_b) != (rc_i, out_i):
        failures.append(f"exit code or output differ: {rc_b} (blocks) against {rc_i}")
    differ = [k for k in sorted(set(flat_b) | set(flat_i)) if flat_b.get(k) != flat_i.get(k)]
    if differ:
        failures.append(f"{len(differ)} statistics differ, such as:\n" + "\n".join(
            f"  {k}: {flat_b.get(k)} (blocks) against {flat_i.get(k)} (interpreter)"
            for k in differ[:10]))
    if not n_b > 0:
        failures.append(f"warming ran no instruction in compiled blocks ({n_b})")
    if n_i != 0:
        failures.append(f"the interpreter's run counts {n_i} instructions in blocks")
    units = flat_b.get("sampling.units", 0)
    if not units > 0:
        failures.append("no unit was measured")
    for f in failures:
        print(f"FAIL: {f}")
    if not failures:
        print(f"identical: exit code, output and {len(flat_b)} statistics over {units:.0f} "
              f"units; {n_b:.0f} instructions warmed in compiled blocks")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
